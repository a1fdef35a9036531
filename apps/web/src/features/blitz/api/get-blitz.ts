import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlitzReport } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/blitz/current` (no id: the event running today, else the latest started, else the next)
 * or `GET /api/blitz/{id}`: the event and its live totals. 404 when there is none.
 */
const getBlitz = (id: number | null) => api.get<BlitzReport>(id === null ? '/blitz/current' : `/blitz/${id}`);

/** Kept under `['observations']`, which every save invalidates: a new sighting shows in the totals. */
const getBlitzQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['observations', 'blitz', id ?? 'current'],
    queryFn: () => getBlitz(id),
    staleTime: 60_000,
  });

/** @param enabled false for an id that cannot exist (not asked for) */
export const useBlitz = (id: number | null, enabled = true) => useQuery({ ...getBlitzQueryOptions(id), enabled });
