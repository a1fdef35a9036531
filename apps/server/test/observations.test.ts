import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoadParams, ObservationListResponse } from '@mm/shared';
import { buildTestApp, multipart, photosDir, signUp, type TestContext } from './helpers';

/** The answer to a photo upload: where the server keeps it until a submission claims it. */
interface UploadedPhoto {
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
  bytes: number;
}
/** The answer to a submission. */
interface Submitted {
  checklist_id: number;
}

let ctx: TestContext;
let token: string;
let userId: number;
/** The volunteer's username: the lists below are filtered to it, since other test files share the database. */
let username: string;
let provinceQc: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  ({ token, userId, username } = await signUp(ctx.app));
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  provinceQc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
});
afterAll(() => ctx.close());

const auth = () => ({ Authorization: token });
const flash = (overrides: Record<string, unknown> = {}) => ({
  idempotency_key: randomUUID(),
  checklist_date: '2026-07-14',
  locality: 'Parc Jarry, prairie nord',
  city: 'Montréal',
  province_id: provinceQc,
  latitude: 45.5339,
  longitude: -73.6281,
  adults: 3,
  eggs: 0,
  caterpillars: 0,
  chrysalises: 0,
  photos: [],
  ...overrides,
});
async function upload(file: string, bearer = token) {
  const data = await readFile(path.join(photosDir, file));
  const body = multipart(file, data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { ...body.headers, Authorization: bearer },
    payload: body.payload,
  });
}
/** The volunteer's checklists, observations and sites (other test files write to the same tables meanwhile). */
const counts = async () => {
  const r = await ctx.db.execute<{ c: number; o: number; s: number }>(
    sql`SELECT (SELECT count(*) FROM checklists WHERE user_id = ${userId})::int c,
               (SELECT count(*) FROM observations o JOIN checklists c USING (checklist_id)
                 WHERE c.user_id = ${userId})::int o,
               (SELECT count(*) FROM sites WHERE user_id = ${userId})::int s`,
  );
  return r.rows[0];
};

