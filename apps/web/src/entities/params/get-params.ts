import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, loadParamsResponseSchema, type LoadParams } from '@mm/shared';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';

function cached(): LoadParams | undefined {
  const raw = sessionStorage.getItem(STORAGE_KEYS.params);
  if (!raw) return undefined;
  try {
    const parsed = loadParamsResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Reference data (spec §3), loaded once when absent and kept in session storage under `mmparams`. */
export async function getParams(): Promise<LoadParams> {
  const params = await api.get<LoadParams>('/utilities/loadparams');
  sessionStorage.setItem(STORAGE_KEYS.params, JSON.stringify(params));
  return params;
}

export const getParamsQueryOptions = () =>
  queryOptions({
    queryKey: ['params', storage.language()],
    queryFn: getParams,
    initialData: cached,
    staleTime: Infinity,
  });

export const useParamsData = () => useQuery(getParamsQueryOptions());
