import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExploreFilters, ExploreStats } from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/explore-url';

/**
 * Chart figures of the filtered observations (`GET /api/observations/stats`): per ISO week and
 * life stage, and per province.
 * @throws ApiRequestError 400 on a filter the server refuses
 */
const getExploreStats = (filters: ExploreFilters) =>
  api.get<ExploreStats>('/observations/stats', filtersToQuery(filters));

const getExploreStatsQueryOptions = (filters: ExploreFilters) =>
  queryOptions({
    queryKey: ['observations', 'stats', filtersToQuery(filters)],
    queryFn: () => getExploreStats(filters),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: SILENT_QUERY,
  });

/** The chart figures; idle while `enabled` is false (charts folded away). */
export const useExploreStats = (filters: ExploreFilters, enabled = true) =>
  useQuery({ ...getExploreStatsQueryOptions(filters), enabled });
