import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Client configuration (map tile URL, version), fetched once per session (or written by the server, ADR 0042). */
export const getClientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['clientconfig'],
    queryFn: () => api.get<{ map_tile_url: string; version: string }>('/utilities/clientconfig'),
    staleTime: Infinity,
  });

/** The client configuration, as a query. */
export const useClientConfig = () => useQuery(getClientConfigQueryOptions());
