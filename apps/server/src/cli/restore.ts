/**
 * `npm run restore -- FILE`: restores a backup of `npm run backup` into an EMPTY DATA_DIR (a new
 * embedded PostgreSQL in $DATA_DIR/pg, the photos in $DATA_DIR/uploads), or, with DATABASE_URL,
 * into that empty database (photos still go to $DATA_DIR/uploads). Refuses anything not empty.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { restoreDatabase, unpackBackup } from '../db/backup';
import { startEmbeddedPostgres } from '../db/embedded';
import { log } from './common';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error('[monarch] usage: npm run restore -- FILE (a file written by npm run backup)');
    process.exit(2);
  }
  const config = loadConfig();
  const uploads = path.join(config.dataDir, 'uploads');
  const used = [config.DATABASE_URL ? undefined : 'pg', 'uploads'].filter(
    (d): d is string => d !== undefined && existsSync(path.join(config.dataDir, d)),
  );
  for (const d of used) {
    if ((await readdir(path.join(config.dataDir, d))).length > 0)
      throw new Error(`${path.join(config.dataDir, d)} is not empty: restore needs an empty DATA_DIR.`);
  }
  const started = Date.now();
  await mkdir(config.dataDir, { recursive: true });
  const work = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const manifest = await unpackBackup(path.resolve(file), work);
    const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir, log);
    try {
      await restoreDatabase(config.DATABASE_URL ?? embedded?.url ?? '', work, manifest);
    } finally {
      await embedded?.stop();
    }
    await rm(uploads, { recursive: true, force: true });
    if (existsSync(path.join(work, 'uploads'))) await rename(path.join(work, 'uploads'), uploads);
    log(
      `restored ${file} (of ${manifest.created_at}) in ${Date.now() - started} ms: ${manifest.tables.length} tables, ` +
        `${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${manifest.files.length} photo files`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`[monarch] restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
