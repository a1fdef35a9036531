import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type LoadParams } from '@mm/shared';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';

/** The lists of `LoadParams` (spec §3), each an array of records. */
const PARAM_LISTS = [
  'abundances',
  'locationsizes',
  'countries',
  'provinces',
  'basisofrecords',
  'checklisttypes',
  'observationstatus',
  'submittypes',
  'reasons',
  'lifestages',
  'roles',
  'languages',
  'milkweeds',
] as const satisfies readonly (keyof LoadParams)[];

/**
 * The copy of the reference data this tab stored (`getParams`), when it still has every list.
 * Checked without zod (issue 13: the schema library stays out of the first screens that read
 * these lists); a copy written by another build with other lists is dropped and fetched again.
 */
function cached(): LoadParams | undefined {
  const raw = sessionStorage.getItem(STORAGE_KEYS.params);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const lists = value as Record<string, unknown>;
    const whole = PARAM_LISTS.every(
      (k) => Array.isArray(lists[k]) && (lists[k] as unknown[]).every((r) => typeof r === 'object' && r !== null),
    );
    return whole ? (value as LoadParams) : undefined;
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
