import { sql, type SQL } from 'drizzle-orm';
import type { DownloadFormat, ExploreFilters, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere } from '../observations/observation-filters';

/** What is logged of a download when it starts. */
export interface DownloadLog {
  user_id: number | null;
  reason_id: number | null;
  reason_text: string | null;
  filters: ExploreFilters;
  format: DownloadFormat;
}

/** Queries of the downloads feature: the export rows and the `downloads` log. */
export const downloadsRepository = {
  /**
   * The observations Explore shows for `filters` and `statuses` (same WHERE), one row per
   * observation in `OccurrenceSourceRow` shape, in observation id order so that PostgreSQL can
   * stream them from the primary key without sorting the whole result first.
   */
  occurrencesQuery(filters: ExploreFilters, statuses: readonly ObservationStatusId[]): SQL {
    return sql`
      SELECT o.observation_id, c.checklist_id, c.checklist_date,
             to_char(c.start_time, 'HH24:MI') AS start_time, to_char(c.end_time, 'HH24:MI') AS end_time,
             s.latitude, s.longitude, co.administrative AS country_code, p.province, s.city, s.locality,
             o.lifestage_id, o.numbers, o.number_of_plants, m.latin_name AS milkweed_latin_name,
             o.basisofrecord_id, u.username, st.name AS status, c.is_flash,
             (SELECT array_agg(ph.photo_path || '/large/' || ph.photo_name ORDER BY ph.id)
                FROM photos ph WHERE ph.observation_id = o.observation_id AND NOT ph.isdeleted) AS photos
      ${observationJoins}
      JOIN observationstatus st ON st.status_id = o.observationstatus_id
      LEFT JOIN provinces p ON p.province_id = s.province_id
      LEFT JOIN countries co ON co.id = coalesce(s.country_id, p.country_id)
      LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
      LEFT JOIN users u ON u.user_id = c.user_id
      WHERE ${observationWhere(filters, statuses)}
      ORDER BY o.observation_id`;
  },

  /** True when `reasonId` is a live reason of the seeded list. */
  async reasonExists(db: DbOrTx, reasonId: number): Promise<boolean> {
    const r = await db.execute(sql`SELECT 1 FROM reasons WHERE id = ${reasonId} AND NOT isdeleted`);
    return r.rows.length > 0;
  },

  /** Logs a starting download with 0 rows; answers its id. */
  async create(db: DbOrTx, log: DownloadLog): Promise<number> {
    const r = await db.execute<{ id: number }>(sql`
      INSERT INTO downloads (user_id, reason_id, reason_text, filters, format, rows)
      VALUES (${log.user_id}, ${log.reason_id}, ${log.reason_text}, ${JSON.stringify(log.filters)}::jsonb, ${log.format}, 0)
      RETURNING id`);
    const id = r.rows[0]?.id;
    if (id === undefined) throw new Error('downloads insert returned no id');
    return id;
  },

  /** Records the rows written; `finished` only when the whole file was written. */
  async end(db: DbOrTx, id: number, rows: number, finished: boolean): Promise<void> {
    await db.execute(
      sql`UPDATE downloads SET rows = ${rows}, finished = ${finished ? sql`now()` : sql`NULL`} WHERE id = ${id}`,
    );
  },
};
