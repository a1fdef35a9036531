/**
 * Kill -9 the server during 300 concurrent Flash submissions with one photo each,
 * restart it with the same command, retry every unacknowledged key. Every acknowledged and every
 * stored observation has all its photo files; no duplicates, no orphan rows. Then the start-up
 * path that stops a postmaster left by a dead server (watchdog killed too), and a second server
 * on a live data directory still refused.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  alive,
  childrenOf,
  cmdline,
  fixture,
  flash,
  json,
  multipartBody,
  postmasterPid,
  quebec,
  removeTempDataDirs,
  request,
  requestPatiently,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
  waitFor,
} from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231);
const SUBMISSIONS = 300;
const KILL_AFTER = 40;
const photo = fixture('agama_lizard_kenya_kodak_gps_south.jpg');

let server: ServerProcess | undefined;
afterAll(async () => {
  await stopServer(server);
  await removeTempDataDirs();
});

async function countStored(dataDir: string, keys: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: await runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const r = await client.query(`SELECT 1 FROM checklists WHERE idempotency_key = ANY($1::uuid[])`, [keys]);
    return r.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe('kill -9 of the server during 300 Flash submissions with photos', () => {
  it('loses no acknowledged submission, breaks no photo, duplicates nothing', async () => {
    const dataDir = await tempDataDir('chaos-photos');
    server = await startServer(dataDir, PORT);
    const { token } = await signUp(PORT, dataDir);
    const qc = await quebec(PORT);
    const auth = { Authorization: token };

    // 300 uploads, spread over three client addresses (the upload limit is 120 a minute per IP).
    const names: string[] = [];
    for (let i = 0; i < SUBMISSIONS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, SUBMISSIONS - i) }, (_, j) => {
          const body = multipartBody('agama.jpg', photo);
          return requestPatiently(PORT, 'POST', '/api/photos/uploadphotos/observations', {
            headers: { ...auth, ...body.headers },
            body: body.body,
            localAddress: `127.0.0.${2 + ((i + j) % 3)}`,
          });
        }),
      );
      for (const res of batch) {
        expect(res.status, res.body).toBe(201);
        names.push((JSON.parse(res.body) as { photo_name: string }).photo_name);
      }
    }

    const keys: string[] = names.map(() => randomUUID());
    const acknowledged = new Map<string, number>();
    let answered = 0;
    const first = server;
    const killedAt = { ms: 0 };
    const refused: string[] = [];
    await Promise.allSettled(
      keys.map(async (key, i) => {
        const res = await request(PORT, 'POST', '/api/observations/submit_flash', {
          ...json(flash(qc, key, names[i])),
          headers: { ...auth, 'content-type': 'application/json' },
        });
        if (res.status === 201 || res.status === 200) {
          acknowledged.set(key, (JSON.parse(res.body) as { checklist_id: number }).checklist_id);
          answered += 1;
          if (answered === KILL_AFTER && !killedAt.ms) {
            killedAt.ms = Date.now();
            first.child.kill('SIGKILL');
          }
        } else if (res.status !== 503) refused.push(`${res.status} ${res.body}`); // 503: not acknowledged, retried
      }),
    );
    if (!killedAt.ms) first.child.kill('SIGKILL');
    await first.exited;
    expect(refused).toEqual([]);
    expect(killedAt.ms).toBeGreaterThan(0);
    const ackBeforeKill = acknowledged.size;

    // Restart with the same command, no manual step: the watchdog stopped the orphan postmaster.
    server = await startServer(dataDir, PORT);
    const readyMs = Date.now() - killedAt.ms;
    const storedAtRestart = await countStored(dataDir, keys);
    const retried = keys.filter((k) => !acknowledged.has(k));
    for (let i = 0; i < retried.length; i += 25) {
      await Promise.all(
        retried.slice(i, i + 25).map(async (key) => {
          const res = await requestPatiently(PORT, 'POST', '/api/observations/submit_flash', {
            ...json(flash(qc, key, names[keys.indexOf(key)])),
            headers: { ...auth, 'content-type': 'application/json' },
          });
          expect(res.status, res.body).toBe(201);
          acknowledged.set(key, (JSON.parse(res.body) as { checklist_id: number }).checklist_id);
        }),
      );
    }
    const recoveredMs = Date.now() - killedAt.ms;
    // A retry of an acknowledged key answers the same checklist (and writes nothing).
    const sample = [...acknowledged.entries()].slice(0, 10);
    for (const [key, id] of sample) {
      const res = await request(PORT, 'POST', '/api/observations/submit_flash', {
        ...json(flash(qc, key, names[keys.indexOf(key)])),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(JSON.parse(res.body)).toMatchObject({ checklist_id: id });
    }
    await waitFor('the start-up photo reconciliation', () => server!.output().includes('photo files checked'), 60_000);

    const url = await runningEmbeddedUrl(dataDir);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const stored = await client.query<{ key: string; id: number }>(
        `SELECT c.idempotency_key AS key, c.checklist_id AS id FROM checklists c WHERE c.idempotency_key = ANY($1::uuid[])`,
        [keys],
      );
      const byKey = new Map(stored.rows.map((r) => [r.key, r.id]));
      const photos = await client.query<{ photo_name: string; photo_path: string; observation_id: number | null }>(
        `SELECT photo_name, photo_path, observation_id FROM photos WHERE photo_name = ANY($1::text[])`,
        [names],
      );
      const broken = photos.rows.filter(
        (p) =>
          p.photo_path !== 'observations' ||
          p.observation_id === null ||
          !['large', 'small'].every((size) =>
            existsSync(path.join(dataDir, 'uploads', p.photo_path, size, p.photo_name)),
          ),
      );
      const orphans = await client.query<{ n: number }>(`
        SELECT (SELECT count(*) FROM sites s WHERE NOT EXISTS (SELECT 1 FROM checklists c WHERE c.site_id = s.site_id))
             + (SELECT count(*) FROM checklists c WHERE NOT EXISTS (SELECT 1 FROM observations o WHERE o.checklist_id = c.checklist_id))
             + (SELECT count(*) FROM photos WHERE observation_id IS NULL) AS n`);
      const perChecklist = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM observations WHERE checklist_id = ANY($1::int[]) GROUP BY checklist_id HAVING count(*) <> 1`,
        [[...byKey.values()]],
      );
      const tempLeft = photos.rows.filter((p) =>
        existsSync(path.join(dataDir, 'uploads', 'observations_temp', 'large', p.photo_name)),
      ).length;
      console.log(
        `[chaos photos] ${SUBMISSIONS} submissions, kill -9 after ${KILL_AFTER} answers: acknowledged before the kill ${ackBeforeKill}, ` +
          `stored at restart ${storedAtRestart}, stored ${stored.rowCount} (after retrying ${retried.length} unacknowledged keys: acknowledged ${acknowledged.size}), ` +
          `broken photos ${broken.length}, orphan rows ${Number(orphans.rows[0]?.n)}, temporary names left ${tempLeft}; ` +
          `server ready again ${readyMs} ms after the kill, every key acknowledged ${recoveredMs} ms after it`,
      );
      expect(ackBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(stored.rowCount).toBe(SUBMISSIONS);
      for (const [key, id] of acknowledged) expect(byKey.get(key)).toBe(id);
      expect(broken).toEqual([]);
      expect(photos.rowCount).toBe(SUBMISSIONS);
      expect(Number(orphans.rows[0]?.n)).toBe(0);
      expect(perChecklist.rowCount).toBe(0);
    } finally {
      await client.end();
    }

    // A second server on this live data directory is refused, with the message.
    const second = await startServer(dataDir, PORT + 1, {}, false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already in use by another process');

    // The server and its watchdog killed together: the postmaster stays, orphaned; the next
    // start stops it cleanly and goes on.
    const pm = await postmasterPid(dataDir);
    const watchdog = childrenOf(server.pid).find((pid) => cmdline(pid).includes('postmaster-watchdog'));
    expect(watchdog).toBeDefined();
    process.kill(watchdog!, 'SIGKILL');
    server.child.kill('SIGKILL');
    await server.exited;
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(pm)).toBe(true);
    const t0 = Date.now();
    server = await startServer(dataDir, PORT);
    console.log(`[chaos photos] orphan postmaster stopped and server ready in ${Date.now() - t0} ms`);
    expect(server.output()).toContain(`Stopping PostgreSQL pid ${pm}, left running`);
    expect(alive(pm)).toBe(false);
    const health = await request(PORT, 'GET', '/api/health');
    expect(JSON.parse(health.body)).toMatchObject({ database: 'ok' });

    // A clean stop stops PostgreSQL too.
    const pm2 = await postmasterPid(dataDir);
    server.child.kill('SIGTERM');
    await server.exited;
    await waitFor('the postmaster to stop', () => !alive(pm2), 10_000);
  });
});
