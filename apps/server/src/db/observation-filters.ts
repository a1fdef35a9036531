import { sql, type SQL } from 'drizzle-orm';
import { PRIVATE_CELL_DEGREES, type ExploreFilters, type ObservationStatusId } from '@mm/shared';
import { visibleObservation, type Positions } from './visibility';

/** Metres from a 0.1° cell's centre to its corner at the cell edge nearest the equator (`cellUncertaintyMetres`). */
const cellUncertainty = `ceil(sqrt(5566.0 ^ 2 + (5566.0 * cos(radians(least(abs(floor(latitude * 10) / 10), abs(floor(latitude * 10) / 10 + 0.1))))) ^ 2))::int`;
const siteColumns =
  'site_id, user_id, province_id, country_id, is_private, isdeleted, latitude AS exact_latitude, longitude AS exact_longitude, public_locality, public_city';
/**
 * Sites as everyone but admins sees them: private ones moved to the centre of their 0.1° cell, locality
 * and city withheld; the others' locality and city without email addresses or phone numbers (
 * their public text, db/public-text.ts), `place_withheld` when that removed something.
 */
const generalisedSites = sql.raw(`(SELECT ${siteColumns},
  CASE WHEN is_private THEN (floor(latitude * 10) + 0.5) / 10 ELSE latitude END AS latitude,
  CASE WHEN is_private THEN (floor(longitude * 10) + 0.5) / 10 ELSE longitude END AS longitude,
  CASE WHEN is_private THEN NULL ELSE public_locality END AS locality,
  CASE WHEN is_private THEN NULL ELSE public_city END AS city,
  NOT is_private AND (public_locality IS DISTINCT FROM locality OR public_city IS DISTINCT FROM city) AS place_withheld,
  CASE WHEN is_private THEN ${cellUncertainty} + coalesce(coordinate_uncertainty_m, 0) ELSE coordinate_uncertainty_m END AS coordinate_uncertainty_m
  FROM sites)`);
const exactSites = sql.raw(
  `(SELECT ${siteColumns}, latitude, longitude, locality, city, false AS place_withheld, coordinate_uncertainty_m FROM sites)`,
);

/**
 * The sites relation to join as `s` (alias it yourself): the same columns either way, `latitude`,
 * `longitude`, `locality`, `city` and `coordinate_uncertainty_m` as `positions` allows (the public
 * sees place names without personal data), plus `is_private`, `place_withheld` and the
 * public texts `public_locality` and `public_city` (for a detail whose reader the service decides). `exact_latitude`/`exact_longitude` exist only for index-friendly pre-filters and must
 * never be selected into an answer. PostgreSQL folds the subquery into the join (no cost per row).
 */
export function siteSource(positions: Positions): SQL {
  return positions === 'exact' ? exactSites : generalisedSites;
}

/**
 * The checklist's date lies on or before `day`; a date known only to the month or year (imports,
 *) is stored as the period's first day: it holds only when its whole period ends by `day`,
 * so June 1968 is not "before 1968-06-15".
 */
const endsBy = (day: SQL) =>
  sql`c.checklist_date <= ${day} AND (c.date_precision = 'day' OR (date_trunc(c.date_precision, c.checklist_date) + ('1 ' || c.date_precision)::interval - interval '1 day')::date <= ${day})`;

/**
 * The observations of Blitz event `blitzId` (docs/adr/0031-blitz-events-matched-by-query.md): the
 * checklist's date within the event's days (the date rule of `date_from`/`date_to`), the site in one of
 * its whole countries or provinces (a country counts its provinces). Each of the event's values is a scalar subquery, which PostgreSQL
 * evaluates once per query (an InitPlan), so the date range still reads `checklists_date_idx`; an unknown
 * id matches nothing. The area tests the site as filed (its country and province), which a private site
 * keeps when generalised.
 */
function inBlitzEvent(blitzId: number): SQL {
  const of = (column: string) => sql`(SELECT ${sql.raw(column)} FROM blitz_events WHERE blitz_id = ${blitzId})`;
  // A whole country stands for its provinces too: a site filed with a province but no country is in it.
  // (The casts make `= ANY` read an array; on a bare subquery it would compare with each row instead.)
  const provinces = sql`(SELECT array_agg(p.province_id) FROM provinces p, blitz_events b
    WHERE b.blitz_id = ${blitzId} AND (p.country_id = ANY(b.country_ids) OR p.province_id = ANY(b.province_ids)))`;
  return sql`c.checklist_date >= ${of('start_date')} AND ${endsBy(of('end_date'))}
    AND (s.province_id = ANY(${provinces}::smallint[]) OR s.country_id = ANY(${of('country_ids')}::smallint[]))`;
}

