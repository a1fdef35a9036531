import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// DATE columns come back as 'yyyy-MM-dd' strings, not JS Dates shifted by the local zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// COUNT(*) and BIGINT sums fit easily in a double for this application's sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens a pool on `url` and applies the committed SQL migrations (idempotent).
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection (server restart, shutdown) is reported here; without a
  // listener node-postgres would crash the process. The pool replaces the client on next use.
  pool.on('error', onIdleError);
  const db = drizzle(pool, { schema });
  if (applyMigrations) await migrate(db, { migrationsFolder });
  return { db, pool };
}
