import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OBSERVATION_PAGE_SIZE, type ObservationListResponse } from '@mm/shared';
import { api } from '../../lib/api-client';

const getObservations = (page: number, limit = OBSERVATION_PAGE_SIZE) =>
  api.get<ObservationListResponse>('/observations', { page, limit });

/** `GET /api/observations?page&limit` as a query; `useObservations` (use-observations.ts) reads it. */
export const getObservationsQueryOptions = (page: number, limit = OBSERVATION_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['observations', { page, limit }],
    queryFn: () => getObservations(page, limit),
    placeholderData: keepPreviousData,
  });
