import { z } from 'zod';
import { OBSERVATION_PAGE_SIZE } from '../constants/index';
import { isoDate } from './observations';
import { queryColumnInt } from './input-rules';
import { V } from './validation';
import { DEFAULT_EXPLORE_SORT, EXPLORE_SORTS } from '../explore-filters';

/** Query-string booleans: `1`/`true` and `0`/`false`. */
export const queryBoolean = z.enum(['1', 'true', '0', 'false'], V.invalid).transform((v) => v === '1' || v === 'true');

/** A box of sites: west/south/east/north in WGS84 degrees, edges included; west > east crosses the antimeridian. */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}
const coordinate = String.raw`-?\d{1,3}(?:\.\d+)?(?:[eE]-?\d+)?`;
/**
 * `bbox=west,south,east,north` (decimal degrees): only observations whose site lies in the box. A box
 * of one point (west = east, south = north) gives the observations at exactly that place, e.g. a map
 * cluster that zooming cannot split.
 */
const bboxParam = z
  .string()
  .regex(new RegExp(`^${coordinate},${coordinate},${coordinate},${coordinate}$`), V.invalid)
  .transform((v): BoundingBox => {
    const [west, south, east, north] = v.split(',').map(Number) as [number, number, number, number];
    return { west, south, east, north };
  })
  .refine(
    (b) =>
      [b.west, b.east].every((x) => x >= -180 && x <= 180) &&
      [b.south, b.north].every((y) => y >= -90 && y <= 90) &&
      b.south <= b.north,
    V.invalid,
  );

/**
 * Filters of Explore data, the map clusters, the charts, the gallery and the downloads, as they
 * appear in the page URL and the API query string. All optional; combined with AND.
 * `status` narrows to one status; the public only ever sees Pending, Vetted and Valid (spec §1).
 */
const exploreFilterFields = {
  /** First and last day of the observation date (`checklist_date`), yyyy-MM-dd, inclusive. */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** Life stage id: 1 adult, 2 egg, 3 caterpillar, 4 chrysalis (`LIFESTAGE_KEYS` order). */
  lifestage_id: z.coerce.number(V.number).int(V.wholeNumber).min(1, V.invalid).max(4, V.invalid).optional(),
  milkweed_id: queryColumnInt('milkweed_id', V.numberPositive).optional(),
  country_id: queryColumnInt('country_id', V.numberPositive).optional(),
  province_id: queryColumnInt('province_id', V.numberPositive).optional(),
  /** Observer's username, case-insensitive, exact. */
  username: z.string().trim().min(1, V.required).max(100).optional(),
  /** Flash Data sightings or Mission surveys. */
  kind: z.enum(['flash', 'mission'], V.invalid).optional(),
  /** Only observations with at least one photo. */
  with_photos: queryBoolean.optional(),
  /** Observation status id (1–6); statuses the requester may not see give no rows. */
  status: z.coerce.number(V.number).int(V.wholeNumber).min(1, V.invalid).max(6, V.invalid).optional(),
  /**
   * Only observations of this Blitz event: its days and its area (countries, provinces), resolved in
   * SQL from `blitz_events` (db/observation-filters.ts); an unknown id gives no rows.
   */
  blitz_id: queryColumnInt('blitz_id', V.numberPositive).optional(),
  /** Only sites inside `west,south,east,north` (degrees); not part of the page URL's filters. */
  bbox: bboxParam.optional(),
  // --- Leave out flagged records (docs/adr/0035) ---
  /**
   * `exclude_flagged=1`: leave out the observations carrying a quality flag an admin has not accepted
   * (docs/quality-flags.md), for research views; the density view leaves out their whole visit.
   */
  exclude_flagged: queryBoolean.optional(),
  // --- end: leave out flagged records ---
};
const datesInOrder = (f: { date_from?: string; date_to?: string }) =>
  !f.date_from || !f.date_to || f.date_from <= f.date_to;
const datesInOrderError = { message: V.endBeforeStart, path: ['date_to'] };

export const exploreFiltersSchema = z.object(exploreFilterFields).refine(datesInOrder, datesInOrderError);
export type ExploreFilters = z.infer<typeof exploreFiltersSchema>;

/**
 * The filters of the research views, the density view and the charts (`GET /api/observations/density`,
 * `/stats`): the Explore filters with flagged records left out unless `exclude_flagged=0` asks for them
 * (docs/adr/0035). A 10,000-egg typo outweighs a province's real visits in a rate or a weekly sum,
 * while the list, map and downloads show every record unless asked otherwise.
 */
export const researchFiltersSchema = z
  .object({ ...exploreFilterFields, exclude_flagged: queryBoolean.default(true) })
  .refine(datesInOrder, datesInOrderError);

