import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OBSERVATION_PAGE_SIZE, type ObservationListResponse } from '@mm/shared';
import { api } from '../../lib/api-client';

export const getObservations = (page: number, limit = OBSERVATION_PAGE_SIZE) =>
  api.get<ObservationListResponse>('/observations', { page, limit });

export const getObservationsQueryOptions = (page: number, limit = OBSERVATION_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['observations', { page, limit }],
    queryFn: () => getObservations(page, limit),
    placeholderData: keepPreviousData,
  });

export const useObservations = (page: number, limit?: number) => useQuery(getObservationsQueryOptions(page, limit));
