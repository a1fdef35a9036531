import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/seed-reference';
import { createStorage, type Storage } from '../src/lib/storage';
import type { PublicArchiveService } from '../src/modules/downloads/public-archive.service';
import yauzl from 'yauzl';
import { awaitConfirmationToken } from './outbox-mail';

export { confirmationToken, emailsTo } from './outbox-mail';

/** The repository's photo fixtures (sources in fixtures/README.md). */
export const photosDir = path.resolve(import.meta.dirname, '../../../fixtures/photos');

/** The repository's observation CSV fixtures, gzipped byte for byte (sources in fixtures/README.md). */
export const observationsDir = path.resolve(import.meta.dirname, '../../../fixtures/observations');

/** One observation CSV fixture as a stream of its original bytes. */
export const openObservationsCsv = (file: string): Readable =>
  createReadStream(path.join(observationsDir, `${file}.gz`)).pipe(createGunzip());

// Each test app's DATA_DIR, so signUp can read the confirmation email the app wrote to its outbox.
const appDataDirs = new WeakMap<FastifyInstance, string>();

/** Tells signUp where an app not made by buildTestApp writes its emails (its DATA_DIR). */
export function rememberDataDir(app: FastifyInstance, dataDir: string): void {
  appDataDirs.set(app, dataDir);
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The app's photo store: `$DATA_DIR/uploads` on disk, or a bucket when `env` has `S3_BUCKET`. */
  storage: Storage;
  /** `$DATA_DIR/uploads`, where the disk driver keeps photos. */
  uploadsDir: string;
  /** The app's DATA_DIR (emails land in its `outbox/` without SMTP). */
  dataDir: string;
  /** The app's public archive (docs/adr/0038): `refresh(now)` runs the job's work, as the queue would. */
  publicArchive: PublicArchiveService;
  close: () => Promise<void>;
}

/**
 * A fresh app on the shared test database (or `databaseUrl`), with its own data folder; `env`
 * overrides the configuration (`S3_*` settings select the S3 storage driver).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  databaseUrl: string = inject('databaseUrl'),
  dists: { webDist?: string; adminDist?: string } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'monarch-app-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    SIGNUP_RATE_LIMIT: '10000',
    DOWNLOAD_RATE_LIMIT: '10000',
    ...env,
  });
  const { db, pool } = await openDatabase(databaseUrl, 5, false);
  const uploadsDir = path.join(dataDir, 'uploads');
  const storage = createStorage(config);
  let publicArchive: PublicArchiveService | undefined;
  const app = await buildApp({
    config,
    db,
    storage,
    ...dists,
    onJobServices: (s) => (publicArchive = s.publicArchive),
  });
  await app.ready();
  appDataDirs.set(app, dataDir);
  return {
    app,
    db,
    storage,
    uploadsDir,
    dataDir,
    publicArchive: publicArchive!,
    close: async () => {
      await app.close();
      await pool.end();
      storage.close();
    },
  };
}

/**
 * A database of its own on the test PostgreSQL, migrated and seeded, for tests that count every row
 * of a table (other test files write to the shared one at the same time).
 * @returns its URL, and `drop` to remove it
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(inject('databaseUrl'));
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { db, pool } = await openDatabase(url.toString(), 2, true);
  await seedReferenceData(db);
  await pool.end();
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Signs up a new unique user, follows the confirmation link emailed to it, and answers its token and
 * id; `res` is the sign-up answer (202, or the 400 of bad input, then there is no token).
 * @throws on any other answer (a 409, 429 or 503 is never what a test means to get)
 */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const username = `u${randomUUID().slice(0, 8)}`;
  const payload = {
    username,
    first_name: 'Marie',
    last_name: 'Tremblay',
    email: `${username}@example.org`,
    password: 'monarque1',
    confirm_password: 'monarque1',
    language: 'fr',
    newsletter: true,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/users/signup', payload });
  if (res.statusCode === 400) return { res, token: undefined as unknown as string, userId: NaN, username };
  if (res.statusCode !== 202)
    throw new Error(`sign-up of ${String(payload.username)} answered ${res.statusCode}: ${res.body}`);
  const dataDir = appDataDirs.get(app);
  if (!dataDir) throw new Error('signUp needs an app made by buildTestApp (or rememberDataDir)');
  const confirmation = await awaitConfirmationToken(dataDir, String(payload.email));
  const confirmed = await app.inject({ method: 'POST', url: '/api/users/confirm', payload: { token: confirmation } });
  if (confirmed.statusCode !== 201) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  const body = confirmed.json<{ oauth_token: string; user_id: number; username: string }>();
  return { res, token: body.oauth_token, userId: body.user_id, username };
}

/** A multipart body with one file field, for app.inject. */
export function multipart(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----monarch${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The entries of a zip, by name, as UTF-8 text. */
export function unzip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const files: Record<string, string> = {};
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * Submits a Flash sighting as the holder of `token` and answers its checklist id (the test fails
 * unless the API answers 201). Counts default to 0, photos to none, city to null; `fields` gives
 * the rest of the spec §3 fields (date, place, counts, photos, milkweed).
 */
export async function submitFlash(
  app: FastifyInstance,
  token: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/observations/submit_flash',
    headers: { Authorization: token },
    payload: {
      idempotency_key: randomUUID(),
      city: null,
      adults: 0,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
      ...fields,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ checklist_id: number }>().checklist_id;
}