describe('photo upload', () => {
  it('re-encodes a real camera JPEG, strips EXIF and GPS, and makes a small variant', async () => {
    const res = await upload('squirrel_berkeley_canon600d_gps.jpg');
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedPhoto>();
    expect(body).toMatchObject({ photo_path: 'observations_temp' });
    expect(body.photo_name).toMatch(/\.jpg$/);
    const small = path.join(ctx.uploadsDir, 'observations_temp/small', body.photo_name);
    const large = path.join(ctx.uploadsDir, 'observations_temp/large', body.photo_name);
    const meta = await sharp(large).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2048);
    expect(Math.max((await sharp(small).metadata()).width ?? 0)).toBeLessThanOrEqual(400);
    const served = await ctx.app.inject({
      method: 'GET',
      url: `/attachments/observations_temp/small/${body.photo_name}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts PNG, WebP and a JPEG with EXIF orientation 6 and an empty GPS block', async () => {
    expect((await upload('tricky_empty_gps_ifd.jpg')).statusCode).toBe(201);
    expect((await upload('png_with_exif_and_gps.png')).statusCode).toBe(201);
    expect((await upload('flower_canon_s40_exif.webp')).statusCode).toBe(201);
  });

  it('refuses broken, non-image, oversized and anonymous uploads with clear 4xx', async () => {
    const truncated = await upload('broken_truncated.jpg');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json<ApiError>().message).toBe('This image is damaged or incomplete.');
    const corrupt = await upload('broken_corrupt_header.png');
    expect(corrupt.statusCode).toBe(415);
    expect(corrupt.json<ApiError>().message).toBe('File type is not supported');

    const text = multipart('notes.jpg', Buffer.from('just some text, not an image'));
    const notImage = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...text.headers, ...auth() },
      payload: text.payload,
    });
    expect(notImage.statusCode).toBe(415);

    const big = multipart('big.jpg', Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...big.headers, ...auth() },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<ApiError>().message).toBe('Max image size is 10MB');

    const anonymous = await upload('genoa_nikon_d3100_gps.jpg', '');
    expect(anonymous.statusCode).toBe(401);
  });

  describe('iPhone photos (HEIC)', () => {
    // fixtures/photos/sicily_iphone7_gps.heic: iPhone 7, 4032×3024 HEVC, with EXIF and GPS.
    const heicFile = path.resolve(import.meta.dirname, '../../../fixtures/photos/sicily_iphone7_gps.heic');
    const post = (name: string, data: Buffer, url = '/api/photos/uploadphotos/observations') => {
      const body = multipart(name, data);
      return ctx.app.inject({ method: 'POST', url, headers: { ...body.headers, ...auth() }, payload: body.payload });
    };

    it('decodes a HEIC into the same upright JPEG variants, with no metadata', async () => {
      const res = await post('IMG_0001.HEIC', await readFile(heicFile));
      expect(res.statusCode).toBe(201);
      const body = res.json<UploadedPhoto>();
      expect(body).toMatchObject({ photo_path: 'observations_temp' });
      expect(body.photo_name).toMatch(/\.jpg$/);
      const large = await sharp(path.join(ctx.uploadsDir, 'observations_temp/large', body.photo_name)).metadata();
      const small = await sharp(path.join(ctx.uploadsDir, 'observations_temp/small', body.photo_name)).metadata();
      expect([large.format, large.width, large.height]).toEqual(['jpeg', 2048, 1536]);
      expect([small.format, small.width, small.height]).toEqual(['jpeg', 400, 300]);
      for (const meta of [large, small])
        expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      // A real picture, not a blank: the pixels vary.
      const stats = await sharp(path.join(ctx.uploadsDir, 'observations_temp/large', body.photo_name)).stats();
      expect(stats.channels.every((c) => c.stdev > 10)).toBe(true);
      // Attached to a Flash like any photo.
      const flashRes = await ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: auth(),
        payload: flash({ photos: [{ photo_name: body.photo_name, lifestage_id: 1 }] }),
      });
      expect(flashRes.statusCode).toBe(201);
    });

    it('takes a HEIC as the profile photo too', async () => {
      const res = await post('me.heic', await readFile(heicFile), '/api/users/update_photo');
      expect(res.statusCode).toBe(200);
    });

    it('refuses a text file named .heic (415) and a truncated HEIC (400)', async () => {
      const text = await post('IMG_0002.heic', Buffer.from('ftypheic? no, just a text file named like a photo\n'));
      expect(text.statusCode).toBe(415);
      expect(text.json<ApiError>().message).toBe('File type is not supported');
      const whole = await readFile(heicFile);
      const truncated = await post('IMG_0003.heic', whole.subarray(0, Math.floor(whole.length / 2)));
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json<ApiError>().message).toBe('This image is damaged or incomplete.');
    });
  });

  it('refuses a pixel flood', async () => {
    const flood = await sharp({ create: { width: 10000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const body = multipart('flood.png', flood);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...body.headers, ...auth() },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('turns an EXIF-rotated photo upright and lays transparency on white', async () => {
    const sideways = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const clear = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const saved = [];
    for (const [name, bytes] of [
      ['sideways.jpg', sideways],
      ['clear.png', clear],
    ] as const) {
      const body = multipart(name, bytes);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/photos/uploadphotos/observations',
        headers: { ...body.headers, ...auth() },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      saved.push(path.join(ctx.uploadsDir, 'observations_temp/large', res.json<UploadedPhoto>().photo_name));
    }
    const upright = await sharp(saved[0]).metadata();
    expect(upright).toMatchObject({ format: 'jpeg', width: 30, height: 60 });
    expect(upright.orientation).toBeUndefined();
    const { data } = await sharp(saved[1]).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(250);
  });
});

describe('submit_flash', () => {
  it('saves site, checklist, one observation per counted life stage and the photo, in Explore at once', async () => {
    const photo = (await upload('hillside_tuscany_coolpix_gps.jpg')).json<UploadedPhoto>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: auth(),
      payload: flash({ eggs: 12, photos: [{ photo_name: photo.photo_name, lifestage_id: 1 }] }),
    });
    expect(res.statusCode).toBe(201);
    const { checklist_id } = res.json<Submitted>();
    expect(existsSync(path.join(ctx.uploadsDir, 'observations/small', photo.photo_name))).toBe(true);
    expect(existsSync(path.join(ctx.uploadsDir, 'observations_temp/small', photo.photo_name))).toBe(false);

    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/observations?username=${username}` })
    ).json<ObservationListResponse>();
    const mine = list.data.filter((r) => r.checklist_id === checklist_id);
    expect(mine).toHaveLength(2);
    const adult = mine.find((r) => r.lifestage_id === 1);
    expect(adult).toMatchObject({
      numbers: 3,
      is_flash: 1,
      observationstatus_id: 1,
      locality: 'Parc Jarry, prairie nord',
      province_id: provinceQc,
      checklist_date: '2026-07-14',
      photo_path: 'observations',
    });
    expect(adult?.photo).toHaveLength(1);
    expect(adult?.photo[0]).toMatchObject({ photo_name: photo.photo_name, observation_lifestage_id: 1 });
    expect(list.paginator).toMatchObject({ current: 1, limit: 50, hasPre: false });
  });

  it('is idempotent: a retry with the same key answers the same checklist and writes nothing', async () => {
    const payload = flash();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: auth(),
      payload,
    });
    const before = await counts();
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/observations/submit_flash', headers: auth(), payload }),
      ctx.app.inject({ method: 'POST', url: '/api/observations/submit_flash', headers: auth(), payload }),
    ]);
    expect(a.json<Submitted>().checklist_id).toBe(first.json<Submitted>().checklist_id);
    expect(b.json<Submitted>().checklist_id).toBe(first.json<Submitted>().checklist_id);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['negative count', { adults: -1 }, 'adults', 'Number of adults must be at least 0.'],
    ['non-integer count', { adults: 1.5 }, 'adults', 'Number of adults must be a whole number.'],
    ['text count', { adults: 'three' }, 'adults', 'Please enter a number'],
    ['no monarch', { adults: 0 }, 'adults', 'Please enter at least one monarch observation.'],
    ['no location', { latitude: undefined, longitude: undefined }, 'latitude', 'Please select a location on map.'],
    ['latitude out of range', { latitude: 91 }, 'latitude', 'Latitude must be between -90 and 90.'],
    ['missing locality', { locality: '  ' }, 'locality', 'Locality is required.'],
    ['missing date', { checklist_date: undefined }, 'checklist_date', 'Date is required.'],
    ['impossible date', { checklist_date: '2026-02-30' }, 'checklist_date', 'Date is not valid.'],
    [
      'end before start',
      { start_time: '10:30', end_time: '09:00' },
      'end_time',
      'End time cannot be earlier than start time.',
    ],
    ['unknown province', { province_id: 9999 }, 'province_id', 'Province: this choice does not exist.'],
    ['unknown milkweed', { milkweed_id: 123456 }, 'milkweed_id', 'Milkweed: this choice does not exist.'],
    [
      'foreign photo',
      { photos: [{ photo_name: `${randomUUID()}.jpg`, lifestage_id: 1 }] },
      'photos',
      'Pictures: this choice does not exist.',
    ],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_name, change, field, message) => {
    const before = await counts();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { ...auth(), Language: 'en' },
      payload: flash(change),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('translates the messages (French) and needs a session', async () => {
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { ...auth(), Language: 'fr' },
      payload: flash({ adults: 0 }),
    });
    expect(fr.json<ApiError>().fields?.adults).not.toBe('Please enter at least one monarch observation.');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/observations/submit_flash', payload: flash() });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses another user's temporary photo", async () => {
    const other = await signUp(ctx.app);
    const theirs = (await upload('genoa_nikon_d3100_gps.jpg', other.token)).json<UploadedPhoto>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: auth(),
      payload: flash({ photos: [{ photo_name: theirs.photo_name, lifestage_id: 1 }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.photos).toBeDefined();
  });
});

