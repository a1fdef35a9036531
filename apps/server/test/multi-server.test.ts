/**
 * Two real server processes (`node --import tsx apps/server/src/server.ts`, HTTP over real
 * sockets) on one PostgreSQL database and one photo store, as a deployment behind nginx runs them.
 *
 * The store is one bucket of a real S3-protocol server on 127.0.0.1 (@20minutes/s3rver), as servers on
 * two machines would share it; each server has a data folder of its own (its email outbox).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { QUEUES, STARTUP_SLOT_SECONDS } from '../src/jobs/job-queue';
import { jobsRepository } from '../src/jobs/jobs.repository';
import type { Storage } from '../src/lib/storage';
import {
  confirmationToken,
  createTestDatabase,
  multipart,
  photosDir,
  rememberDataDir,
  signUp as signUpInProcess,
} from './helpers';
import { startS3Server } from './helpers/s3-server';

const root = path.resolve(import.meta.dirname, '../../..');
const PORTS = { A: 3241, B: 3242 } as const;
type Name = keyof typeof PORTS;

/** The photo store both servers share: the environment that selects it, and a handle for the test's own setup. */
interface SharedStore {
  /** What the store is, for the test's title. */
  kind: string;
  env: Record<string, string>;
  storage: Storage;
  close(): Promise<void>;
}

/** One folder on local disk, the DATA_DIR of both servers (their `uploads/`). */
async function startSharedStore(): Promise<SharedStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-two-'));
  const s3 = await startS3Server();
  const bucket = await s3.createBucket();
  const storage = s3.storage(bucket);
  return {
    kind: 'one S3 bucket',
    env: { DATA_DIR: dir, ...s3.env(bucket) },
    storage,
    close: async () => {
      storage.close();
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Server {
  name: Name;
  url: string;
  child: ChildProcess;
  output: string[];
}

function startServer(name: Name, env: Record<string, string>): Server {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORTS[name]), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => output.push(d.toString()));
  return { name, url: `http://127.0.0.1:${PORTS[name]}`, child, output };
}

async function waitReady(server: Server): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server ${server.name} exited: ${server.output.join('')}`);
    const ok = await fetch(`${server.url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server ${server.name} not ready: ${server.output.join('')}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

let store: SharedStore;
let db: Db;
let pool: pg.Pool;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let A: Server;
let B: Server;
let orphanName: string;

/** A request to one server; `as` a token, `from` an X-Forwarded-For address (TRUST_PROXY is 127.0.0.1). */
async function call(
  server: Server,
  method: string,
  url: string,
  options: { as?: string; body?: unknown; from?: string; headers?: Record<string, string>; raw?: Buffer } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) headers.Authorization = options.as;
  if (options.from) headers['X-Forwarded-For'] = options.from;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.raw
      ? new Uint8Array(options.raw)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const text = buffer.toString('utf8');
  return { status: res.status, text, buffer, json: <T = Record<string, unknown>>() => JSON.parse(text) as T };
}

