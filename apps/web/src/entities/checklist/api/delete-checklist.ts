import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateChecklist } from './invalidate-checklist';

/**
 * Deletes a submission (`DELETE /api/checklists/:id` → 204): its observations take status Deleted.
 * @throws ApiRequestError 403 not the owner, 409 no longer Pending, 404 unknown
 */
const deleteChecklist = (checklistId: number) => api.delete<null>(`/checklists/${checklistId}`);

/** Mutation of the Flash Detail and Mission details delete buttons; `mutate(checklistId)`. */
export function useDeleteChecklist() {
  const invalidate = useInvalidateChecklist();
  return useMutation({
    mutationFn: deleteChecklist,
    onSuccess: (_data, checklistId) => invalidate(checklistId, false),
  });
}
