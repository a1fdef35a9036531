import { useQueryClient } from '@tanstack/react-query';

/**
 * Marks a saved, edited or deleted checklist and every list it appears in (my submissions, my
 * Missions, my sites, Explore) as stale.
 * `refetchChecklist: false` after a delete: refetching the page's own checklist would only answer 404.
 */
export function useInvalidateChecklist() {
  const queryClient = useQueryClient();
  return (checklistId: number, refetchChecklist = true) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: ['checklists', checklistId],
        refetchType: refetchChecklist ? 'active' : 'none',
      }),
      queryClient.invalidateQueries({ queryKey: ['checklists', 'mine'] }),
      queryClient.invalidateQueries({ queryKey: ['sites', 'mine'] }),
      queryClient.invalidateQueries({ queryKey: ['sites', 'monitored'] }),
      queryClient.invalidateQueries({ queryKey: ['observations'] }),
    ]);
}
