import { sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery, BlitzEvent, BlitzEventInput } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import type { ListPage } from './admin-list';
import { allOf, inIds, iso, listPage } from './admin-list.queries';

const SELECT = sql`blitz_id AS id, name, name_fr, name_es, to_char(start_date, 'YYYY-MM-DD') AS start_date,
  to_char(end_date, 'YYYY-MM-DD') AS end_date, country_ids::int[] AS country_ids, province_ids::int[] AS province_ids,
  ${iso('created')}, ${iso('updated')}`;

/** Filters of the events list, already checked by the service. */
export interface BlitzEventFilter {
  ids?: number[];
  /** ILIKE pattern on the three names. */
  q?: string;
}

/** An id list as a `smallint[]` parameter. */
const smallints = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::smallint[]`;

/** Queries of the panel's Blitz events screen. */
export const adminBlitzRepository = {
  /** A page of events. @throws 400 on `sort` when the field is not sortable */
  list(db: DbOrTx, f: BlitzEventFilter, query: AdminListQuery): Promise<ListPage<BlitzEvent>> {
    const where: SQL[] = [];
    if (f.ids) where.push(inIds(sql`blitz_id`, f.ids));
    if (f.q) where.push(sql`(name ILIKE ${f.q} OR name_fr ILIKE ${f.q} OR name_es ILIKE ${f.q})`);
    const sortable: Record<string, SQL> = {
      id: sql`blitz_id`,
      name: sql`lower(name)`,
      start_date: sql`start_date`,
      end_date: sql`end_date`,
    };
    return listPage<BlitzEvent>(
      db,
      { select: SELECT, from: sql`FROM blitz_events`, where: allOf(where), sortable, tieBreaker: sql`blitz_id` },
      query,
    );
  },

  async findOne(db: DbOrTx, id: number): Promise<BlitzEvent | undefined> {
    const r = await db.execute<BlitzEvent>(sql`SELECT ${SELECT} FROM blitz_events WHERE blitz_id = ${id}`);
    return r.rows[0];
  },

  /** Inserts an event; returns its id. */
  async insert(tx: DbOrTx, e: BlitzEventInput): Promise<number> {
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO blitz_events (name, name_fr, name_es, start_date, end_date, country_ids, province_ids)
      VALUES (${e.name}, ${e.name_fr}, ${e.name_es}, ${e.start_date}::date, ${e.end_date}::date,
              ${smallints(e.country_ids)}, ${smallints(e.province_ids)})
      RETURNING blitz_id AS id`);
    return (r.rows[0] as { id: number }).id;
  },

  /** Replaces every field of an event. */
  async update(tx: DbOrTx, id: number, e: BlitzEventInput): Promise<void> {
    await tx.execute(sql`
      UPDATE blitz_events SET name = ${e.name}, name_fr = ${e.name_fr}, name_es = ${e.name_es},
        start_date = ${e.start_date}::date, end_date = ${e.end_date}::date,
        country_ids = ${smallints(e.country_ids)}, province_ids = ${smallints(e.province_ids)}, updated = now()
      WHERE blitz_id = ${id}`);
  },

  async remove(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`DELETE FROM blitz_events WHERE blitz_id = ${id}`);
  },

  /** The ids among `ids` that `table` (countries or provinces) does not hold. */
  async unknownIds(db: DbOrTx, table: 'countries' | 'provinces', ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const column = table === 'countries' ? sql`id` : sql`province_id`;
    const r = await db.execute<{ id: number }>(sql`
      SELECT x AS id FROM unnest(${`{${ids.join(',')}}`}::int[]) AS x
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} t WHERE t.${column} = x)`);
    return r.rows.map((row) => row.id);
  },
};
