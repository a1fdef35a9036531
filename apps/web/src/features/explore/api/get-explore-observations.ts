import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  DEFAULT_EXPLORE_SORT,
  OBSERVATION_PAGE_SIZE,
  type ExploreFilters,
  type ExploreSort,
  type ObservationListResponse,
} from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/explore-url';

/**
 * One page of the filtered observation list (`GET /api/observations`, spec §7), newest observed
 * (or submitted, `sort`) first.
 * @param page 1-based; @param limit at most 50 (spec §9)
 * @throws ApiRequestError 400 on a filter the server refuses
 */
export const getExploreObservations = (
  filters: ExploreFilters,
  page: number,
  sort: ExploreSort = DEFAULT_EXPLORE_SORT,
  limit = OBSERVATION_PAGE_SIZE,
) => api.get<ObservationListResponse>('/observations', { ...filtersToQuery(filters), sort, page, limit });

/**
 * Pages from `firstPage` on, for "Load more": each next page is appended below the ones shown.
 * Keyed under `['observations']`, which every save, edit and delete invalidates.
 */
export const getExploreObservationsQueryOptions = (
  filters: ExploreFilters,
  firstPage: number,
  sort: ExploreSort = DEFAULT_EXPLORE_SORT,
) =>
  infiniteQueryOptions({
    queryKey: ['observations', 'explore', filtersToQuery(filters), sort, firstPage],
    queryFn: ({ pageParam }) => getExploreObservations(filters, pageParam, sort),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.paginator.hasNext ? last.paginator.current + 1 : undefined),
    placeholderData: keepPreviousData,
    meta: SILENT_QUERY,
  });

export const useExploreObservations = (filters: ExploreFilters, firstPage: number, sort?: ExploreSort) =>
  useInfiniteQuery(getExploreObservationsQueryOptions(filters, firstPage, sort));
