/**
 * `npm run backup` while the server runs → wipe → `npm run restore` into an empty
 * DATA_DIR → same row counts, same photo files (checksums), and the app starts on it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  fixture,
  flash,
  json,
  multipartBody,
  quebec,
  removeTempDataDirs,
  request,
  requestPatiently,
  run,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
  waitFor,
} from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 3;

let server: ServerProcess | undefined;
afterAll(async () => {
  await stopServer(server);
  await removeTempDataDirs();
});

async function rowCounts(dataDir: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: await runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows)
      counts[name] = Number((await client.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function checksums(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, checksums(full, base));
    else out[path.relative(base, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

describe('backup and restore', () => {
  it('restores the same rows and photo files into an empty DATA_DIR, and the app starts on it', async () => {
    const dataDir = await tempDataDir('chaos-backup');
    server = await startServer(dataDir, PORT);
    const { token } = await signUp(PORT, dataDir);
    const qc = await quebec(PORT);
    const photo = fixture('agama_lizard_kenya_kodak_gps_south.jpg');
    for (let i = 0; i < 5; i++) {
      const body = multipartBody('agama.jpg', photo);
      const up = await requestPatiently(PORT, 'POST', '/api/photos/uploadphotos/observations', {
        headers: { Authorization: token, ...body.headers },
        body: body.body,
      });
      const { photo_name } = JSON.parse(up.body) as { photo_name: string };
      const res = await requestPatiently(PORT, 'POST', '/api/observations/submit_flash', {
        ...json(flash(qc, randomUUID(), i < 4 ? photo_name : undefined)),
        headers: { Authorization: token, 'content-type': 'application/json' },
      });
      expect(res.status, res.body).toBe(201);
    }
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.backup.tar.gz`);
    const backup = await run(['--import', 'tsx', 'apps/server/src/cli/backup.ts', file], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const counts = await rowCounts(dataDir);
    const files = checksums(path.join(dataDir, 'uploads'));
    server.child.kill('SIGTERM');
    await server.exited;

    await rm(dataDir, { recursive: true, force: true });
    const restoredDir = await tempDataDir('chaos-restored');
    const started = Date.now();
    const restore = await run(['--import', 'tsx', 'apps/server/src/cli/restore.ts', file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    const restoreMs = Date.now() - started;
    // A second restore into the now non-empty DATA_DIR is refused.
    const again = await run(['--import', 'tsx', 'apps/server/src/cli/restore.ts', file], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('not empty');

    server = await startServer(restoredDir, PORT);
    expect(await rowCounts(restoredDir)).toEqual(counts);
    expect(checksums(path.join(restoredDir, 'uploads'))).toEqual(files);
    // The start-up photo check is a job of the queue: /api/health reports its figure once it has run.
    let health = await request(PORT, 'GET', '/api/health');
    await waitFor(
      'the start-up photo check',
      async () => 'photos_missing' in JSON.parse((health = await request(PORT, 'GET', '/api/health')).body),
      30_000,
      200,
    );
    expect(JSON.parse(health.body)).toMatchObject({ database: 'ok', photos_missing: 0 });
    const list = await requestPatiently(PORT, 'GET', '/api/observations?page=1&limit=10');
    expect(list.status).toBe(200);
    const signIn = await requestPatiently(PORT, 'GET', '/api/photos/gallery?page=1');
    expect((JSON.parse(signIn.body) as { data: unknown[] }).data).toHaveLength(4);
    console.log(
      `[chaos backup] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables, ` +
        `${Object.keys(files).length} photo files; backup ${statSync(file).size} bytes; restore ${restoreMs} ms; ` +
        `same row counts and checksums after restore`,
    );
    await rm(file, { force: true });
  });
});
