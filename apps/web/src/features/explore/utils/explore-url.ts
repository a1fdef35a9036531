import { createParser, parseAsStringLiteral, type inferParserType } from 'nuqs';
import {
  DEFAULT_EXPLORE_SORT,
  EXPLORE_FILTER_KEYS,
  EXPLORE_SORTS,
  parseExploreFilter,
  type ExploreFilters,
  type ExploreSort,
} from '@mm/shared';

/** The three ways of showing observations (spec §1), and the Missions' density view. */
export const EXPLORE_VIEWS = ['list', 'grid', 'map', 'density'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];
const DEFAULT_EXPLORE_VIEW: ExploreView = 'list';

/** What the Explore page URL holds: the view, the list order, the first page shown (1-based) and the filters. */
export interface ExploreState {
  view: ExploreView;
  sort: ExploreSort;
  page: number;
  filters: ExploreFilters;
}

type FilterKey = (typeof EXPLORE_FILTER_KEYS)[number];

/**
 * One filter's query-string value, read as the shared `exploreFiltersSchema` reads it
 * (`parseExploreFilter`, without zod) and written back as the API reads it.
 */
const filterParser = <K extends FilterKey>(key: K) =>
  createParser<NonNullable<ExploreFilters[K]>>({
    parse: (raw) => parseExploreFilter(key, raw) ?? null,
    serialize: String,
  });

/** 1 to 1,000,000, as the API's `page`; `2.5` or `3abc` are refused, not rounded (as `parseAsInteger` would). */
const pageParser = createParser<number>({
  parse: (raw) => {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : null;
  },
  serialize: String,
});

/**
 * The Explore filters in the page URL (`?date_from=2024-06-01&lifestage_id=3&with_photos=1…`), one
 * nuqs parser each. Each value is read on its own, so one bad value (typed by hand, or from an old
 * link) is dropped instead of losing the others. Dates stay `yyyy-MM-dd` strings (the API's format),
 * `with_photos` is written `1` and read from `1`/`true`; `0`/`false` mean no filter. `exclude_flagged`
 * keeps `0` too: it turns off a research view's default (`flaggedLeftOut`).
 */
export const exploreFilterParsers = {
  date_from: filterParser('date_from'),
  date_to: filterParser('date_to'),
  lifestage_id: filterParser('lifestage_id'),
  milkweed_id: filterParser('milkweed_id'),
  country_id: filterParser('country_id'),
  province_id: filterParser('province_id'),
  username: filterParser('username'),
  kind: parseAsStringLiteral(['flash', 'mission']),
  with_photos: createParser<true>({
    parse: (raw) => parseExploreFilter('with_photos', raw) || null,
    serialize: () => '1',
  }),
  status: filterParser('status'),
  // Leave out flagged records (docs/adr/0035): `1` leaves them out, `0` keeps them, absent is each
  // view's default (`flaggedLeftOut`), so it is written both ways, unlike with_photos.
  exclude_flagged: createParser<boolean>({
    parse: (raw) => parseExploreFilter('exclude_flagged', raw) ?? null,
    serialize: (v) => (v ? '1' : '0'),
  }),
  blitz_id: filterParser('blitz_id'),
} satisfies Record<FilterKey, unknown>;

/**
 * Everything the Explore page URL holds: `view`, `sort` and `page` (left out of the URL at their
 * defaults: list, newest observed first, page 1) and the filters.
 */
export const exploreParsers = {
  view: parseAsStringLiteral(EXPLORE_VIEWS).withDefault(DEFAULT_EXPLORE_VIEW),
  sort: parseAsStringLiteral(EXPLORE_SORTS).withDefault(DEFAULT_EXPLORE_SORT),
  ...exploreFilterParsers,
  page: pageParser.withDefault(1),
};

/** The parsed query: each key on its own, `null` for a filter that is absent or invalid. */
export type ExploreFilterValues = inferParserType<typeof exploreFilterParsers>;
export type ExploreValues = inferParserType<typeof exploreParsers>;

/** The URL's keys in the order they are written: view, sort, the filters, page. */
const EXPLORE_URL_KEYS: readonly string[] = ['view', 'sort', ...EXPLORE_FILTER_KEYS, 'page'];

/**
 * The query string with Explore's keys in their fixed order, then any others as they were (nuqs
 * appends a new key at the end; the adapter's `processUrlSearchParams`), so that equal states give
 * equal URLs and a link from Explore to the gallery and back keeps its order.
 */
