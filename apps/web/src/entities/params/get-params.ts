import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type LoadParams, type Locale } from '@mm/shared';
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

/** What `mmparams` holds: the reference data and the language its names are in. */
interface StoredParams {
  lng: Locale;
  params: LoadParams;
}

/**
 * The copy of the reference data this tab stored (`getParams`), when it is in `lng` and still has
 * every list. The names in it (abundances, life stages, provinces…) are in the language they were
 * asked in: a tab that read English pages first and then opens a French one (a link, a bookmark, a
 * printed sheet) fetches the French lists rather than showing English ones. Checked without zod
 * (the schema library stays out of the first screens that read these lists); a copy
 * written by another build, in another shape or with other lists, is dropped and fetched again.
 */
function cached(lng: Locale): LoadParams | undefined {
  const raw = sessionStorage.getItem(STORAGE_KEYS.params);
  if (!raw) return undefined;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { lng: storedLng, params: value } = stored as { lng?: unknown; params?: unknown };
    if (storedLng !== lng || typeof value !== 'object' || value === null) return undefined;
    const lists = value as Record<string, unknown>;
    const whole = PARAM_LISTS.every(
      (k) => Array.isArray(lists[k]) && (lists[k] as unknown[]).every((r) => typeof r === 'object' && r !== null),
    );
    return whole ? (value as LoadParams) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reference data (spec §3) in the stored language (the `Language` header), loaded once when absent
 * and kept in session storage under `mmparams` with that language (`{lng, params}`).
 */
export async function getParams(): Promise<LoadParams> {
  const lng = storage.language();
  const params = await api.get<LoadParams>('/utilities/loadparams');
  sessionStorage.setItem(STORAGE_KEYS.params, JSON.stringify({ lng, params } satisfies StoredParams));
  return params;
}

/** The reference data's query key in `lng` (the server puts its answer there for a page it renders, docs/adr/0049). */
export const paramsQueryKey = (lng: Locale) => ['params', lng] as const;

/**
 * The reference data's query, one per language; the tab's stored copy serves it when it is in that language.
 * @param lng the page's language: in the browser the stored one (the start-up module stores the URL's); the
 *   server, which has no storage, passes the page's
 */
const getParamsQueryOptions = (lng: Locale = storage.language()) => {
  return queryOptions({
    queryKey: paramsQueryKey(lng),
    queryFn: getParams,
    initialData: () => cached(lng),
    staleTime: Infinity,
  });
};

/** @param lng the page's language when the page is also rendered by the server (see `getParamsQueryOptions`) */
export const useParamsData = (lng?: Locale) => useQuery(getParamsQueryOptions(lng));
