import { sql } from 'drizzle-orm';
import type { ExploreFilters, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import type { ListKey } from './list-index';
import { observationJoins, observationWhere } from './observation-filters';

export type ObservationListRow = {
  observation_id: number;
  number_of_plants: string | null;
  observationstatus_id: number;
  milkweed_id: number | null;
  is_flash: boolean;
  observation_created: Date;
  lifestage_id: number | null;
  numbers: number;
  english_name: string | null;
  latin_name: string | null;
  french_name: string | null;
  spanish_name: string | null;
  site_id: number;
  locality: string | null;
  province_id: number | null;
  checklist_id: number;
  checklist_date: string;
  latitude: number;
  longitude: number;
  dateidentified: Date | null;
  username: string | null;
  user_id: number | null;
};

const rowColumns = sql`
  o.observation_id, o.number_of_plants, o.observationstatus_id, o.milkweed_id, c.is_flash,
  o.observation_created, o.lifestage_id, o.numbers,
  m.english_name, m.latin_name, m.french_name, m.spanish_name,
  s.site_id, s.locality, s.province_id, c.checklist_id, c.checklist_date,
  s.latitude, s.longitude, o.dateidentified, u.username, c.user_id`;
const rowJoins = sql`
  FROM observations o
  JOIN checklists c ON c.checklist_id = o.checklist_id
  JOIN sites s ON s.site_id = c.site_id
  LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
  LEFT JOIN users u ON u.user_id = c.user_id`;
/**
 * The Explore list order, newest first. NULLS LAST (the columns are NOT NULL, so the order is the same)
 * because Drizzle writes `.desc()` indexes as DESC NULLS LAST, and a plain DESC (NULLS FIRST) ORDER BY
 * cannot be read from them: observations_created_idx, or observations_public_created_idx for one status.
 */
const listOrder = sql`ORDER BY o.observation_created DESC NULLS LAST, o.observation_id DESC NULLS LAST`;

/** Queries on observations with their checklist, site, milkweed and observer. Visibility filters live here. */
export const observationsRepository = {
  /**
   * One page of the observations matching `filters` among `statuses`, newest first, with site,
   * checklist, milkweed and observer columns, plus the total count.
   */
  async paginate(db: DbOrTx, filters: ExploreFilters, statuses: readonly ObservationStatusId[], limit: number, offset: number): Promise<{ rows: ObservationListRow[]; total: number }> {
    const where = observationWhere(filters, statuses);
    const [page, count] = await Promise.all([
      db.execute<ObservationListRow>(sql`
        SELECT ${rowColumns} ${rowJoins}
        WHERE ${where}
        ${listOrder}
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ total: number }>(sql`
        SELECT count(*)::int AS total FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id WHERE ${where}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  },

  /** How many observations match `filters` among `statuses` (the paginator total). */
  async count(db: DbOrTx, filters: ExploreFilters, statuses: readonly ObservationStatusId[]): Promise<number> {
    const r = await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${observationJoins} WHERE ${observationWhere(filters, statuses)}`);
    return r.rows[0]?.total ?? 0;
  },

  /** The keys of the first `max` matching observations, in list order. */
  async head(db: DbOrTx, filters: ExploreFilters, statuses: readonly ObservationStatusId[], max: number): Promise<ListKey[]> {
    const r = await db.execute<{ created: string; id: number }>(sql`
      SELECT o.observation_created::text AS created, o.observation_id AS id ${observationJoins}
      WHERE ${observationWhere(filters, statuses)} ${listOrder} LIMIT ${max}`);
    return r.rows;
  },

  /** The list rows of these observations (still matching `filters` among `statuses`), in list order. */
  async rowsByIds(db: DbOrTx, filters: ExploreFilters, statuses: readonly ObservationStatusId[], ids: number[]): Promise<ObservationListRow[]> {
    if (ids.length === 0) return [];
    const r = await db.execute<ObservationListRow>(sql`
      SELECT ${rowColumns} ${rowJoins}
      WHERE o.observation_id = ANY(${sql.param(ids)}::int[]) AND ${observationWhere(filters, statuses)} ${listOrder}`);
    return r.rows;
  },

  /**
   * Up to `limit` list rows starting `skip` rows after the row keyed `from` (inclusive; the top of the
   * list when null), read in index order, each with its key (`list_created`).
   */
  async pageFrom(
    db: DbOrTx,
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    from: ListKey | null,
    skip: number,
    limit: number,
  ): Promise<(ObservationListRow & { list_created: string })[]> {
    const after = from ? sql` AND (o.observation_created, o.observation_id) <= (${from.created}::timestamptz, ${from.id}::int)` : sql``;
    const r = await db.execute<ObservationListRow & { list_created: string }>(sql`
      SELECT ${rowColumns}, o.observation_created::text AS list_created ${rowJoins}
      WHERE ${observationWhere(filters, statuses)}${after} ${listOrder} LIMIT ${limit} OFFSET ${skip}`);
    return r.rows;
  },

  /** One observation of a live checklist, whatever its status (the service decides who may see it). */
  async findById(db: DbOrTx, observationId: number): Promise<ObservationListRow | undefined> {
    const r = await db.execute<ObservationListRow>(sql`SELECT ${rowColumns} ${rowJoins} WHERE o.observation_id = ${observationId} AND NOT c.isdeleted`);
    return r.rows[0];
  },
};