async function signUp(server: Server, from: string) {
  const username = `u${randomUUID().slice(0, 8)}`;
  const res = await call(server, 'POST', '/api/users/signup', {
    from,
    body: {
      username,
      first_name: 'Marie',
      last_name: 'Tremblay',
      email: `${username}@example.org`,
      password: 'monarque1',
      confirm_password: 'monarque1',
      language: 'fr',
      newsletter: false,
    },
  });
  expect(res.status).toBe(202);
  // The confirmation email is sent by a job worker of either server, into their common data folder.
  let token: string | undefined;
  await expect
    .poll(async () => (token = await confirmationToken(String(store.env.DATA_DIR), `${username}@example.org`)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const confirmed = await call(server, 'POST', '/api/users/confirm', { from, body: { token } });
  expect(confirmed.status).toBe(201);
  return { username, userId: confirmed.json<{ user_id: number }>().user_id };
}

async function signIn(server: Server, username: string, from: string): Promise<string> {
  const res = await call(server, 'POST', '/api/users/signin', { from, body: { username, password: 'monarque1' } });
  expect(res.status).toBe(200);
  return res.json<{ oauth_token: string }>().oauth_token;
}

beforeAll(async () => {
  // A database of its own: the servers' jobs (photo upkeep) must not touch the other test files' rows.
  ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
  ({ db, pool } = await openDatabase(databaseUrl, 3, false));
  store = await startSharedStore();

  // An upload never attached, two days old, for the start-up clean-up to remove (through the app, in this process).
  const setup = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, ...store.env }),
    db,
    storage: store.storage,
  });
  await setup.ready();
  rememberDataDir(setup, String(store.env.DATA_DIR));
  const owner = await signUpInProcess(setup);
  const body = multipart('orphan.jpg', await readFile(path.join(photosDir, 'genoa_nikon_d3100_gps.jpg')));
  const uploaded = await setup.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { ...body.headers, Authorization: owner.token },
    payload: body.payload,
  });
  orphanName = uploaded.json<{ photo_name: string }>().photo_name;
  await setup.close();
  await db.execute(sql`UPDATE photos SET created = now() - interval '2 days' WHERE photo_name = ${orphanName}`);
  expect(await store.storage.exists(`observations_temp/large/${orphanName}`)).toBe(true);

  // Both start-up runs fall in one slot of the start-up clean-up: not within 30 s of a slot's end.
  const intoSlot = (Date.now() / 1000) % STARTUP_SLOT_SECONDS;
  if (intoSlot > STARTUP_SLOT_SECONDS - 30)
    await new Promise((r) => setTimeout(r, (STARTUP_SLOT_SECONDS - intoSlot + 1) * 1000));
  const env = { ...store.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' };
  [A, B] = [startServer('A', env), startServer('B', env)];
  await Promise.all([waitReady(A), waitReady(B)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([A, B].filter(Boolean).map(stopServer));
  await pool?.end();
  await store?.close();
  await dropDatabase?.();
});

describe('two servers on one database and one store', () => {
  it('runs the start-up clean-up once for both servers', async () => {
    await expect
      .poll(async () => (await jobsRepository.countByState(db, QUEUES.photoUpkeep, 'start-up')).completed ?? 0, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(1);
    // Each server enqueues its start-up run in its onReady hook, before it answers /api/health: both had
    // enqueued before this test began, so a second run would be counted here in any state (created,
    // active, completed). Only start-up runs count: the hourly schedule may add its own run at the hour.
    expect(await jobsRepository.countByState(db, QUEUES.photoUpkeep, 'start-up')).toEqual({ completed: 1 });
    const removedBy = [A, B].filter((s) => s.output.join('').includes('"msg":"orphan photos removed"'));
    expect(removedBy).toHaveLength(1);
    const rows = await db.execute(sql`SELECT 1 FROM photos WHERE photo_name = ${orphanName}`);
    expect(rows.rows).toHaveLength(0);
    expect(await store.storage.exists(`observations_temp/large/${orphanName}`)).toBe(false);
  });

  let volunteer: { username: string; userId: number; token: string };
  let adminToken: string;
  let checklistId: number;

  it('signs in on A, uploads and submits on B, and A shows the observation and its photo', async () => {
    const account = await signUp(A, '198.51.100.1');
    volunteer = { ...account, token: await signIn(A, account.username, '198.51.100.1') };
    const file = await readFile(path.join(photosDir, 'field_path_czechia_pixel_gps.jpg'));
    const body = multipart('monarch.jpg', file, 'image/jpeg');
    const uploaded = await call(B, 'POST', '/api/photos/uploadphotos/observations', {
      as: volunteer.token,
      headers: body.headers,
      raw: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const photoName = uploaded.json<{ photo_name: string }>().photo_name;
    const params = (await call(B, 'GET', '/api/utilities/loadparams')).json<{
      provinces: { province_id: number; administrative: string }[];
    }>();
    const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
    const submitted = await call(B, 'POST', '/api/observations/submit_flash', {
      as: volunteer.token,
      body: {
        idempotency_key: randomUUID(),
        checklist_date: '2026-07-14',
        locality: 'Jardin botanique',
        city: 'Montréal',
        province_id: qc,
        latitude: 45.56,
        longitude: -73.56,
        adults: 2,
        eggs: 0,
        caterpillars: 0,
        chrysalises: 0,
        photos: [{ photo_name: photoName, lifestage_id: 1 }],
      },
    });
    expect(submitted.status, submitted.text).toBe(201);
    checklistId = submitted.json<{ checklist_id: number }>().checklist_id;

    const detail = await call(A, 'GET', `/api/checklists/${checklistId}`, { as: volunteer.token });
    expect(detail.status).toBe(200);
    const adults = detail
      .json<{
        observations: {
          lifestage_id: number | null;
          numbers: number;
          photo: { photo_path: string; photo_name: string }[];
        }[];
      }>()
      .observations.find((o) => o.lifestage_id === 1);
    expect(adults?.numbers).toBe(2);
    expect(adults?.photo.map((p) => p.photo_name)).toEqual([photoName]);
    const photo = await call(A, 'GET', `/attachments/${adults?.photo[0]?.photo_path}/large/${photoName}`);
    expect(photo.status).toBe(200);
    expect(photo.buffer.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('an admin deactivates the user on A and B refuses the token within 1 s', async () => {
    const adminAccount = await signUp(A, '198.51.100.2');
    await db.execute(sql`UPDATE users SET role_id = 1 WHERE user_id = ${adminAccount.userId}`);
    adminToken = await signIn(A, adminAccount.username, '198.51.100.2');
    // B has the volunteer's session in its cache.
    for (let i = 0; i < 3; i++)
      expect((await call(B, 'GET', '/api/users/myprofile', { as: volunteer.token })).status).toBe(200);
    const deactivated = await call(A, 'PUT', `/api/admin/users/${volunteer.userId}`, {
      as: adminToken,
      body: { isdeleted: true },
    });
    expect(deactivated.status).toBe(200);
    const at = Date.now();
    let refusedAfter: number | undefined;
    while (Date.now() - at < 5000) {
      if ((await call(B, 'GET', '/api/users/myprofile', { as: volunteer.token })).status === 401) {
        refusedAfter = Date.now() - at;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter).toBeLessThan(1000);
    console.log(`B refused the deactivated user's token ${refusedAfter} ms after A answered`);
  });

  it('a download ticket issued by A is spent once across A and B', async () => {
    const query = { format: 'csv', reason_text: `Two servers ${randomUUID()}` };
    const issued = await call(A, 'POST', '/api/observations/download/ticket', { as: adminToken, body: query });
    expect(issued.status).toBe(200);
    const { ticket } = issued.json<{ ticket: string }>();
    const link = `/api/observations/download?${new URLSearchParams({ ...query, ticket })}`;
    const first = await call(B, 'GET', link, { from: '198.51.100.3' });
    expect(first.status).toBe(200);
    expect(first.text.split('\r\n').filter((l) => l !== '').length).toBeGreaterThan(1);
    expect((await call(A, 'GET', link, { from: '198.51.100.3' })).status).toBe(401);
    expect((await call(B, 'GET', link, { from: '198.51.100.3' })).status).toBe(401);
  });

  it('20 failed sign-ins spread over A and B hit the one limit of their address', async () => {
    // AUTH_RATE_LIMIT is 10 a minute per address: per process, 20 spread over two would all pass.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(i % 2 === 0 ? A : B, 'POST', '/api/users/signin', {
        from: '203.0.113.7',
        body: { username: `nobody${i}-${randomUUID().slice(0, 6)}`, password: 'wrong-password' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    // Another address is not held back.
    const other = await call(B, 'POST', '/api/users/signin', {
      from: '203.0.113.8',
      body: { username: 'nobody-else', password: 'wrong-password' },
    });
    expect(other.status).toBe(401);
  });
});
