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
 * Reports connection losses of `pool` instead of letting them end the process. node-postgres emits `error` on a
 * client whose connection ends (PostgreSQL stopping or restarting, `57P01`, a cut socket), and an `error` nobody
 * listens to ends the process: the pool listens while a client is idle (its `error` event), nobody while it is
 * checked out and between two statements (a transaction awaiting a file, a stream's consumer). While checked out,
 * `onError` is told unless the client's holder listens itself (the LISTEN connections of lib/notify-listener.ts and
 * lib/data-version.ts); the holder's next statement fails with its own error, and the pool drops the client on
 * release.
 * @param pool any pool of the server's
 * @param onError told of each loss (logged as a warning by the callers)
 */
export function reportConnectionLosses(pool: pg.Pool, onError: (err: Error) => void): void {
  pool.on('error', onError);
  const whileCheckedOut = new WeakMap<pg.PoolClient, (err: Error) => void>();
  pool.on('acquire', (client) => {
    const listener = (err: Error) => {
      if (client.listenerCount('error') === 1) onError(err);
    };
    whileCheckedOut.set(client, listener);
    client.on('error', listener);
  });
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => {
    const listener = whileCheckedOut.get(client);
    if (listener) client.removeListener('error', listener);
    whileCheckedOut.delete(client);
  });
}

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
  // A client losing its connection (server restart, shutdown) is reported here; without a listener
  // node-postgres would crash the process. The pool replaces the client on next use.
  reportConnectionLosses(pool, onIdleError);
  const db = drizzle(pool, { schema });
  if (applyMigrations) {
    // Migrations may build indexes for longer than a request's statement timeout: their own pool.
    const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
    reportConnectionLosses(migrationPool, onIdleError);
    try {
      await migrate(drizzle(migrationPool, { schema }), { migrationsFolder });
    } finally {
      await migrationPool.end();
    }
  }
  return { db, pool };
}
