// The Explore filters' keys and sorts, and reading one filter from the page URL, without zod (
// the Explore page reads its URL before its first render; zod, ≈ 26 KB gzip, loads only with forms).
// `parseExploreFilter` answers what `exploreFiltersSchema.shape[key].safeParse(raw)` answers
// (test/explore-filters.test.ts checks them side by side).
import { integerTypeOf, maxOf } from './constants/integer-columns';
import { isIsoDay } from './guards';
import type { BoundingBox, ExploreFilters } from './schemas/explore';

/** The filter keys, in the order the URL writes them. */
export const EXPLORE_FILTER_KEYS = [
  'date_from',
  'date_to',
  'lifestage_id',
  'milkweed_id',
  'country_id',
  'province_id',
  'username',
  'kind',
  'with_photos',
  'status',
  // Leave out flagged records (docs/adr/0035).
  'exclude_flagged',
  'blitz_id',
] as const;

/**
 * Explore list orders: `observed`, newest date observed first (the default), or `submitted`,
 * newest submission first; ties by newest observation id. In the page URL, the list and the CSV/GeoJSON download.
 */
export const EXPLORE_SORTS = ['observed', 'submitted'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export const DEFAULT_EXPLORE_SORT: ExploreSort = 'observed';

type FilterKey = (typeof EXPLORE_FILTER_KEYS)[number] | 'bbox';

/** `z.coerce.number().int().min(min).max(max)` on a query-string value. */
function wholeNumber(raw: string, min: number, max: number): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

const coordinate = String.raw`-?\d{1,3}(?:\.\d+)?(?:[eE]-?\d+)?`;
const BBOX = new RegExp(`^${coordinate},${coordinate},${coordinate},${coordinate}$`);

/**
 * One Explore filter read from its query-string value, as the shared schema reads it.
 * @param key a filter key (or `bbox`)
 * @param raw the raw query-string value
 * @returns the filter's value (number, boolean, string or bounding box), or undefined when the schema refuses it
 */
export function parseExploreFilter<K extends FilterKey>(key: K, raw: string): ExploreFilters[K] | undefined {
  return parse(key, raw) as ExploreFilters[K] | undefined;
}

function parse(key: FilterKey, raw: string): unknown {
  switch (key) {
    case 'date_from':
    case 'date_to':
      return isIsoDay(raw) ? raw : undefined;
    case 'lifestage_id':
      return wholeNumber(raw, 1, 4);
    case 'status':
      return wholeNumber(raw, 1, 6);
    case 'blitz_id':
    case 'milkweed_id':
    case 'country_id':
    case 'province_id':
      return wholeNumber(raw, 1, maxOf(integerTypeOf(key)));
    case 'username': {
      const name = raw.trim();
      return name.length >= 1 && name.length <= 100 ? name : undefined;
    }
    case 'kind':
      return raw === 'flash' || raw === 'mission' ? raw : undefined;
    case 'with_photos':
    case 'exclude_flagged':
      return raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : undefined;
    case 'bbox': {
      if (!BBOX.test(raw)) return undefined;
      const [west, south, east, north] = raw.split(',').map(Number) as [number, number, number, number];
      const box: BoundingBox = { west, south, east, north };
      return [west, east].every((x) => x >= -180 && x <= 180) &&
        [south, north].every((y) => y >= -90 && y <= 90) &&
        south <= north
        ? box
        : undefined;
    }
  }
}
