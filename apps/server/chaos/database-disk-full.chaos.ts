/**
 * PostgreSQL's own disk filled under writes (docs/internals.md, "No room for photos" and "Health checks"):
 * the embedded cluster lives on a small tmpfs; once another file has taken every byte, submissions are
 * refused with 503 + Retry-After (PostgreSQL's disk_full, SQLSTATE 53100, counts as the database being
 * unavailable) and `/api/health` answers 503 with `database: full`, none is half-saved (a refused submission has no row; every acknowledged one is stored once
 * with all its observations), and the service comes back by itself when room returns, taking the refused
 * submissions again under their idempotency keys. Needs `mount` (root with CAP_SYS_ADMIN): skipped with the
 * reason printed where the machine cannot mount a tmpfs.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  fillUntilFull,
  mountTmpfs,
  type Answer,
  flash,
  json,
  quebec,
  removeTempDataDirs,
  request,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
  waitFor,
} from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 7;
/** Size of the cluster's tmpfs (MiB): a fresh cluster with the migrations takes about 60 MiB. */
const TMPFS_MIB = 192;

let server: ServerProcess | undefined;
let mounted: string | undefined;

afterAll(async () => {
  await stopServer(server);
  if (mounted) execFileSync('umount', ['-l', mounted]);
  await removeTempDataDirs();
});

/** A Flash body with two adults, two eggs and one caterpillar: three observation rows per submission. */
function threeRows(qc: number, key: string) {
  return { ...flash(qc, key), adults: 2, eggs: 2, caterpillars: 1 };
}

describe("PostgreSQL's disk full", () => {
  it('refuses writes with 503, half-saves nothing, and comes back when room returns', async (ctx) => {
    const dataDir = await tempDataDir('chaos-pgdisk');
    const clusterDir = path.join(dataDir, 'pg');
    const cannot = mountTmpfs(clusterDir, TMPFS_MIB, '0700');
    if (!cannot) mounted = clusterDir;
    if (cannot) {
      console.log(`[chaos pg disk] skipped: ${cannot}`);
      ctx.skip();
      return;
    }
    server = await startServer(dataDir, PORT);
    const { token } = await signUp(PORT, dataDir);
    const qc = await quebec(PORT);
    const headers = { Authorization: token, 'content-type': 'application/json', Language: 'fr' };
    const submit = (key: string) =>
      request(PORT, 'POST', '/api/observations/submit_flash', {
        ...json(threeRows(qc, key)),
        headers,
        timeoutMs: 20_000,
      });

    const tried: string[] = [randomUUID()];
    const before = await submit(tried[0]!);
    expect(before.status, before.body).toBe(201);

    // 1. Every byte of the cluster's file system taken by another file. Writes go on until PostgreSQL
    // itself runs out (its WAL segments are preallocated, so the first writes after the fill may pass).
    const filler = path.join(clusterDir, 'filler.bin');
    // The filler belongs to root: PostgreSQL (user postgres) cannot delete it to make room for itself.
    const filled = fillUntilFull(filler);
    try {
      chownSync(filler, 0, 0);
    } catch {
      // not root: the file is ours, which is as good
    }
    const refused: { key: string; answer: Answer }[] = [];
    const acknowledged = new Set<string>();
    const during: Answer[] = [];
    let tries = 0;
    while (refused.length < 5 && tries < 400) {
      tries += 1;
      const key = randomUUID();
      tried.push(key);
      const answer = await submit(key).catch(
        (err: unknown) => ({ status: 0, headers: {}, body: String(err), ms: 0 }) as Answer,
      );
      during.push(answer);
      if (answer.status === 201) acknowledged.add(key);
      else refused.push({ key, answer });
    }
    const health = await request(PORT, 'GET', '/api/health');
    const statuses = [...new Set(during.map((a) => a.status))];
    console.log(
      `[chaos pg disk] tmpfs of ${TMPFS_MIB} MiB, filler ${(filled / 1048576).toFixed(1)} MiB: ${tries} submissions, ` +
        `${acknowledged.size} acknowledged before PostgreSQL ran out, then ${refused.length} refused (statuses ${JSON.stringify(statuses)}, ` +
        `slowest ${Math.max(...during.map((a) => a.ms))} ms); health ${health.status} ${health.body}`,
    );
    expect(refused.length, 'PostgreSQL never ran out of room').toBe(5);
    for (const { answer } of refused) {
      expect(answer.status, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 503, message: 'Veuillez réessayer' });
    }
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', database: 'full', photo_store: 'ok' });

    // 2. Room again: the same submissions (same idempotency keys, as the outbox sends them) are taken.
    const roomAt = Date.now();
    rmSync(filler);
    await waitFor(
      'a refused submission taken once room returns',
      async () => (await submit(refused[0]!.key).catch(() => undefined))?.status === 201,
      60_000,
      500,
    );
    const backMs = Date.now() - roomAt;
    for (const { key } of refused.slice(1)) {
      const answer = await submit(key);
      expect(answer.status, answer.body).toBe(201);
      acknowledged.add(key);
    }
    acknowledged.add(refused[0]!.key);
    // A retry of an acknowledged one is not a new submission.
    const retried = await submit(refused[1]!.key);
    expect([200, 201]).toContain(retried.status);
    await waitFor('health ok', async () => (await request(PORT, 'GET', '/api/health')).status === 200, 30_000, 250);
    const healthBackMs = Date.now() - roomAt;

    // 3. Nothing half-saved: each acknowledged submission is one checklist with its three observations;
    // nothing else of this volunteer's exists.
    const url = await runningEmbeddedUrl(dataDir);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = await client.query<{ idempotency_key: string; observations: number }>(
        `SELECT c.idempotency_key::text AS idempotency_key, count(o.*)::int AS observations
           FROM checklists c LEFT JOIN observations o ON o.checklist_id = c.checklist_id
          WHERE c.idempotency_key = ANY($1::uuid[])
          GROUP BY c.checklist_id, c.idempotency_key`,
        [tried],
      );
      const keys = rows.rows.map((r) => r.idempotency_key);
      expect(keys.length).toBe(new Set(keys).size);
      expect(new Set(keys)).toEqual(new Set([tried[0], ...acknowledged]));
      for (const r of rows.rows) expect(r.observations).toBe(3);
    } finally {
      await client.end();
    }
    console.log(
      `[chaos pg disk] room back: the 5 refused submissions taken under their keys (the first ${backMs} ms after the ` +
        `filler went), health 200 after ${healthBackMs} ms, ${acknowledged.size + 1} checklists of 3 observations each, no duplicate, no partial`,
    );
  }, 240_000);
});
