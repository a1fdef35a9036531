import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { OBSERVATION_PAGE_SIZE, type ExploreFilters, type ObservationListResponse } from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/explore-url';

/**
 * One page of the filtered observation list (`GET /api/observations`, spec §7), newest first.
 * @param page 1-based; @param limit at most 50 (spec §9)
 * @throws ApiRequestError 400 on a filter the server refuses
 */
export const getExploreObservations = (filters: ExploreFilters, page: number, limit = OBSERVATION_PAGE_SIZE) =>
  api.get<ObservationListResponse>('/observations', { ...filtersToQuery(filters), page, limit });

/**
 * Pages from `firstPage` on, for "Load more": each next page is appended below the ones shown.
 * Keyed under `['observations']`, which every save, edit and delete invalidates.
 */
export const getExploreObservationsQueryOptions = (filters: ExploreFilters, firstPage: number) =>
  infiniteQueryOptions({
    queryKey: ['observations', 'explore', filtersToQuery(filters), firstPage],
    queryFn: ({ pageParam }) => getExploreObservations(filters, pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.paginator.hasNext ? last.paginator.current + 1 : undefined),
    placeholderData: keepPreviousData,
    meta: SILENT_QUERY,
  });

export const useExploreObservations = (filters: ExploreFilters, firstPage: number) =>
  useInfiniteQuery(getExploreObservationsQueryOptions(filters, firstPage));
