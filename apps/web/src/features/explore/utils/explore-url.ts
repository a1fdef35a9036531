import {
  DEFAULT_EXPLORE_SORT,
  EXPLORE_FILTER_KEYS,
  EXPLORE_SORTS,
  parseExploreFilter,
  type ExploreFilters,
  type ExploreSort,
} from '@mm/shared';

/** The three ways of showing observations (spec §1), and the Missions' density view (issue 19). */
export const EXPLORE_VIEWS = ['list', 'grid', 'map', 'density'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];
export const DEFAULT_EXPLORE_VIEW: ExploreView = 'list';

/** What the Explore page URL holds: the view, the list order, the first page shown (1-based) and the filters. */
export interface ExploreState {
  view: ExploreView;
  sort: ExploreSort;
  page: number;
  filters: ExploreFilters;
}

const isSort = (v: string | null): v is ExploreSort => (EXPLORE_SORTS as readonly (string | null)[]).includes(v);

const isView = (v: string | null): v is ExploreView => (EXPLORE_VIEWS as readonly (string | null)[]).includes(v);

/**
 * Reads the Explore state from the query string. Each filter is read on its own as the shared
 * `exploreFiltersSchema` reads it (`parseExploreFilter`, without zod: issue 13), so one bad value (typed by hand, or from an old link) is dropped
 * on its own instead of losing the others; a `date_to` before `date_from` is dropped too.
 * Never throws.
 */
export function parseExploreSearch(search: URLSearchParams): ExploreState {
  const filters: Record<string, unknown> = {};
  for (const key of EXPLORE_FILTER_KEYS) {
    const raw = search.get(key);
    if (raw === null || raw.trim() === '') continue;
    const value = parseExploreFilter(key, raw);
    if (value !== undefined) filters[key] = value;
  }
  if (
    typeof filters.date_from === 'string' &&
    typeof filters.date_to === 'string' &&
    filters.date_to < filters.date_from
  )
    delete filters.date_to;
  // `with_photos=0` asks for nothing: keep the state canonical so that it compares and serialises the same.
  if (filters.with_photos === false) delete filters.with_photos;
  const view = search.get('view');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    view: isView(view) ? view : DEFAULT_EXPLORE_VIEW,
    sort: isSort(sort) ? sort : DEFAULT_EXPLORE_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    filters: filters,
  };
}

/**
 * The filters as query-string pairs in `EXPLORE_FILTER_KEYS` order, for the page URL and for the
 * API calls alike; empty and false values are left out, booleans written as `1`.
 */
export function filtersToQuery(filters: ExploreFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of EXPLORE_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '' || value === false) continue;
    out[key] = value === true ? '1' : String(value);
  }
  return out;
}

/**
 * The query string of an Explore state: `view` (left out for the default list), `sort` (left out for
 * the default, newest observed first), the filters, then `page` (left out for page 1), so that equal
 * states give equal URLs.
 */
export function exploreSearch(state: ExploreState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.view !== DEFAULT_EXPLORE_VIEW) search.set('view', state.view);
  if (state.sort !== DEFAULT_EXPLORE_SORT) search.set('sort', state.sort);
  for (const [k, v] of Object.entries(filtersToQuery(state.filters))) search.set(k, v);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/**
 * The state after choosing a view. Opening the grid from another view turns "with photos" on
 * (issue 19: a grid of photos, not of drawings), visibly in the filters and in the URL, and goes
 * back to page 1; the visitor may turn it off on the grid, and it stays as it is when leaving it.
 */
export function switchView(state: ExploreState, view: ExploreView): ExploreState {
  if (view !== 'grid' || state.view === 'grid' || state.filters.with_photos) return { ...state, view };
  return { ...state, view, page: 1, filters: { ...state.filters, with_photos: true } };
}

/** How many filters are set (the badge on the phone's Filters button). */
export const activeFilterCount = (filters: ExploreFilters) => Object.keys(filtersToQuery(filters)).length;

/**
 * The Explore state in the address bar at this instant. The router writes the address before React
 * renders the change (its updates run in a transition), so a second change made in between (two
 * filters picked in quick succession) must build on the address, not on the last render's state.
 */
export const exploreStateNow = (): ExploreState => parseExploreSearch(new URLSearchParams(window.location.search));
