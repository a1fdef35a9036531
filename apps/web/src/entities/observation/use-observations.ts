import { useQuery } from '@tanstack/react-query';
import { getObservationsQueryOptions } from './get-observations';

/**
 * One page of the visible observations, newest first. A module apart from the query options, so that a
 * page can prefetch them without `useQuery` in its first render (the home page).
 */
export const useObservations = (page: number, limit?: number) => useQuery(getObservationsQueryOptions(page, limit));