export const exploreSortSchema = z.enum(EXPLORE_SORTS, V.invalid).default(DEFAULT_EXPLORE_SORT);

/** `GET /api/observations`: filters plus sort, page (1-based) and limit (≤ 50). */
export const observationListQuerySchema = z
  .object({
    ...exploreFilterFields,
    sort: exploreSortSchema,
    page: z.coerce.number().int().min(1, V.numberPositive).max(1_000_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, V.numberPositive)
      .max(OBSERVATION_PAGE_SIZE, V.invalid)
      .default(OBSERVATION_PAGE_SIZE),
  })
  .refine(datesInOrder, datesInOrderError);
export type ObservationListQuery = z.infer<typeof observationListQuerySchema>;

/** Map viewport in WGS84 degrees; `west > east` crosses the antimeridian. */
const viewportFields = {
  zoom: z.coerce.number().int().min(0, V.invalid).max(20, V.invalid),
  west: z.coerce.number().min(-180, V.longitude).max(180, V.longitude),
  south: z.coerce.number().min(-90, V.latitude).max(90, V.latitude),
  east: z.coerce.number().min(-180, V.longitude).max(180, V.longitude),
  north: z.coerce.number().min(-90, V.latitude).max(90, V.latitude),
};

/** `GET /api/observations/clusters`: filters plus the map's zoom level and viewport. */
export const clusterQuerySchema = z
  .object({ ...exploreFilterFields, ...viewportFields })
  .refine(datesInOrder, datesInOrderError)
  .refine((v) => v.south <= v.north, { message: V.invalid, path: ['north'] });
export type ClusterQuery = z.infer<typeof clusterQuerySchema>;
/** A map viewport: integer zoom (0–20) and bounds in WGS84 degrees; `west > east` crosses the antimeridian. */
export type Viewport = Pick<ClusterQuery, keyof typeof viewportFields>;

/**
 * One map cluster: the observations of a grid cell (cell size follows the zoom), placed at their
 * mean position. A cell holding one site carries that site's observation and checklist ids.
 */
export const clusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Observations in the cell. */
  count: z.number().int(),
  /** Set when the cell holds a single observation. */
  observation_id: z.number().int().nullable(),
  /** Set when every observation of the cell belongs to one checklist. */
  checklist_id: z.number().int().nullable(),
  /** Bounding box of the cell's observations, to zoom into on click. */
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
});
export type Cluster = z.infer<typeof clusterSchema>;

export const clusterResponseSchema = z.object({
  clusters: z.array(clusterSchema),
  /** Observations inside the viewport. */
  total: z.number().int(),
});
export type ClusterResponse = z.infer<typeof clusterResponseSchema>;

/** `GET /api/observations/stats`: what the Explore charts draw, for the current filters. */
export const exploreStatsSchema = z.object({
  /** Observations and individuals per ISO week of the year (1–53) and life stage (null: milkweed rows). */
  per_week: z.array(
    z.object({
      week: z.number().int(),
      lifestage_id: z.number().int().nullable(),
      observations: z.number().int(),
      individuals: z.number().int(),
    }),
  ),
  /** Observations per province or state (null when unknown), most first. */
  per_province: z.array(
    z.object({
      province_id: z.number().int().nullable(),
      observations: z.number().int(),
      individuals: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type ExploreStats = z.infer<typeof exploreStatsSchema>;

/**
 * One group of Mission visits in the density view: the visits (checklists) that inspected
 * milkweed stems, the stems inspected, and the eggs and caterpillars counted on them.
 * `per_100_stems` = 100 × (eggs + caterpillars) / stems, rounded to 2 decimals (null without stems).
 */
const densityGroupFields = {
  checklists: z.number().int(),
  stems: z.number().int(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  per_100_stems: z.number().nullable(),
};

/**
 * `GET /api/observations/density`: eggs + caterpillars per 100 milkweed stems for Missions matching
 * the Explore filters (the life-stage filter aside: the measure is about eggs and caterpillars; Flash
 * sightings never count), by ISO week of the visit date (all years together), by province, and by
 * 1° cell of the map (cell centre, WGS84 degrees; private sites at their generalised place).
 */
export const densityResponseSchema = z.object({
  per_week: z.array(z.object({ week: z.number().int(), ...densityGroupFields })),
  per_province: z.array(z.object({ province_id: z.number().int().nullable(), ...densityGroupFields })),
  per_cell: z.array(z.object({ latitude: z.number(), longitude: z.number(), ...densityGroupFields })),
  total: z.object(densityGroupFields),
});
export type DensityResponse = z.infer<typeof densityResponseSchema>;
export type DensityGroup = DensityResponse['total'];
