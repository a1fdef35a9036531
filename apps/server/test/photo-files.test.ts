import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadParams } from '@mm/shared';
import { loadConfig } from '../src/config';
import { isDatabaseUnavailable } from '../src/db/availability';
import { createStorage, isNoRoomError, s3Storage } from '../src/lib/storage';
import { createPhotosService } from '../src/modules/photos/photos.service';
import { ATTACHMENT_CACHE_CONTROL } from '../src/plugins/attachments';
import { buildTestApp, createTestDatabase, multipart, signUp, unzip, type TestContext } from './helpers';
import { startS3Server } from './helpers/s3-server';

const photo = readFileSync(
  path.resolve(import.meta.dirname, '../../../fixtures/photos/agama_lizard_kenya_kodak_gps_south.jpg'),
);

/** The storage drivers every test below runs against: settings for the app, and how to stop what was started. */
const drivers = [
  { name: 'disk', start: () => Promise.resolve({ env: {}, stop: () => Promise.resolve() }) },
  {
    name: 'S3',
    start: async () => {
      const s3 = await startS3Server();
      return { env: s3.env(await s3.createBucket()), stop: () => s3.close() };
    },
  },
];

describe.each(drivers)('photo files on $name storage', ({ start }) => {
  let ctx: TestContext;
  let token: string;
  let qc: number;
  let done: () => Promise<void>;
  beforeAll(async () => {
    // A database of its own: the reconciliation and the orphan clean-up look at every photo row.
    const database = await createTestDatabase();
    const store = await start();
    ctx = await buildTestApp(store.env, database.url);
    done = async () => {
      await ctx.close();
      await store.stop();
      await database.drop();
    };
    token = (await signUp(ctx.app)).token;
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
    qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  });
  afterAll(() => done());

  const key = (dir: string, size: string, name: string) => `${dir}/${size}/${name}`;
  const has = (dir: string, size: string, name: string) => ctx.storage.exists(key(dir, size, name));
  const photosService = () => createPhotosService(ctx.db, ctx.storage);

  async function upload(as = token) {
    const body = multipart('agama.jpg', photo);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { Authorization: as, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ photo_name: string; bytes: number }>();
  }

  async function submitWithPhoto(idempotencyKey = randomUUID()) {
    const { photo_name: name } = await upload();
    const payload = {
      idempotency_key: idempotencyKey,
      checklist_date: '2026-08-02',
      locality: 'Jardin',
      province_id: qc,
      latitude: 46.81,
      longitude: -71.21,
      adults: 1,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [{ photo_name: name, lifestage_id: 1 }],
    };
    const submit = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: { Authorization: token },
        payload,
      });
    return { res: await submit(), name, submit };
  }

  it('stores both variants of an upload and serves them with caching headers, 304 when current', async () => {
    const { photo_name: name, bytes } = await upload();
    expect(await has('observations_temp', 'large', name)).toBe(true);
    expect(await has('observations_temp', 'small', name)).toBe(true);
    const large = await ctx.app.inject({ method: 'GET', url: `/attachments/observations_temp/large/${name}` });
    expect(large.statusCode).toBe(200);
    expect(large.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': ATTACHMENT_CACHE_CONTROL,
      'content-length': String(bytes),
    });
    expect(large.rawPayload.equals((await ctx.storage.read(key('observations_temp', 'large', name)))!)).toBe(true);
    expect(new Date(String(large.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 600_000);
    const meta = await sharp(large.rawPayload).metadata();
    expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);

    const small = await ctx.app.inject({ method: 'GET', url: `/attachments/observations_temp/small/${name}` });
    expect(small.statusCode).toBe(200);
    expect(Math.max((await sharp(small.rawPayload).metadata()).width ?? 0)).toBeLessThanOrEqual(400);
    const etag = String(small.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/attachments/observations_temp/small/${name}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, 'cache-control': ATTACHMENT_CACHE_CONTROL });
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/attachments/observations_temp/small/${name}`,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    const head = await ctx.app.inject({ method: 'HEAD', url: `/attachments/observations_temp/small/${name}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(small.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for an object that is not there and for names outside the store', async () => {
    for (const url of [
      `/attachments/observations/large/${randomUUID()}.jpg`,
      `/attachments/observations/large/..%2F..%2F..%2Fpackage.json`,
      '/attachments/observations/../../package.json',
      `/attachments/observations_temp/large/${randomUUID()}.jpg.a1b2.tmp`,
      '/attachments/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, message: 'Resource not found' });
    }
  });

  it('places both files before answering and drops the temporary names', async () => {
    const { res, name } = await submitWithPhoto();
    expect(res.statusCode).toBe(201);
    for (const size of ['large', 'small']) {
      expect(await has('observations', size, name)).toBe(true);
      expect(await has('observations_temp', size, name)).toBe(false);
    }
    const served = await ctx.app.inject({ method: 'GET', url: `/attachments/observations/small/${name}` });
    expect(served.statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: `/attachments/observations_temp/small/${name}` });
    expect(gone.statusCode).toBe(404);
  });

  it('files placed by a submission that died before its commit serve its retry', async () => {
    const { photo_name: name } = await upload();
    // The process dies right after placing the files: no commit, the row is still temporary.
    await photosService().placeFiles([{ photo_name: name }]);
    const report = await photosService().reconcile(0);
    expect(report.strayTempFiles).toBe(0);
    expect(await has('observations_temp', 'large', name)).toBe(true);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: token },
      payload: {
        idempotency_key: randomUUID(),
        checklist_date: '2026-08-03',
        locality: 'Jardin',
        province_id: qc,
        latitude: 46.81,
        longitude: -71.21,
        adults: 1,
        eggs: 0,
        caterpillars: 0,
        chrysalises: 0,
        photos: [{ photo_name: name, lifestage_id: 1 }],
      },
    });
    expect(retry.statusCode).toBe(201);
    expect(await has('observations', 'large', name)).toBe(true);
    expect(await has('observations_temp', 'large', name)).toBe(false);
  });

  it('a retry with the same key finishes an interrupted move and makes a lost small again', async () => {
    const { res, name, submit } = await submitWithPhoto();
    const id = res.json<{ checklist_id: number }>().checklist_id;
    // As a crash could leave it with a non-atomic move: large only in the temporary area, small gone.
    await ctx.storage.link(key('observations', 'large', name), key('observations_temp', 'large', name));
    await ctx.storage.remove(key('observations', 'large', name));
    await ctx.storage.remove(key('observations', 'small', name));
    const retry = await submit();
    expect(retry.json()).toEqual({ checklist_id: id });
    expect(await has('observations', 'large', name)).toBe(true);
    expect(await has('observations', 'small', name)).toBe(true);
  });

  it('the reconciliation repairs what it can and reports the rest, deleting no row', async () => {
    const repairable = await submitWithPhoto();
    const lost = await submitWithPhoto();
    await ctx.storage.remove(key('observations', 'small', repairable.name));
    await ctx.storage.remove(key('observations', 'large', lost.name));
    await ctx.storage.remove(key('observations', 'small', lost.name));
    const report = await photosService().reconcile();
    expect(report).toMatchObject({ repaired: 1, missing: 1 });
    expect(report.checked).toBeGreaterThanOrEqual(2);
    expect(await has('observations', 'small', repairable.name)).toBe(true);
    const lostId = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM photos WHERE photo_name = ${lost.name}`);
    expect(report.missingIds).toEqual([lostId.rows[0]?.id]);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/checklists/${lost.res.json<{ checklist_id: number }>().checklist_id}`,
    });
    expect(detail.statusCode).toBe(200);
    const missing = await ctx.app.inject({ method: 'GET', url: `/attachments/observations/large/${lost.name}` });
    expect(missing.statusCode).toBe(404);
    // Put back for the tests that follow, which expect a clean store.
    await ctx.storage.put(key('observations', 'large', lost.name), photo);
    await ctx.storage.put(key('observations', 'small', lost.name), photo);
  });

  it('the sweep removes temporary objects no row names and keeps uploads waiting for their submission', async () => {
    await photosService().reconcile(0); // names left by the tests above (a repaired move keeps its temporary name)
    const stray = `${randomUUID()}.jpg`;
    await ctx.storage.put(key('observations_temp', 'large', stray), photo);
    await ctx.storage.put(key('observations_temp', 'small', stray), photo);
    const { photo_name: waiting } = await upload();
    await sleep(5);
    const report = await photosService().reconcile(0);
    expect(report.strayTempFiles).toBe(2);
    expect(await has('observations_temp', 'large', stray)).toBe(false);
    expect(await has('observations_temp', 'large', waiting)).toBe(true);
  });

  it('removes uploads left unattached for 24 hours, files included, and keeps fresh ones', async () => {
    const { photo_name: orphan } = await upload();
    await ctx.db.execute(sql`UPDATE photos SET created = now() - interval '25 hours' WHERE photo_name = ${orphan}`);
    const { photo_name: fresh } = await upload();
    expect(await photosService().removeOrphans()).toBe(1);
    expect(await has('observations_temp', 'large', orphan)).toBe(false);
    expect(await has('observations_temp', 'small', orphan)).toBe(false);
    expect(await has('observations_temp', 'small', fresh)).toBe(true);
  });

  it('profile photo, data-export zip and account deletion go through the store', async () => {
    const person = await signUp(ctx.app);
    const square = multipart('me.jpg', photo, 'image/jpeg');
    const profile = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update_photo',
      headers: { ...square.headers, Authorization: person.token },
      payload: square.payload,
    });
    expect(profile.statusCode).toBe(200);
    const { photo_path, photo_name } = profile.json<{ photo_path: string; photo_name: string }>();
    const served = await ctx.app.inject({ method: 'GET', url: `/attachments/${photo_path}/${photo_name}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);

    const field = await upload(person.token);
    const lostOne = await upload(person.token);
    await ctx.storage.remove(key('observations_temp', 'large', lostOne.photo_name));
    const archive = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/mydata/archive',
      headers: { Authorization: person.token },
    });
    expect(archive.statusCode).toBe(200);
    const entries = await unzip(archive.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['data.json', `photos/${field.photo_name}`, `profile/${photo_name}`]);
    expect((JSON.parse(entries['data.json']!) as { missing_files: string[] }).missing_files).toEqual([
      `photos/${lostOne.photo_name}`,
    ]);

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/myaccount',
      headers: { Authorization: person.token },
      payload: { password: 'monarque1' },
    });
    expect(gone.statusCode).toBe(204);
    expect(await ctx.storage.exists(`${photo_path}/${photo_name}`)).toBe(false);
    expect(await has('observations_temp', 'large', field.photo_name)).toBe(false);
    expect(await has('observations_temp', 'small', field.photo_name)).toBe(false);
    const after = await ctx.app.inject({ method: 'GET', url: `/attachments/${photo_path}/${photo_name}` });
    expect(after.statusCode).toBe(404);
  });
});

describe('photo store out of reach', () => {
  it('answers 503 with Retry-After for a photo while the bucket does not answer', async () => {
    const s3 = await startS3Server();
    const env = s3.env(await s3.createBucket());
    await s3.close();
    const ctx = await buildTestApp(env);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: `/attachments/observations/small/${randomUUID()}.jpg` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await ctx.close();
    }
  });
});

describe('S3 settings', () => {
  it('a missing bucket or refused keys stop the check with a message naming the setting', async () => {
    const s3 = await startS3Server();
    try {
      const missing = s3Storage({ ...s3.settings('no-such-bucket') });
      await expect(missing.check()).rejects.toThrow(/no bucket named no-such-bucket \(S3_BUCKET\)/);
      missing.close();
      const bucket = await s3.createBucket();
      const refused = s3Storage({ ...s3.settings(bucket), accessKeyId: 'WRONG', secretAccessKey: 'WRONG' });
      await expect(refused.check()).rejects.toThrow(/S3_ACCESS_KEY_ID/);
      refused.close();
      const good = s3.storage(bucket);
      await expect(good.check()).resolves.toBeUndefined();
      good.close();
    } finally {
      await s3.close();
    }
  });

  it('the configuration refuses half the credentials and S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    const config = loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(createStorage(config).kind).toBe('s3');
    expect(createStorage(loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'monarch-config-test') })).kind).toBe('disk');
  });
});

describe('database unavailability', () => {
  it('tells database unavailability from other errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    // PostgreSQL's own disk full: retried later (503), not a 500.
    expect(isDatabaseUnavailable(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
  });

  it('tells a photo write refused for lack of room or a read-only store from other errors', () => {
    const failed = (code: string) => Object.assign(new Error(`write failed: ${code}`), { code });
    expect(isNoRoomError(failed('ENOSPC'))).toBe(true);
    expect(isNoRoomError(failed('EDQUOT'))).toBe(true);
    expect(isNoRoomError(new Error('store', { cause: failed('EROFS') }))).toBe(true);
    expect(isNoRoomError(Object.assign(new Error('full'), { Code: 'XMinioStorageFull' }))).toBe(true);
    expect(isNoRoomError(Object.assign(new Error('s3'), { $metadata: { httpStatusCode: 507 } }))).toBe(true);
    expect(isNoRoomError(failed('ENOENT'))).toBe(false);
    expect(isNoRoomError(failed('EACCES'))).toBe(false);
  });
});
