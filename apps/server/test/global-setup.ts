import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { seedReferenceData } from '../src/db/seed/seed-reference';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One real PostgreSQL for the whole run, migrated and seeded once; test files share it. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-test-'));
  // mkdtemp makes the folder private; PostgreSQL runs as its own user when we are root.
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres(dir, () => undefined);
  const { db, pool } = await openDatabase(pg.url, 2);
  await seedReferenceData(db);
  await pool.end();
  project.provide('databaseUrl', pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
