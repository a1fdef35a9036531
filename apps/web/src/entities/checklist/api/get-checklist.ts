import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChecklistDetail } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * One checklist with its site, observations and photos (`GET /api/checklists/:id`).
 * @throws ApiRequestError 404 when nothing of it is visible to the requester
 */
const getChecklist = (checklistId: number) => api.get<ChecklistDetail>(`/checklists/${checklistId}`);

const isId = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0;

/** Keyed `['checklists', id]`, which saves, edits and deletes invalidate; idle for a non-id. */
export const getChecklistQueryOptions = (checklistId: number | null) =>
  queryOptions({
    queryKey: ['checklists', checklistId],
    queryFn: () => getChecklist(checklistId ?? 0),
    enabled: isId(checklistId),
  });

/** The checklist of Flash Detail, Mission details and both edit forms; idle while `checklistId` is null. */
export const useChecklist = (checklistId: number | null) => useQuery(getChecklistQueryOptions(checklistId));
