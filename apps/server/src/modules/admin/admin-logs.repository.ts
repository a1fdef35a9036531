import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One cell of downloads per reason: a period's first day (yyyy-MM-dd, UTC) and a reason (null: own words only). */
export type DownloadsPerReasonCell = {
  period: string;
  reason_id: number | null;
  downloads: number;
  records: number;
};

/** Queries of the admin panel's logs (issue 18: downloads per reason over time). */
export const adminLogsRepository = {
  /**
   * Downloads and the records they wrote per `period` (UTC weeks from Monday, or months) and reason,
   * over the last `periods` periods up to the current one; non-empty cells only, oldest first.
   */
  async downloadsPerReason(db: DbOrTx, period: 'week' | 'month', periods: number): Promise<DownloadsPerReasonCell[]> {
    const r = await db.execute<DownloadsPerReasonCell>(sql`
      SELECT to_char(date_trunc(${period}, d.created AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
             d.reason_id, count(*)::int AS downloads, coalesce(sum(d.rows), 0)::int AS records
      FROM downloads d
      WHERE d.created AT TIME ZONE 'UTC' >= date_trunc(${period}, now() AT TIME ZONE 'UTC') - ${`${periods - 1} ${period}`}::interval
      GROUP BY 1, 2
      ORDER BY 1, 2 NULLS LAST`);
    return r.rows;
  },

  /**
   * The first day (yyyy-MM-dd, UTC) of each of the last `periods` periods up to the current one, oldest
   * first, so that empty weeks or months still show.
   */
  async periodStarts(db: DbOrTx, period: 'week' | 'month', periods: number): Promise<string[]> {
    const r = await db.execute<{ start: string }>(sql`
      SELECT to_char(g, 'YYYY-MM-DD') AS start
      FROM generate_series(
        date_trunc(${period}, now() AT TIME ZONE 'UTC') - ${`${periods - 1} ${period}`}::interval,
        date_trunc(${period}, now() AT TIME ZONE 'UTC'),
        ${`1 ${period}`}::interval) AS g
      ORDER BY g`);
    return r.rows.map((row) => row.start);
  },

  /** Names of the download reasons in en, fr and es, retired ones included. */
  async reasonNames(
    db: DbOrTx,
  ): Promise<{ id: number; name: string; name_fr: string | null; name_es: string | null; isdeleted: boolean }[]> {
    const r = await db.execute<{
      id: number;
      name: string;
      name_fr: string | null;
      name_es: string | null;
      isdeleted: boolean;
    }>(sql`SELECT id, name, name_fr, name_es, isdeleted FROM reasons ORDER BY id`);
    return r.rows;
  },
};