describe('observation list', () => {
  it('pages with the spec paginator and never shows Deleted, Invalid or Test', async () => {
    const saved = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: auth(),
        payload: flash({ adults: 0, chrysalises: 2 }),
      })
    ).json<Submitted>();
    await ctx.db.execute(
      sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${saved.checklist_id}`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/observations?page=1&limit=2' });
    const body = res.json<ObservationListResponse>();
    expect(body.data).toHaveLength(2);
    expect(body.paginator).toMatchObject({ current: 1, limit: 2, hasPre: false, hasNext: true });
    expect(body.paginator.totalpage).toBe(Math.ceil(body.paginator.total / 2));
    const all = (
      await ctx.app.inject({ method: 'GET', url: `/api/observations?limit=50&page=1` })
    ).json<ObservationListResponse>();
    expect(all.data.some((r) => r.checklist_id === saved.checklist_id)).toBe(false);
    // Default order: newest date observed first; sort=submitted: newest submission first.
    const observed = all.data.map((r) => r.checklist_date);
    expect([...observed].sort().reverse()).toEqual(observed);
    const submitted = (
      await ctx.app.inject({ method: 'GET', url: `/api/observations?limit=50&page=1&sort=submitted` })
    ).json<ObservationListResponse>();
    const dates = submitted.data.map((r) => r.observation_created);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers one observation by id, hiding non-public ones from others', async () => {
    const saved = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: auth(),
        payload: flash({ eggs: 4 }),
      })
    ).json<Submitted>();
    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/observations?username=${username}` })
    ).json<ObservationListResponse>();
    const eggs = list.data.find((r) => r.checklist_id === saved.checklist_id && r.lifestage_id === 2)!;
    const one = await ctx.app.inject({ method: 'GET', url: `/api/observations/${eggs.observation_id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(eggs);
    await ctx.db.execute(
      sql`UPDATE observations SET observationstatus_id = 6 WHERE observation_id = ${eggs.observation_id}`,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/observations/${eggs.observation_id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/observations/${eggs.observation_id}`, headers: auth() }))
        .statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/observations/99999999' })).statusCode).toBe(404);
  });

  it('refuses bad paging with 400', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/observations?page=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/observations?limit=500' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/observations?page=abc' })).statusCode).toBe(400);
  });
});
