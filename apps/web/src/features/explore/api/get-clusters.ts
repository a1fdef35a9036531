import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClusterResponse, ExploreFilters, Viewport } from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/explore-url';

/**
 * Map clusters of the filtered observations inside a viewport (`GET /api/observations/clusters`).
 * @throws ApiRequestError 400 on a bad viewport or filter
 */
export const getClusters = (filters: ExploreFilters, viewport: Viewport) =>
  api.get<ClusterResponse>('/observations/clusters', { ...filtersToQuery(filters), ...viewport });

/** The query key of the clusters of `viewport` under `filters` (to put an answer got elsewhere in the cache). */
export const clustersQueryKey = (filters: ExploreFilters, viewport: Viewport | null) =>
  ['observations', 'clusters', filtersToQuery(filters), viewport] as const;

const getClustersQueryOptions = (filters: ExploreFilters, viewport: Viewport | null) =>
  queryOptions({
    queryKey: clustersQueryKey(filters, viewport),
    queryFn: () => getClusters(filters, viewport as Viewport),
    enabled: viewport !== null,
    // The previous clusters stay on the map while the new viewport's load.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: SILENT_QUERY,
  });

/** The clusters of the viewport; idle until the map has reported one. */
export const useClusters = (filters: ExploreFilters, viewport: Viewport | null) =>
  useQuery(getClustersQueryOptions(filters, viewport));
