import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** A row of pg-boss's job table in a dead-letter queue (schema `pgboss`, pg-boss 10's layout). */
export type DeadLetterRow = {
  id: string;
  data: unknown;
  /** The last attempt's error, as pg-boss stored it (`{message, stack, …}`). */
  output: unknown;
  retry_limit: number;
  /** ISO 8601 UTC. */
  created_on: string;
};

const CREATED_ISO = sql.raw(`to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_on`);

/** Reads pg-boss's tables; pg-boss itself writes them. */
export const jobsRepository = {
  /** Jobs waiting in a dead-letter queue, newest first. */
  async deadLetters(db: DbOrTx, queue: string, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      db.execute<DeadLetterRow>(sql`
        SELECT id::text, data, output, retry_limit, ${CREATED_ISO} FROM pgboss.job
        WHERE name = ${queue} AND state = 'created' ORDER BY created_on DESC, id LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${queue} AND state = 'created'`,
      ),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },

  /** One waiting dead letter, or undefined. */
  async deadLetter(db: DbOrTx, queue: string, id: string): Promise<DeadLetterRow | undefined> {
    const found = await db.execute<DeadLetterRow>(sql`
      SELECT id::text, data, output, retry_limit, ${CREATED_ISO} FROM pgboss.job
      WHERE name = ${queue} AND id = ${id}::uuid AND state = 'created'`);
    return found.rows[0];
  },

  /**
   * How many jobs of a queue are in each state (live table and archive), for tests and health; with
   * `singletonKey`, only the jobs sent under that key (e.g. the photo upkeep's `start-up` runs).
   */
  async countByState(db: DbOrTx, queue: string, singletonKey?: string): Promise<Record<string, number>> {
    const key = singletonKey === undefined ? sql`true` : sql`singleton_key = ${singletonKey}`;
    const found = await db.execute<{ state: string; n: number }>(sql`
      SELECT state::text, count(*)::int AS n FROM (
        SELECT state FROM pgboss.job WHERE name = ${queue} AND ${key}
        UNION ALL SELECT state FROM pgboss.archive WHERE name = ${queue} AND ${key}) j GROUP BY state`);
    return Object.fromEntries(found.rows.map((r) => [r.state, r.n]));
  },
};
