import type pg from 'pg';
import type { Config } from '../config';
import { watchDatabase, type DatabaseMonitor } from './availability';
import { openDatabase, type Db } from './client';
import { startEmbeddedPostgres } from './embedded';
import { fillPublicText } from './public-text';
import { seedReferenceData } from './seed/seed-reference';

export interface OpenedDatabase {
  db: Db;
  pool: pg.Pool;
  /** Whether the database answers; restarts the embedded PostgreSQL when it died. */
  monitor: DatabaseMonitor;
  /** Closes the pool, then stops the embedded server if one was started. */
  close: () => Promise<void>;
}

/**
 * The configured database: `DATABASE_URL`, else the embedded PostgreSQL in `$DATA_DIR/pg`;
 * migrated, with reference data seeded and public texts computed (db/public-text.ts), watched by a
 * monitor (db/availability.ts).
 * @throws Error when the embedded data directory is in use by another process
 */
export async function connectDatabase(
  config: Config,
  log: (msg: string) => void,
  /** false in a cluster worker: the primary process already migrated and seeded (server.ts). */
  setUp = true,
): Promise<OpenedDatabase> {
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.DATABASE_URL ?? embedded?.url;
  if (!url) throw new Error('No database URL');
  let closing = false;
  const { db, pool } = await openDatabase(url, undefined, setUp, (err) => {
    if (!closing) log(`database connection lost: ${err.message}`);
  });
  if (setUp) {
    await seedReferenceData(db);
    // Public texts of rows written before they existed (or restored) are computed now.
    const filled = await fillPublicText(db);
    if (filled.checklists + filled.sites > 0)
      log(
        `public texts computed: ${filled.checklists} comments, ${filled.sites} places (email addresses and phone numbers removed)`,
      );
  }
  const monitor = watchDatabase(url, embedded, log);
  return {
    db,
    pool,
    monitor,
    close: async () => {
      closing = true;
      await monitor.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}
