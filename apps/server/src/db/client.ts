import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// DATE columns come back as 'yyyy-MM-dd' strings, not JS Dates shifted by the local zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// COUNT(*) and BIGINT sums fit easily in a double for this application's sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Timeouts of every pooled connection, so that a database that is down or frozen never holds a
 * request for long: connecting (ms, client side), one statement and an idle open
 * transaction (ms, server side: PostgreSQL ends them).
 */
const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 1500,
  statement_timeout: 60_000,
  idle_in_transaction_session_timeout: 120_000,
} as const;

/**
 * Opens a pool on `url` (timeouts of POOL_TIMEOUTS, TCP keep-alive) and applies the committed SQL migrations (idempotent).
 * @param url PostgreSQL connection URL
 * @param poolSize connections in the pool
 * @param applyMigrations false when another process already migrated (test workers)
 * @param onIdleError told when an idle pooled connection fails (e.g. 57P01 while PostgreSQL stops)
 */
export async function openDatabase(
  url: string,
  poolSize = 20,
  applyMigrations = true,
  onIdleError: (err: Error) => void = () => {},
): Promise<{ db: Db; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, keepAlive: true, ...POOL_TIMEOUTS });
  // An idle client losing its connection (server restart, shutdown) is reported here; without a
  // listener node-postgres would crash the process. The pool replaces the client on next use.
  pool.on('error', onIdleError);
  const db = drizzle(pool, { schema });
  if (applyMigrations) {
    // Migrations may build indexes for longer than a request's statement timeout: their own pool.
    const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
    migrationPool.on('error', onIdleError);
    try {
      await migrate(drizzle(migrationPool, { schema }), { migrationsFolder });
    } finally {
      await migrationPool.end();
    }
  }
  return { db, pool };
}
