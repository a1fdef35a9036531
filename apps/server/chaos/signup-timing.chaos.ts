/**
 * Sign-up does not tell whether an email has an account, by its answer or by its time (signup.service.ts):
 * 50 sign-ups with new emails and 50 with the email of an existing account, in back-to-back pairs, against a
 * real server process; the median of the pairs' differences in answer time is at most 5 ms.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  json,
  removeTempDataDirs,
  request,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
} from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 6;
const TRIES = 50;
/** Most the two medians may differ (ms): what a client could time over the network is far coarser. */
const NOISE_MS = 5;

let server: ServerProcess | undefined;
afterAll(async () => {
  await stopServer(server);
  await removeTempDataDirs();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('sign-up timing', () => {
  it('takes the same time for a new email and for one that has an account', async () => {
    const dataDir = await tempDataDir('chaos-signup');
    server = await startServer(dataDir, PORT, { SIGNUP_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' });
    const { username: owner } = await signUp(PORT, dataDir);
    const knownEmail = `${owner}@example.org`;
    const attempt = async (email: string) => {
      const username = `t${randomUUID().slice(0, 12).replace('-', '')}`;
      const started = process.hrtime.bigint();
      const res = await request(
        PORT,
        'POST',
        '/api/users/signup',
        json({
          username,
          first_name: 'Léa',
          last_name: 'Roy',
          email,
          password: 'monarque1',
          confirm_password: 'monarque1',
          language: 'fr',
          newsletter: false,
        }),
      );
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { status: res.status, body: res.body, ms };
    };
    // Warm-up: the first requests compile code paths and open connections.
    for (let i = 0; i < 5; i++) {
      await attempt(`warm${i}${randomUUID().slice(0, 6)}@example.org`);
      await attempt(knownEmail);
    }
    const fresh: number[] = [];
    const known: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < TRIES; i++) {
      // Alternating which goes first, so a drift of the machine's load falls on both alike.
      const pair =
        i % 2 === 0
          ? [await attempt(`new${randomUUID().slice(0, 10)}@example.org`), await attempt(knownEmail)]
          : [await attempt(knownEmail), await attempt(`new${randomUUID().slice(0, 10)}@example.org`)].reverse();
      const [a, b] = pair as [Awaited<ReturnType<typeof attempt>>, Awaited<ReturnType<typeof attempt>>];
      expect(a.status, a.body).toBe(202);
      expect(b.status, b.body).toBe(202);
      fresh.push(a.ms);
      known.push(b.ms);
      bodies.add(a.body).add(b.body);
    }
    const difference = median(known) - median(fresh);
    // Each pair ran back to back: the median of the pairs' differences cancels what the machine's load
    // does to both over the run (other processes on a busy machine move single answers by tens of ms).
    const paired = median(known.map((ms, i) => ms - fresh[i]!));
    console.log(
      `[chaos signup] ${TRIES} + ${TRIES} sign-ups: median ${median(fresh).toFixed(1)} ms for a new email, ${median(known).toFixed(1)} ms for a known one ` +
        `(difference of medians ${difference.toFixed(1)} ms; median of paired differences ${paired.toFixed(1)} ms, ≤ ${NOISE_MS})`,
    );
    expect([...bodies]).toEqual(['{"confirmation_sent":true}']);
    expect(Math.abs(paired)).toBeLessThanOrEqual(NOISE_MS);
  }, 180_000);
});
