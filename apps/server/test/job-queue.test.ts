/**
 * Emails go through the PostgreSQL job queue (pg-boss) when the app runs its workers:
 * sent by a worker, retried with growing delays, and after the last attempt listed as a dead letter
 * in the admin panel (`/api/admin/failed-emails`), from where an admin sends it again or dismisses it.
 */
import { readdir } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { QUEUES, openJobQueue, type FailedEmail } from '../src/jobs/job-queue';
import { jobsRepository } from '../src/jobs/jobs.repository';
import { diskStorage } from '../src/lib/storage';
import { createTestDatabase, rememberDataDir, signUp } from './helpers';

let databaseUrl: string;
let db: Db;
let end: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  databaseUrl = created.url;
  const opened = await openDatabase(databaseUrl, 5, false);
  db = opened.db;
  end = async () => {
    await opened.pool.end();
    await created.drop();
  };
});
afterAll(() => end());

/** An app working on the queue, with retries shortened to a second. */
async function appWithWorkers(env: Record<string, string>): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'monarch-jobs-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000', ...env });
  const app = await buildApp({
    config,
    db,
    storage: diskStorage(path.join(dataDir, 'uploads')),
    startJobs: true,
    jobOptions: { emailRetryLimit: 1, emailRetryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  rememberDataDir(app, dataDir);
  return { app, dataDir };
}

const contact = (app: FastifyInstance, subject: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/email-contact',
    payload: { name: 'Léa Gagnon', email: 'lea@example.org', subject, message: 'Milkweed seeds near Laval?' },
  });

/** A port on 127.0.0.1 where nothing listens: every SMTP connection is refused. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('servers starting together', () => {
  it('six servers opening the queue on a new database at once all start, with each queue made once', async () => {
    const fresh = await createTestDatabase();
    const opened = await openDatabase(fresh.url, 8, false);
    const quiet = { info: () => undefined, warn: () => undefined };
    try {
      // pg-boss's create_queue deadlocked here before queues were read first and deadlocks retried.
      const queues = await Promise.all(Array.from({ length: 6 }, () => openJobQueue(opened.db, quiet)));
      await Promise.all(queues.map((q) => q.stop()));
      const { rows } = await opened.db.execute<{ name: string }>(sql`SELECT name FROM pgboss.queue ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(Object.values(QUEUES).sort());
    } finally {
      await opened.pool.end();
      await fresh.drop();
    }
  });
});

describe('emails through the job queue', () => {
  it('a worker sends a queued email (to the outbox without SMTP)', async () => {
    const { app, dataDir } = await appWithWorkers({});
    try {
      expect((await contact(app, 'Queued')).statusCode).toBe(204);
      await expect
        .poll(async () => (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length, { timeout: 10_000 })
        .toBe(1);
      // pg-boss marks the job completed after the handler returns, a moment after the file appears.
      await expect
        .poll(async () => (await jobsRepository.countByState(db, QUEUES.email)).completed, { timeout: 10_000 })
        .toBe(1);
    } finally {
      await app.close();
    }
  });

  it('retries a failing email, lists it as failed for an admin, sends it again or dismisses it', async () => {
    // The accounts are made while email works (sign-up is confirmed by an emailed link), then SMTP goes away.
    const mailing = await appWithWorkers({});
    const admin = await signUp(mailing.app);
    const volunteer = await signUp(mailing.app);
    await mailing.app.close();
    await db.execute(sql`UPDATE users SET role_id = 1 WHERE user_id = ${admin.userId}`);
    const { app } = await appWithWorkers({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const list = async (token = admin.token) =>
        app.inject({ method: 'GET', url: '/api/admin/failed-emails?range=[0,9]', headers: { Authorization: token } });

      expect((await contact(app, 'Refused')).statusCode).toBe(204);
      await expect
        .poll(async () => (await list()).json<FailedEmail[]>().length, { timeout: 20_000, interval: 250 })
        .toBe(1);
      const listed = await list();
      expect(listed.headers['content-range']).toBe('failed-emails 0-0/1');
      const [failed] = listed.json<FailedEmail[]>();
      expect(failed?.to).toEqual(expect.any(String));
      expect(failed?.subject).toContain('Refused');
      expect(failed?.error).toContain('ECONNREFUSED');
      expect(failed?.attempts).toBe(2);
      // Two attempts, both failed; the dead letter waits for an admin.
      expect((await jobsRepository.countByState(db, QUEUES.email)).failed).toBe(1);
      expect((await list(volunteer.token)).statusCode).toBe(403);

      // Sent again: it leaves the list, fails its two attempts again and comes back.
      const retried = await app.inject({
        method: 'POST',
        url: `/api/admin/failed-emails/${failed!.id}/retry`,
        headers: { Authorization: admin.token },
      });
      expect(retried.statusCode).toBe(204);
      expect((await list()).json()).toHaveLength(0);
      await expect
        .poll(async () => (await list()).json<FailedEmail[]>().length, { timeout: 20_000, interval: 250 })
        .toBe(1);
      expect((await jobsRepository.countByState(db, QUEUES.email)).failed).toBe(2);

      const again = (await list()).json<FailedEmail[]>()[0]!;
      const dismissed = await app.inject({
        method: 'DELETE',
        url: `/api/admin/failed-emails/${again.id}`,
        headers: { Authorization: admin.token },
      });
      expect(dismissed.statusCode).toBe(204);
      expect((await list()).json()).toHaveLength(0);
      const gone = await app.inject({
        method: 'POST',
        url: `/api/admin/failed-emails/${again.id}/retry`,
        headers: { Authorization: admin.token },
      });
      expect(gone.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
