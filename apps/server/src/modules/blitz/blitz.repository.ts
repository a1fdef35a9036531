import { sql } from 'drizzle-orm';
import { Lifestage, type BlitzEvent, type BlitzFigures, type LifestageId, type ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere } from '../../db/observation-filters';

/** An event as the public reads it (no bookkeeping dates). */
export type PublicBlitzEvent = Omit<BlitzEvent, 'created' | 'updated'>;

/** The figures the totals query counts itself (stems and density come from the Explore density view). */
export type CountedFigures = Omit<BlitzFigures, 'stems' | 'per_100_stems'>;

/** One row of the counted totals: a province (with its country), a country, or the whole event (both null). */
export type CountedRow = CountedFigures & {
  level: 'province' | 'country' | 'total';
  country_id: number | null;
  province_id: number | null;
};

const EVENT_COLUMNS = sql`blitz_id AS id, name, name_fr, name_es, to_char(start_date, 'YYYY-MM-DD') AS start_date,
  to_char(end_date, 'YYYY-MM-DD') AS end_date, country_ids::int[] AS country_ids, province_ids::int[] AS province_ids`;

/** A life stage id written into the SQL text (a constant, not a bound parameter). */
const stage = (id: LifestageId) => sql.raw(String(id));

/** Public reads of Blitz events and the counts of their observations. */
export const blitzRepository = {
  /** Every event, newest first (by last day, then first day). */
  async list(db: DbOrTx): Promise<PublicBlitzEvent[]> {
    const r = await db.execute<PublicBlitzEvent>(
      sql`SELECT ${EVENT_COLUMNS} FROM blitz_events ORDER BY end_date DESC, start_date DESC, blitz_id DESC`,
    );
    return r.rows;
  },

  /** One event, or undefined. */
  async findById(db: DbOrTx, id: number): Promise<PublicBlitzEvent | undefined> {
    const r = await db.execute<PublicBlitzEvent>(sql`SELECT ${EVENT_COLUMNS} FROM blitz_events WHERE blitz_id = ${id}`);
    return r.rows[0];
  },

  /**
   * The id of the event to show as "the current one" on `day` (yyyy-MM-dd): one running that day (the
   * latest started), else the latest one already started, else the next one to come; undefined when
   * there is none.
   */
  async currentId(db: DbOrTx, day: string): Promise<number | undefined> {
    const r = await db.execute<{ id: number }>(sql`
      SELECT blitz_id AS id FROM blitz_events
      ORDER BY (start_date <= ${day}::date AND end_date >= ${day}::date) DESC,
               (start_date <= ${day}::date) DESC,
               CASE WHEN start_date <= ${day}::date THEN start_date END DESC,
               start_date, blitz_id DESC
      LIMIT 1`);
    return r.rows[0]?.id;
  },

  /**
   * Counts over the event's observations among `statuses` (Explore's filter `blitz_id`, so the
   * totals, the map and the downloads read the same rows), per province, per country and in all:
   * distinct observers, sites and checklists, and the sum of the counts of each life stage. A site's
   * country is its own, else its province's.
   */
  async counts(db: DbOrTx, blitzId: number, statuses: readonly ObservationStatusId[]): Promise<CountedRow[]> {
    const sum = (id: LifestageId) => sql`coalesce(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(id)}), 0)::int`;
    const r = await db.execute<CountedRow>(sql`
      SELECT CASE WHEN grouping(pr.country_id) = 1 THEN 'total' WHEN grouping(s.province_id) = 1 THEN 'country' ELSE 'province' END AS level,
             pr.country_id, s.province_id,
             count(DISTINCT c.user_id)::int AS participants, count(DISTINCT c.site_id)::int AS sites,
             count(DISTINCT c.checklist_id)::int AS visits,
             ${sum(Lifestage.Adult)} AS adults, ${sum(Lifestage.Eggs)} AS eggs,
             ${sum(Lifestage.Caterpillar)} AS caterpillars, ${sum(Lifestage.Chrysalis)} AS chrysalises
      ${observationJoins('generalised')}
      CROSS JOIN LATERAL (SELECT coalesce(s.country_id, (SELECT p.country_id FROM provinces p WHERE p.province_id = s.province_id)) AS country_id) pr
      WHERE ${observationWhere({ blitz_id: blitzId }, statuses)}
      GROUP BY GROUPING SETS ((pr.country_id, s.province_id), (pr.country_id), ())`);
    return r.rows;
  },

  /** The country of each province (`provinces`), to add the density view's provinces up by country. */
  async provinceCountries(db: DbOrTx): Promise<Map<number, number>> {
    const r = await db.execute<{ province_id: number; country_id: number }>(
      sql`SELECT province_id, country_id FROM provinces`,
    );
    return new Map(r.rows.map((row) => [row.province_id, row.country_id]));
  },
};
