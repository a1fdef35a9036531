import { useMutation } from '@tanstack/react-query';
import type { SubmitMissionInput } from '@mm/shared';
import { api } from '../../../lib/api-client';
import { useInvalidateChecklist } from '../../../entities/checklist/api/invalidate-checklist';

/** `POST /api/observations/submit_mission` → 201 `{checklist_id}`; idempotent on `idempotency_key`. */
export const submitMission = (input: SubmitMissionInput) =>
  api.post<{ checklist_id: number }>('/observations/submit_mission', input);

/**
 * `PUT /api/checklists/:id/mission`: replaces a Mission while all of it is Pending.
 * @throws ApiRequestError 403 (not mine), 409 (already reviewed), 400 (invalid)
 */
export const updateMission = (id: number, input: SubmitMissionInput) =>
  api.put<{ checklist_id: number }>(`/checklists/${id}/mission`, input);

/** Saves a Mission: a new one (`editId` null) or a replacement; refreshes my lists, my sites, Explore and that checklist. */
export function useSaveMission(editId: number | null) {
  const invalidate = useInvalidateChecklist();
  return useMutation({
    mutationFn: (input: SubmitMissionInput) => (editId === null ? submitMission(input) : updateMission(editId, input)),
    onSuccess: (res) => invalidate(res.checklist_id),
  });
}