/**
 * SQL condition for the Explore filters over the aliases `o` (observations), `c` (checklists) and
 * `s` (sites), restricted to `statuses` and live checklists; a date range holds a record dated only
 * to a month or year when that whole month or year lies inside it; `bbox` keeps sites inside the box (edges
 * included, west > east across the antimeridian). Used by the list, map clusters,
 * charts, gallery and downloads so that they always agree.
 */
export function observationWhere(filters: ExploreFilters, statuses: readonly ObservationStatusId[]): SQL {
  const allowed = filters.status === undefined ? statuses : statuses.filter((s) => s === filters.status);
  const parts: SQL[] = [visibleObservation(allowed)];
  if (filters.date_from) parts.push(sql`c.checklist_date >= ${filters.date_from}::date`);
  if (filters.date_to) parts.push(endsBy(sql`${filters.date_to}::date`));
  if (filters.lifestage_id !== undefined) parts.push(sql`o.lifestage_id = ${filters.lifestage_id}`);
  if (filters.milkweed_id !== undefined) parts.push(sql`o.milkweed_id = ${filters.milkweed_id}`);
  if (filters.country_id !== undefined) parts.push(sql`s.country_id = ${filters.country_id}`);
  if (filters.province_id !== undefined) parts.push(sql`s.province_id = ${filters.province_id}`);
  if (filters.username !== undefined)
    parts.push(sql`c.user_id = (SELECT user_id FROM users WHERE lower(username) = lower(${filters.username}))`);
  if (filters.kind !== undefined) parts.push(sql`c.is_flash = ${filters.kind === 'flash'}`);
  if (filters.bbox) {
    const { west, south, east, north } = filters.bbox;
    const longitude =
      west <= east
        ? sql`s.longitude BETWEEN ${west} AND ${east}`
        : sql`(s.longitude >= ${west} OR s.longitude <= ${east})`;
    // The box applies to the position the requester sees (a private site's cell centre for the public,
    // so that a one-point box cannot find its exact place); the wider test on the stored position lets
    // PostgreSQL use sites_lat_lng_idx.
    parts.push(
      sql`s.exact_latitude BETWEEN ${south - PRIVATE_CELL_DEGREES} AND ${north + PRIVATE_CELL_DEGREES} AND s.latitude BETWEEN ${south} AND ${north} AND ${longitude}`,
    );
  }
  if (filters.blitz_id !== undefined) parts.push(inBlitzEvent(filters.blitz_id));
  if (filters.with_photos)
    parts.push(sql`EXISTS (SELECT 1 FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted)`);
  if (filters.exclude_flagged) parts.push(unflaggedObservation);
  return sql.join(parts, sql` AND `);
}

// --- Leave out flagged records (`exclude_flagged`, docs/adr/0035) ---

/**
 * SQL condition over `o`: the observation carries no quality flag (docs/quality-flags.md), or an admin
 * accepted its flags when vetting it Valid (`flags_accepted_at`): a reviewed record is not a suspect one.
 */
const unflaggedObservation = sql`(o.quality_flags = '[]'::jsonb OR o.flags_accepted_at IS NOT NULL)`;

/**
 * SQL condition over `c` for figures per visit (the density view): with `exclude_flagged`, no
 * observation of the checklist carries an unaccepted flag. Dropping only the flagged row would keep the
 * visit's stems inspected with its eggs left out, and pull the rate down as much as the typo pushed it up.
 */
export function visitWhere(filters: Pick<ExploreFilters, 'exclude_flagged'>): SQL {
  if (!filters.exclude_flagged) return sql`true`;
  return sql`NOT EXISTS (SELECT 1 FROM observations f WHERE f.checklist_id = c.checklist_id
    AND f.quality_flags <> '[]'::jsonb AND f.flags_accepted_at IS NULL)`;
}

// --- end: leave out flagged records ---

/** The joins every filtered observation query needs (aliases o, c, s), sites as `positions` allows. */
export const observationJoins = (positions: Positions) =>
  sql`FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN ${siteSource(positions)} s ON s.site_id = c.site_id`;

/**
 * The joins of a list or detail row (aliases o, c, s, m for the milkweed, u for the observer), sites
 * as `positions` allows.
 */
export const observationRowJoins = (positions: Positions) => sql`
  FROM observations o
  JOIN checklists c ON c.checklist_id = o.checklist_id
  JOIN ${siteSource(positions)} s ON s.site_id = c.site_id
  LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
  LEFT JOIN users u ON u.user_id = c.user_id`;