export function inExploreOrder(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of EXPLORE_URL_KEYS) for (const value of search.getAll(key)) out.append(key, value);
  for (const [key, value] of search) if (!EXPLORE_URL_KEYS.includes(key)) out.append(key, value);
  return out;
}

/**
 * The filters of parsed values, with the rules between them: a `date_to` before `date_from` is
 * dropped, and each value is read back as its URL would be (a username is trimmed), so the filters
 * compare and serialise the same.
 */
export function exploreFilters(values: ExploreFilterValues): ExploreFilters {
  const filters: Record<string, unknown> = {};
  for (const key of EXPLORE_FILTER_KEYS) {
    const value = values[key];
    if (value === null) continue;
    // `as never`: TypeScript does not tie the value's type to its own key's parser.
    const read = exploreFilterParsers[key].parse(exploreFilterParsers[key].serialize(value as never));
    if (read !== null) filters[key] = read;
  }
  const { date_from, date_to } = filters;
  if (typeof date_from === 'string' && typeof date_to === 'string' && date_to < date_from) delete filters.date_to;
  return filters;
}

/** The Explore state of parsed values (never throws: the parsers have dropped what they refuse). */
export const exploreState = ({ view, sort, page, ...filters }: ExploreValues): ExploreState => ({
  view,
  sort,
  page,
  filters: exploreFilters(filters),
});

/** An unset filter: left out of the URL and the API query. `exclude_flagged: false` is a choice (`flaggedLeftOut`). */
const unset = (key: FilterKey, value: unknown) =>
  value === undefined || value === '' || (value === false && key !== 'exclude_flagged');

/**
 * The values to write for some filters: every filter key, `null` (left out of the URL) for the
 * unset, empty and false ones (`exclude_flagged: false` aside), so that a value the URL held and the
 * state dropped goes too.
 */
export function filterValues(filters: ExploreFilters): ExploreFilterValues {
  const canonical = exploreFilters(
    Object.fromEntries(
      EXPLORE_FILTER_KEYS.map((key) => {
        const value = filters[key];
        return [key, unset(key, value) ? null : value];
      }),
    ) as ExploreFilterValues,
  );
  return Object.fromEntries(EXPLORE_FILTER_KEYS.map((key) => [key, canonical[key] ?? null])) as ExploreFilterValues;
}

/** The values to write for an Explore state (nuqs leaves the defaults out of the URL). */
export const exploreValues = ({ view, sort, page, filters }: ExploreState): ExploreValues => ({
  view,
  sort,
  page: page > 1 ? page : 1,
  ...filterValues(filters),
});

/**
 * The filters as query-string pairs in `EXPLORE_FILTER_KEYS` order, written as the page URL writes
 * them (the parsers' `serialize`), for the API calls; empty and false values are left out, but
 * `exclude_flagged=0`, which the density and charts endpoints read as "keep flagged records".
 */
export function filtersToQuery(filters: ExploreFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of EXPLORE_FILTER_KEYS) {
    const value = filters[key];
    if (unset(key, value)) continue;
    out[key] = exploreFilterParsers[key].serialize(value as never);
  }
  return out;
}

/**
 * The state after choosing a view: only the view changes. The filters, "with photos only" included,
 * are the visitor's own and the same in every view (list, grid, map, density, charts and downloads
 * read one filter set); the grid draws a record without a photo as the drawing of its life stage.
 */
export function switchView(state: ExploreState, view: ExploreView): ExploreState {
  return { ...state, view };
}

/** How many filters are set (the badge on the phone's Filters button). */
export const activeFilterCount = (filters: ExploreFilters) => Object.keys(filtersToQuery(filters)).length;

// --- Leave out flagged records (docs/adr/0035) ---

/**
 * Whether a view leaves flagged records out: the URL's `exclude_flagged` when it holds one, else the
 * view's default, on for the research views (density, charts; the API's default there too) and off
 * for the list, grid, map and downloads.
 */
export const flaggedLeftOut = (filters: ExploreFilters, byDefault: boolean): boolean =>
  filters.exclude_flagged ?? byDefault;

/**
 * The filter change of the "Leave out flagged records" checkbox of a view with that default: the
 * view's default is left out of the URL, the other choice written (`1` or `0`).
 */
export const flaggedPatch = (checked: boolean, byDefault: boolean): Partial<ExploreFilters> => ({
  exclude_flagged: checked === byDefault ? undefined : checked,
});

// --- end: leave out flagged records ---
