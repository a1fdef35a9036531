import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DensityResponse, ExploreFilters } from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/explore-url';

/**
 * Eggs + caterpillars per 100 milkweed stems of the Missions matching the filters
 * (`GET /api/observations/density`): per ISO week, province and 1° cell.
 * @throws ApiRequestError 400 on a filter the server refuses
 */
const getDensity = (filters: ExploreFilters) =>
  api.get<DensityResponse>('/observations/density', filtersToQuery(filters));

const getDensityQueryOptions = (filters: ExploreFilters) =>
  queryOptions({
    queryKey: ['observations', 'density', filtersToQuery(filters)],
    queryFn: () => getDensity(filters),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: SILENT_QUERY,
  });

export const useDensity = (filters: ExploreFilters) => useQuery(getDensityQueryOptions(filters));
