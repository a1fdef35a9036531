import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID, type GalleryPhoto, type GalleryResponse, type LoadParams } from '@mm/shared';
import { buildTestApp, multipart, photosDir, signUp, type TestContext, submitFlash } from './helpers';

let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
/** Photo name (uploaded file name without folder) by label. */
const names: Record<string, string> = {};
const checklists: Record<string, number> = {};

type Stage = 'adults' | 'eggs' | 'caterpillars' | 'chrysalises';
const stageId: Record<Stage, number> = { adults: 1, eggs: 2, caterpillars: 3, chrysalises: 4 };

async function upload(label: string, file: string) {
  const body = multipart(file, await readFile(path.join(photosDir, file)));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { ...body.headers, Authorization: volunteer.token },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  names[label] = res.json<{ photo_name: string }>().photo_name;
}

/** Submits a Flash sighting with one photo per `[label, stage]`, counting 1 of each pictured stage. */
async function flash(label: string, date: string, locality: string, photos: [string, Stage][]) {
  const counts = Object.fromEntries(photos.map(([, stage]) => [stage, 1]));
  const pictures = photos.map(([name, stage]) => ({ photo_name: names[name], lifestage_id: stageId[stage] }));
  const place = { locality, city: 'Montréal', province_id: qc, latitude: 45.5339, longitude: -73.6281 };
  checklists[label] = await submitFlash(ctx.app, volunteer.token, {
    checklist_date: date,
    ...place,
    ...counts,
    photos: pictures,
  });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;

  // Uploaded one after the other: the gallery shows them in the reverse order.
  await upload('adult', 'agama_lizard_kenya_kodak_gps_south.jpg');
  await upload('egg', 'genoa_nikon_d3100_gps.jpg');
  await upload('second_adult', 'squirrel_yosemite_canon600d_gps.jpg');
  await upload('caterpillar', 'flower_canon_s40_exif.webp');
  await upload('invalid', 'png_with_exif_and_gps.png');
  await upload('deleted', 'agama_lizard_kenya_kodak_gps_south.jpg');
  await upload('test', 'genoa_nikon_d3100_gps.jpg');
  await flash('jarry', '2026-06-02', 'Parc Jarry', [
    ['adult', 'adults'],
    ['egg', 'eggs'],
  ]);
  await flash('possibles', '2026-07-20', 'Champ des Possibles', [['second_adult', 'adults']]);
  await flash('lafontaine', '2026-07-22', 'Parc La Fontaine', [['caterpillar', 'caterpillars']]);
  await flash('invalid', '2026-08-12', 'Parc Jarry', [['invalid', 'adults']]);
  await flash('deleted', '2026-08-13', 'Parc Jarry', [['deleted', 'adults']]);
  await flash('test', '2026-08-14', 'Parc Jarry', [['test', 'adults']]);
  // Invalid (5), Deleted (3) and Test (6) must never reach the public.
  await ctx.db.execute(
    sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${checklists.invalid}`,
  );
  await ctx.db.execute(
    sql`UPDATE observations SET observationstatus_id = 3 WHERE checklist_id = ${checklists.deleted}`,
  );
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 6 WHERE checklist_id = ${checklists.test}`);
});
afterAll(() => ctx.close());

