/**
 * `npm run backup -- FILE`: a consistent backup of the database and the photos, while the server
 * runs (db/backup.ts). Uses DATABASE_URL, else the running server's embedded PostgreSQL, else
 * starts the embedded one for the task. Photos are read from $DATA_DIR/uploads (the disk driver); with
 * S3_BUCKET they are in the bucket and this says so.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { writeBackup } from '../db/backup';
import { log, openForCli } from './common';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('[monarch] usage: npm run backup -- FILE');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.S3_BUCKET) {
    log(
      `photos are in the bucket ${config.S3_BUCKET} (S3_BUCKET), not in this backup: keep the bucket versioned or replicated`,
    );
  }
  const database = await openForCli();
  const client = await database.pool.connect();
  try {
    const started = Date.now();
    const figures = await writeBackup(client, path.join(config.dataDir, 'uploads'), path.resolve(file));
    log(
      `backup written to ${path.resolve(file)} in ${Date.now() - started} ms: ${figures.tables} tables, ${figures.rows} rows, ` +
        `${figures.files} photo files (${figures.bytes} bytes)`,
    );
  } finally {
    client.release();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[monarch] backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
