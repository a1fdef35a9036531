import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoadParams } from '@mm/shared';
import { buildTestApp, createTestDatabase, signUp, submitFlash, type TestContext, unzip } from './helpers';

/**
 * The public Darwin Core Archive GBIF crawls (docs/adr/0038): built by the job's work into the photo
 * store when the published data changed and the last build is an hour old, then served as a stored
 * file at one URL. The job's clock is injected. Runs on a database of its own: the archive is one row
 * for the whole installation.
 */
const PUBLIC_URL = 'https://monarch.example.org';
const HOUR = 3_600_000;
const t0 = new Date('2026-11-20T08:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
let ctx: TestContext;
let drop: () => Promise<void>;
let volunteer: { token: string; userId: number; username: string };
let qc: number;

const latest = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/downloads/dwca/latest.zip', headers });

const sighting = (locality: string) =>
  submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2026-07-02',
    start_time: '10:00',
    locality,
    province_id: qc,
    latitude: 45.5271,
    longitude: -73.5697,
    adults: 1,
  });

/** The core's rows read through meta.xml (its location and id column), as GBIF reads an archive. */
function coreIds(files: Record<string, string>): string[] {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(files['meta.xml']!, 'application/xml');
  const core = doc.querySelector('core')!;
  const location = core.querySelector('files > location')!.textContent;
  const idIndex = Number(core.querySelector('id')!.getAttribute('index'));
  const header = Number(core.getAttribute('ignoreHeaderLines') ?? 0);
  return files[location]!.split('\n')
    .filter((l) => l !== '')
    .slice(header)
    .map((l) => l.split('\t')[idIndex]!);
}

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  ctx = await buildTestApp({ PUBLIC_URL }, database.url);
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  await sighting('Parc La Fontaine');
});
afterAll(async () => {
  await ctx.close();
  await drop();
});

describe('the public archive GBIF crawls', () => {
  it('answers 503 with Retry-After and the error shape until its first build', async () => {
    const res = await latest();
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const body = res.json<ApiError>();
    expect(body.statusCode).toBe(503);
    expect(body.message).toMatch(/being built for the first time/);
  });

  let first: { etag: string; key: string };
  it('is built by the job, then served as the stored file with its ETag, date, length and version', async () => {
    const run = await ctx.publicArchive.refresh(t0);
    expect(run).toMatchObject({ built: true, version: '1.1' });
    const res = await latest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const sha256 = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(res.headers.etag).toBe(`"${sha256}"`);
    expect(res.headers['last-modified']).toBe(t0.toUTCString());
    expect(res.headers['x-archive-version']).toBe('1.1');
    const files = await unzip(res.rawPayload);
    const eml = files['eml.xml']!;
    expect(eml).toContain('<pubDate>2026-11-20</pubDate>');
    expect(eml).toMatch(/packageId="urn:uuid:[0-9a-f-]{36}\/v1\.1"/);
    expect(eml).toContain('Version 1.1 of the public archive.');
    // Read back through meta.xml: the volunteer's sighting is the one event of this database.
    expect(coreIds(files)).toHaveLength(1);
    expect(coreIds(files)[0]).toMatch(/^urn:uuid:/);
    const stored = (await ctx.publicArchive.current())!;
    expect(stored.size).toBe(res.rawPayload.length);
    expect(await ctx.storage.exists(stored.key)).toBe(true);
    first = { etag: stored.etag, key: stored.key };

    // A crawler holding this copy is told it is current.
    expect((await latest({ 'If-None-Match': first.etag })).statusCode).toBe(304);
    expect((await latest({ 'If-Modified-Since': t0.toUTCString() })).statusCode).toBe(304);
    expect((await latest({ 'If-None-Match': '"other"' })).statusCode).toBe(200);
  });

  it('is not built again while the data stay the same, however long after', async () => {
    expect(await ctx.publicArchive.refresh(at(5 * HOUR))).toEqual({
      built: false,
      reason: 'unchanged',
      version: '1.1',
    });
    expect((await latest()).headers.etag).toBe(first.etag);
  });

  it('waits an hour after the last build when the data changed, then builds the next version', async () => {
    await sighting('Parc Jarry');
    expect(await ctx.publicArchive.refresh(at(30 * 60_000))).toEqual({
      built: false,
      reason: 'too_recent',
      version: '1.1',
    });
    expect((await latest()).headers['x-archive-version']).toBe('1.1');

    const run = await ctx.publicArchive.refresh(at(HOUR));
    expect(run).toMatchObject({ built: true, version: '1.2' });
    const res = await latest();
    expect(res.headers['x-archive-version']).toBe('1.2');
    expect(res.headers.etag).not.toBe(first.etag);
    const files = await unzip(res.rawPayload);
    expect(files['eml.xml']).toMatch(/packageId="urn:uuid:[0-9a-f-]{36}\/v1\.2"/);
    expect(coreIds(files)).toHaveLength(2);
    // The previous build's file is gone from the photo store.
    expect(await ctx.storage.exists(first.key)).toBe(false);
  });

  it('is built once when two servers run the job at the same moment', async () => {
    await sighting('Parc Frédéric-Back');
    const runs = await Promise.all([ctx.publicArchive.refresh(at(3 * HOUR)), ctx.publicArchive.refresh(at(3 * HOUR))]);
    expect(runs.filter((r) => r.built)).toHaveLength(1);
    const stored = (await ctx.publicArchive.current())!;
    expect(stored.version).toBe('1.3');
    expect(await ctx.storage.exists(stored.key)).toBe(true);
    // The losing run removed its own file: only the served archive is left.
    expect(await ctx.storage.list('archives/dwca')).toHaveLength(1);
  });
});