const get = async (query: string, token = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/photos/gallery?username=${volunteer.username}${query}`,
    headers: { Authorization: token },
  });
  return { status: res.statusCode, body: res.json<GalleryResponse>() };
};
const fileOf = (p: GalleryPhoto) => p.small.split('/').pop();
const labelsOf = (data: GalleryPhoto[]) => data.map((p) => Object.keys(names).find((k) => names[k] === fileOf(p)));

describe('GET /api/photos/gallery', () => {
  it('answers the visible photos newest first, with what a caption needs and working image URLs', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(labelsOf(body.data)).toEqual(['caterpillar', 'second_adult', 'egg', 'adult']);
    expect(body.paginator).toEqual({ current: 1, total: 4, limit: 24, totalpage: 1, hasPre: false, hasNext: false });
    const caterpillar = body.data[0]!;
    expect(caterpillar).toMatchObject({
      checklist_id: checklists.lafontaine,
      lifestage_id: 3,
      checklist_date: '2026-07-22',
      locality: 'Parc La Fontaine',
      city: 'Montréal',
      province_id: qc,
      username: volunteer.username,
      small: `/attachments/observations/small/${names.caterpillar}`,
      large: `/attachments/observations/large/${names.caterpillar}`,
    });
    expect(caterpillar.width).toBeGreaterThan(0);
    expect(caterpillar.height).toBeGreaterThan(0);
    for (const url of [caterpillar.small, caterpillar.large]) {
      const img = await ctx.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('filters by life stage and by the other Explore filters', async () => {
    expect(labelsOf((await get('&lifestage_id=1')).body.data)).toEqual(['second_adult', 'adult']);
    expect(labelsOf((await get('&lifestage_id=2')).body.data)).toEqual(['egg']);
    expect(labelsOf((await get('&lifestage_id=3')).body.data)).toEqual(['caterpillar']);
    expect((await get('&lifestage_id=4')).body.paginator.total).toBe(0);
    expect(labelsOf((await get('&date_from=2026-07-01&date_to=2026-07-21')).body.data)).toEqual(['second_adult']);
    expect((await get('&kind=mission')).body.paginator.total).toBe(0);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/photos/gallery?lifestage_id=9&limit=51' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['lifestage_id', 'limit']);
    const reversed = await get('&date_from=2026-08-01&date_to=2026-07-01');
    expect(reversed.status).toBe(400);
    expect((reversed.body as unknown as { fields: object }).fields).toEqual({
      date_to: 'End time cannot be earlier than start time.',
    });
  });

  it('pages at the edges: first, last and beyond the end', async () => {
    const first = await get('&limit=3');
    expect(labelsOf(first.body.data)).toEqual(['caterpillar', 'second_adult', 'egg']);
    expect(first.body.paginator).toEqual({
      current: 1,
      total: 4,
      limit: 3,
      totalpage: 2,
      hasPre: false,
      hasNext: true,
    });
    const last = await get('&limit=3&page=2');
    expect(labelsOf(last.body.data)).toEqual(['adult']);
    expect(last.body.paginator).toEqual({ current: 2, total: 4, limit: 3, totalpage: 2, hasPre: true, hasNext: false });
    const beyond = await get('&limit=3&page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.paginator).toEqual({
      current: 3,
      total: 4,
      limit: 3,
      totalpage: 2,
      hasPre: true,
      hasNext: false,
    });
    expect((await get('&page=0')).status).toBe(400);
  });

  it('never shows photos of Deleted, Invalid or Test observations to the public or their owner; an admin sees them', async () => {
    const hidden = ['invalid', 'deleted', 'test'];
    for (const token of ['', volunteer.token]) {
      const { body } = await get('&limit=50', token);
      expect(body.paginator.total).toBe(4);
      expect(labelsOf(body.data).some((l) => hidden.includes(l ?? ''))).toBe(false);
      for (const status of [3, 5, 6]) expect((await get(`&status=${status}`, token)).body.data).toEqual([]);
    }
    const asAdmin = await get('&limit=50', admin.token);
    expect(labelsOf(asAdmin.body.data)).toEqual([
      'test',
      'deleted',
      'invalid',
      'caterpillar',
      'second_adult',
      'egg',
      'adult',
    ]);
  });

  it('leaves out deleted photos and photos of deleted checklists', async () => {
    await ctx.db.execute(sql`UPDATE photos SET isdeleted = true WHERE photo_name = ${names.egg}`);
    await ctx.db.execute(sql`UPDATE checklists SET isdeleted = true WHERE checklist_id = ${checklists.lafontaine}`);
    // A URL not asked before, so no cached answer can be in the way.
    const { body } = await get('&limit=49');
    expect(labelsOf(body.data)).toEqual(['second_adult', 'adult']);
  });
  it('leaves out photos of flagged records with exclude_flagged, and keeps them once an admin accepted the flags', async () => {
    // The fixtures' photos carry far-away EXIF places, so the sightings hold photo flags: the first adult's
    // is cleared, and the second adult's sighting given a flag as the rules store it (docs/quality-flags.md).
    await ctx.db.execute(
      sql`UPDATE observations SET quality_flags = '[]'::jsonb WHERE checklist_id = ${checklists.jarry}`,
    );
    await ctx.db.execute(
      sql`UPDATE observations SET quality_flags = '[{"code":"out_of_season","params":{}}]'::jsonb WHERE checklist_id = ${checklists.possibles}`,
    );
    // Adults only, filter sets no earlier test read: no answer kept from before the update.
    expect(labelsOf((await get('&lifestage_id=1&exclude_flagged=1')).body.data)).toEqual(['adult']);
    expect(labelsOf((await get('&lifestage_id=1&exclude_flagged=0')).body.data)).toEqual(['second_adult', 'adult']);
    await ctx.db.execute(
      sql`UPDATE observations SET flags_accepted_at = now() WHERE checklist_id = ${checklists.possibles}`,
    );
    expect(labelsOf((await get('&lifestage_id=1&exclude_flagged=true')).body.data)).toEqual(['second_adult', 'adult']);
  });
});
