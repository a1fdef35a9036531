/**
 * Kill -9 the embedded postmaster under load: answers are 503 (with Retry-After) within
 * 2 s, the server starts PostgreSQL again and serves by itself, no acknowledged write is lost.
 * Then freeze every PostgreSQL process (SIGSTOP) for 10 s: health and the API answer 503 within 2 s.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  type Answer,
  cmdline,
  flash,
  json,
  postmasterPid,
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

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 2;
/** Concurrent clients writing during the failures. */
const WRITERS = 8;

let server: ServerProcess | undefined;
afterAll(async () => {
  await stopServer(server);
  await removeTempDataDirs();
});

/** Every PostgreSQL process of a data directory: the postmaster and its children. */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSyncSafe(`/proc/${pid}/stat`);
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}
import { readFileSync } from 'node:fs';
const readFileSyncSafe = (file: string) => readFileSync(file, 'utf8');

interface Sample {
  at: number;
  what: string;
  answer?: Answer;
  error?: string;
}

describe('embedded PostgreSQL killed and frozen under load', () => {
  it('answers 503 within 2 s, comes back by itself, loses no acknowledged write', async () => {
    const dataDir = await tempDataDir('chaos-db');
    server = await startServer(dataDir, PORT);
    const { token } = await signUp(PORT, dataDir);
    const qc = await quebec(PORT);
    const headers = { Authorization: token, 'content-type': 'application/json' };

    const acknowledged = new Map<string, number>();
    const pendingKeys = new Set<string>();
    const samples: Sample[] = [];
    let loading = true;
    // Each writer is a client's outbox: it sends a submission until it is acknowledged, always with the
    // same idempotency key (a 503, a timeout or a lost answer means "send it again"), then the next one.
    const writer = async () => {
      let key = randomUUID();
      while (loading) {
        pendingKeys.add(key);
        const at = Date.now();
        try {
          const answer = await request(PORT, 'POST', '/api/observations/submit_flash', {
            ...json(flash(qc, key)),
            headers,
            timeoutMs: 20_000,
          });
          samples.push({ at, what: 'write', answer });
          if (answer.status === 201) {
            acknowledged.set(key, (JSON.parse(answer.body) as { checklist_id: number }).checklist_id);
            pendingKeys.delete(key);
            key = randomUUID();
          }
        } catch (err) {
          samples.push({ at, what: 'write', error: String(err) });
        }
        const readAt = Date.now();
        try {
          const answer = await request(PORT, 'GET', `/api/observations?page=1&limit=5&username=${randomUUID()}`, {
            timeoutMs: 20_000,
          });
          samples.push({ at: readAt, what: 'read', answer });
        } catch (err) {
          samples.push({ at: readAt, what: 'read', error: String(err) });
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const writers = Array.from({ length: WRITERS }, () => writer());
    await new Promise((r) => setTimeout(r, 2000));

    // 1. kill -9 the postmaster.
    const pm = await postmasterPid(dataDir);
    expect(cmdline(pm)).toContain('postgres');
    const killedAt = Date.now();
    process.kill(pm, 'SIGKILL');
    // Backends left by the dead postmaster may still commit a write or two before they notice: the service has
    // come back once a write is acknowledged after a new postmaster is seen (its pid in postmaster.pid).
    let restartSeenAt: number | undefined;
    await waitFor(
      'a write acknowledged after PostgreSQL started again',
      async () => {
        if (restartSeenAt === undefined) {
          const now = await postmasterPid(dataDir).catch(() => pm);
          if (Number.isInteger(now) && now > 0 && now !== pm) restartSeenAt = Date.now();
        }
        const since = restartSeenAt;
        return (
          since !== undefined && samples.some((s) => s.at > since && s.what === 'write' && s.answer?.status === 201)
        );
      },
      60_000,
      50,
    ).catch((err: unknown) => {
      const log = server!
        .output()
        .split('\n')
        .filter((l) => !l.includes('"incoming request"') && !l.includes('"request completed"'));
      console.log(log.slice(-40).join('\n'), JSON.stringify(samples.slice(-5)));
      throw err;
    });
    const firstOk = Math.min(
      ...samples
        .filter((s) => s.at > (restartSeenAt ?? killedAt) && s.answer?.status === 201)
        .map((s) => s.at + (s.answer?.ms ?? 0)),
    );
    const afterKill = samples.filter((s) => s.at + (s.answer?.ms ?? 0) > killedAt && s.at < firstOk);
    const unavailable = afterKill.filter((s) => s.answer?.status === 503);
    const slowest = Math.max(0, ...afterKill.map((s) => s.answer?.ms ?? Infinity));
    const restartedPm = await postmasterPid(dataDir);
    console.log(
      `[chaos db] postmaster kill -9: ${afterKill.length} answers until service came back, ${unavailable.length} were 503, ` +
        `slowest ${slowest} ms, others ${JSON.stringify([...new Set(afterKill.filter((s) => s.answer?.status !== 503).map((s) => s.answer?.status ?? s.error))])}; ` +
        `writes acknowledged again ${firstOk - killedAt} ms after the kill (PostgreSQL pid ${pm} → ${restartedPm})`,
    );
    expect(restartedPm).not.toBe(pm);
    expect(afterKill.every((s) => s.answer !== undefined)).toBe(true);
    expect(slowest).toBeLessThan(2000);
    for (const s of afterKill) {
      expect([200, 201, 503]).toContain(s.answer?.status);
      if (s.answer?.status === 503) {
        expect(s.answer.headers['retry-after']).toBe('5');
        expect(JSON.parse(s.answer.body)).toMatchObject({ statusCode: 503, message: 'Please try again' });
      }
    }
    expect(unavailable.length).toBeGreaterThan(0);

    // 2. Freeze every PostgreSQL process for 10 s.
    await new Promise((r) => setTimeout(r, 1000));
    const frozen = postgresProcesses(restartedPm);
    const frozenAt = Date.now();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    const health: Answer[] = [];
    const healthTimes: number[] = [];
    try {
      while (Date.now() - frozenAt < 10_000) {
        const at = Date.now();
        // Every other call signed in: health must not wait on the caller's session in the frozen database.
        const signedIn = health.length % 2 === 1 ? { headers: { Authorization: token } } : {};
        const answer = await request(PORT, 'GET', '/api/health', { timeoutMs: 5000, ...signedIn }).catch(
          (err: unknown) => ({ status: 0, headers: {}, body: String(err), ms: Date.now() - at }) as Answer,
        );
        health.push(answer);
        healthTimes.push(at - frozenAt);
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    const thawedAt = Date.now();
    const frozenSamples = samples.filter((s) => s.at >= frozenAt && s.at + (s.answer?.ms ?? 0) <= thawedAt);
    await waitFor(
      'health ok after SIGCONT',
      async () => (await request(PORT, 'GET', '/api/health').catch(() => ({ status: 0 }))).status === 200,
      10_000,
      100,
    );
    const backMs = Date.now() - thawedAt;
    console.log(
      `[chaos db] SIGSTOP of ${frozen.length} PostgreSQL processes for 10 s: ${health.length} health calls, statuses ${JSON.stringify(health.map((h) => h.status))}, ` +
        `slowest ${Math.max(...health.map((h) => h.ms))} ms; ${frozenSamples.length} API answers during the freeze, slowest ${Math.max(0, ...frozenSamples.map((s) => s.answer?.ms ?? Infinity))} ms; ` +
        `health ok ${backMs} ms after SIGCONT`,
    );
    for (const [i, h] of health.entries()) {
      expect(h.ms).toBeLessThan(2000);
      if (healthTimes[i]! > 0) {
        expect(h.status).toBe(503);
        expect(JSON.parse(h.body)).toMatchObject({ status: 'degraded', database: 'down', job_queue: 'down' });
      }
    }
    for (const s of frozenSamples) {
      expect(s.answer?.ms).toBeLessThan(2000);
      expect([200, 201, 503]).toContain(s.answer?.status);
    }
    expect(backMs).toBeLessThan(10_000);

    // 3. Stop the load, retry the unacknowledged keys, count.
    loading = false;
    await Promise.all(writers);
    await waitFor(
      'writes accepted again',
      async () => {
        const key = randomUUID();
        const res = await request(PORT, 'POST', '/api/observations/submit_flash', { ...json(flash(qc, key)), headers });
        return res.status === 201;
      },
      10_000,
      200,
    );
    // Every key still unacknowledged when the load stopped is sent again, by as many clients as wrote:
    // each must be stored exactly once, however many times it was sent during the failures.
    const retries = [...pendingKeys];
    const statuses: { key: string; status: number; body: string }[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let key = retries.pop(); key !== undefined; key = retries.pop()) {
          const res = await request(PORT, 'POST', '/api/observations/submit_flash', {
            ...json(flash(qc, key)),
            headers,
          });
          statuses.push({ key, status: res.status, body: res.body });
        }
      }),
    );
    expect(statuses).toHaveLength(pendingKeys.size);
    expect(statuses.filter((r) => r.status !== 201)).toEqual([]);
    const client = new pg.Client({ connectionString: await runningEmbeddedUrl(dataDir) });
    await client.connect();
    try {
      const rows = await client.query<{ key: string; id: number }>(
        'SELECT idempotency_key AS key, checklist_id AS id FROM checklists WHERE idempotency_key = ANY($1::uuid[])',
        [[...acknowledged.keys()]],
      );
      const stored = new Map(rows.rows.map((r) => [r.key, r.id]));
      const lost = [...acknowledged].filter(([key, id]) => stored.get(key) !== id);
      const dup = await client.query(
        'SELECT idempotency_key FROM checklists GROUP BY user_id, idempotency_key HAVING count(*) > 1',
      );
      console.log(
        `[chaos db] acknowledged ${acknowledged.size}, stored ${stored.size}, lost ${lost.length}, duplicates ${dup.rowCount}, retried ${pendingKeys.size}`,
      );
      expect(lost).toEqual([]);
      expect(dup.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
