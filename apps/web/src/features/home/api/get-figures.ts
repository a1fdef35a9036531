import { queryOptions } from '@tanstack/react-query';
import type { FiguresResponse } from '@mm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/utilities/figures`: visible observations this season and in all, volunteers, sites. */
const getFigures = () => api.get<FiguresResponse>('/utilities/figures');

/**
 * Keyed under `['observations']`, which every save invalidates, so a new sighting shows in the count.
 * The home page prefetches it at its first render; `useFigures` (use-figures.ts, loaded with the strip) reads it.
 */
export const getFiguresQueryOptions = () =>
  queryOptions({ queryKey: ['observations', 'figures'], queryFn: getFigures, staleTime: 60_000 });
