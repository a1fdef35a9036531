import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROLE_ID,
  PUBLIC_STATUS_IDS,
  type ExploreFilters,
  type ObservationStatusId,
  type SessionUser,
} from '@mm/shared';

const ALL_STATUS_IDS: readonly ObservationStatusId[] = [1, 2, 3, 4, 5, 6];

/** The statuses a requester may explore: every status for an admin, Pending, Vetted and Valid for everyone else (spec §1). */
export function visibleStatuses(user: SessionUser | null): readonly ObservationStatusId[] {
  return user?.role_id === ADMIN_ROLE_ID ? ALL_STATUS_IDS : PUBLIC_STATUS_IDS;
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
  const parts: SQL[] = [
    allowed.length > 0
      ? sql`o.observationstatus_id IN (${sql.join(
          allowed.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`false`,
    sql`NOT c.isdeleted`,
  ];
  if (filters.date_from) parts.push(sql`c.checklist_date >= ${filters.date_from}::date`);
  // A date known only to the month or year (imports, issue 18) is stored as the period's first day:
  // it matches only when its whole period lies within the range, so June 1968 is not "before 1968-06-15".
  if (filters.date_to)
    parts.push(
      sql`c.checklist_date <= ${filters.date_to}::date AND (c.date_precision = 'day' OR (date_trunc(c.date_precision, c.checklist_date) + ('1 ' || c.date_precision)::interval - interval '1 day')::date <= ${filters.date_to}::date)`,
    );
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
    parts.push(sql`s.latitude BETWEEN ${south} AND ${north} AND ${longitude}`);
  }
  if (filters.with_photos)
    parts.push(sql`EXISTS (SELECT 1 FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted)`);
  return sql.join(parts, sql` AND `);
}

/** The joins every filtered observation query needs (aliases o, c, s). */
export const observationJoins = sql`FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id`;
