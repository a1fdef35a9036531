import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INITIAL_PAGE_LIMIT, type MySubmissionsResponse } from '@mm/shared';
import { api } from '../../../lib/api-client';

export type ChecklistKind = 'flash' | 'mission';

/** One page of the signed-in user's Flash submissions or Missions, newest first (`GET /api/checklists/mine?kind=`). */
const getMyChecklists = (kind: ChecklistKind, page: number, limit = INITIAL_PAGE_LIMIT) =>
  api.get<MySubmissionsResponse>('/checklists/mine', { kind, page, limit });

/** Keyed `['checklists', 'mine', kind, {page, limit}]`; the previous page stays shown while the next loads. */
const getMyChecklistsQueryOptions = (kind: ChecklistKind, page: number, limit = INITIAL_PAGE_LIMIT) =>
  queryOptions({
    queryKey: ['checklists', 'mine', kind, { page, limit }],
    queryFn: () => getMyChecklists(kind, page, limit),
    placeholderData: keepPreviousData,
  });

/** The data of Flash Submissions (`kind` flash) and Missions (`kind` mission). */
export const useMyChecklists = (kind: ChecklistKind, page: number, limit?: number) =>
  useQuery(getMyChecklistsQueryOptions(kind, page, limit));
