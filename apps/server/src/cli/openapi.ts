/**
 * `npm run openapi`: writes the API's OpenAPI 3.1 document (what `GET /api/docs/json` answers) to a file
 * without serving anything. The app is built on a throw-away embedded PostgreSQL (buildApp needs a
 * database to start its listeners), its document taken with `app.swagger()`, then everything is removed.
 * Usage: `tsx apps/server/src/cli/openapi.ts <out.json>` (docs/internals.md, "API contract").
 */
import { mkdtemp, rm, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { createStorage } from '../lib/storage';

const out = process.argv[2];
if (!out) {
  console.error('usage: openapi <out.json>');
  process.exit(2);
}
const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-openapi-'));
// mkdtemp makes the folder private; PostgreSQL runs as its own user when we are root.
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'data'), () => undefined);
try {
  const { db, pool } = await openDatabase(pg.url, 2);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') });
  const storage = createStorage(config);
  const app = await buildApp({ config, db, storage });
  await app.ready();
  await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await pool.end();
  storage.close();
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
