import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ChecklistDetail,
  LoadParams,
  MySite,
  MySubmissionsResponse,
  UploadPhotoResponse,
} from '@mm/shared';
import { diskStorage } from '../src/lib/storage';
import { createPhotosService } from '../src/modules/photos/photos.service';
import { buildTestApp, multipart, photosDir, signUp, type TestContext } from './helpers';

/** A submission's answer (`POST /api/observations/submit_*`). */
interface Submitted {
  checklist_id: number;
}
/** `GET /api/utilities/locate`'s answer. */
interface Located {
  province_id: number | null;
  country_id: number | null;
}

let ctx: TestContext;
let owner: { token: string; userId: number };
let other: { token: string; userId: number };
let qc: number;
let syriaca: number;
let incarnata: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  const latin = (name: string) => params.milkweeds.find((m) => m.latin_name === name)!.milkweed_id;
  syriaca = latin('Asclepias syriaca');
  incarnata = latin('Asclepias incarnata');
});
afterAll(() => ctx.close());

const as = (token: string) => ({ Authorization: token });
async function upload(file: string, token = owner.token): Promise<string> {
  const body = multipart(file, await readFile(path.join(photosDir, file)));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { ...body.headers, ...as(token) },
    payload: body.payload,
  });
  return res.json<UploadPhotoResponse>().photo_name;
}
const mission = (
  overrides: {
    observation?: Record<string, unknown>;
    checklist?: Record<string, unknown>;
    site?: Record<string, unknown>;
  } = {},
) => ({
  idempotency_key: randomUUID(),
  site: {
    locality: 'Champ des Possibles',
    city: 'Montréal',
    province_id: qc,
    latitude: 45.5292,
    longitude: -73.5981,
    ...overrides.site,
  },
  checklist: {
    checklist_date: '2026-07-20',
    start_time: '09:30',
    end_time: '10:45',
    participants: 3,
    ...overrides.checklist,
  },
  observation: {
    stems_inspected: 120,
    monarchs_seen: true,
    milkweeds: [
      {
        milkweed_id: syriaca,
        abundance_id: 3,
        locationsize_id: 2,
        adults: 0,
        eggs: 14,
        caterpillars: 0,
        chrysalises: 0,
      },
      {
        milkweed_id: incarnata,
        abundance_id: 1,
        locationsize_id: 1,
        adults: 1,
        eggs: 0,
        caterpillars: 5,
        chrysalises: 0,
      },
    ],
    photos: [],
    comment: 'Ciel dégagé, 24 °C',
    ...overrides.observation,
  },
});
const submit = (payload: unknown, token = owner.token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: as(token),
    payload: payload as object,
  });
/**
 * The owner's sites, checklists and observations: every row a submission of theirs could leave (other
 * test files write to the same tables at the same time, so whole-table counts would race them).
 */
const tableCounts = async () =>
  (
    await ctx.db.execute<{ s: number; c: number; o: number }>(
      sql`SELECT (SELECT count(*) FROM sites WHERE user_id = ${owner.userId})::int s,
                 (SELECT count(*) FROM checklists WHERE user_id = ${owner.userId})::int c,
                 (SELECT count(*) FROM observations o JOIN checklists c USING (checklist_id)
                   WHERE c.user_id = ${owner.userId})::int o`,
    )
  ).rows[0];

describe('submit_mission', () => {
  it('writes the site, checklist, milkweed rows and monarch counts with photos, shown in Mission details', async () => {
    const eggsPhoto = await upload('field_path_czechia_pixel_gps.jpg');
    const larvaPhoto = await upload('genoa_nikon_d3100_gps.jpg');
    const payload = mission({
      observation: {
        photos: [
          { photo_name: eggsPhoto, lifestage_id: 2, milkweed_index: 0 },
          { photo_name: larvaPhoto, lifestage_id: 3, milkweed_index: 1 },
        ],
      },
    });
    const res = await submit(payload);
    expect(res.statusCode).toBe(201);
    const id = res.json<Submitted>().checklist_id;
    expect((await submit(payload)).json<Submitted>().checklist_id).toBe(id);

    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).json<ChecklistDetail>();
    expect(detail).toMatchObject({
      is_flash: 0,
      start_time: '09:30',
      end_time: '10:45',
      participants: 3,
      stems_inspected: 120,
      can_edit: false,
    });
    expect(detail.site).toMatchObject({ locality: 'Champ des Possibles', province: 'Québec', country_id: 1 });
    const milkweedRows = detail.observations.filter((o) => o.lifestage_id === null);
    expect(milkweedRows.map((o) => [o.latin_name, o.abundance_id])).toEqual([
      ['Asclepias syriaca', 3],
      ['Asclepias incarnata', 1],
    ]);
    const eggs = detail.observations.find((o) => o.lifestage_id === 2);
    expect(eggs).toMatchObject({ numbers: 14, latin_name: 'Asclepias syriaca', french_name: 'Asclépiade commune' });
    expect(eggs?.photo[0]?.photo_name).toBe(eggsPhoto);
    expect(existsSync(path.join(ctx.uploadsDir, 'observations/large', larvaPhoto))).toBe(true);

    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/checklists/mine?kind=mission', headers: as(owner.token) })
    ).json<MySubmissionsResponse>();
    expect(mine.data[0]).toMatchObject({
      checklist_id: id,
      eggs: 14,
      caterpillars: 5,
      adults: 1,
      milkweed_rows: 2,
      observationstatus_id: 1,
      site_id: detail.site.site_id,
    });
    expect(mine.data[0]?.photo?.photo_name).toBeTruthy();
    const asOwner = (
      await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}`, headers: as(owner.token) })
    ).json<ChecklistDetail>();
    expect(asOwner.can_edit).toBe(true);
  });

  it('accepts a survey that found no monarch, but not "monarchs seen" with no count', async () => {
    const none = mission({
      observation: {
        monarchs_seen: false,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 1,
            locationsize_id: 1,
            adults: 0,
            eggs: 0,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
      },
    });
    expect((await submit(none)).statusCode).toBe(201);
    const seen = mission({
      observation: {
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 1,
            locationsize_id: 1,
            adults: 0,
            eggs: 0,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
      },
    });
    const res = await submit(seen);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.['observation.monarchs_seen']).toBe(
      'Please enter at least one monarch observation.',
    );
  });

  it.each([
    [
      'no milkweed row',
      { observation: { milkweeds: [] } },
      'observation.milkweeds',
      'Please enter at least one milkweed observation.',
    ],
    [
      'no stem inspected',
      { observation: { stems_inspected: 0 } },
      'observation.stems_inspected',
      'Must have at least one milkweed stem inspected.',
    ],
    [
      'end before start',
      { checklist: { start_time: '11:00', end_time: '10:00' } },
      'checklist.end_time',
      'End time cannot be earlier than start time.',
    ],
    ['no city', { site: { city: '' } }, 'site.city', 'City is required.'],
    ['no start time', { checklist: { start_time: '' } }, 'checklist.start_time', 'Start time is required.'],
    [
      'longitude out of range',
      { site: { longitude: -200 } },
      'site.longitude',
      'Longitude must be between -180 and 180.',
    ],
    [
      'unknown abundance',
      () => ({
        observation: {
          milkweeds: [
            {
              milkweed_id: syriaca,
              abundance_id: 99,
              locationsize_id: 1,
              adults: 1,
              eggs: 0,
              caterpillars: 0,
              chrysalises: 0,
            },
          ],
        },
      }),
      'abundance_id',
      'Abundance: this choice does not exist.',
    ],
    ["someone else's site", { site: { site_id: 999999 } }, 'site_id', 'Site: this choice does not exist.'],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_name, change, field, message) => {
    const before = await tableCounts();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_mission',
      headers: { ...as(owner.token), Language: 'en' },
      payload: mission(typeof change === 'function' ? change() : change),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a photo for a life stage with no count', async () => {
    const photo = await upload('squirrel_yosemite_canon600d_gps.jpg');
    const res = await submit(
      mission({ observation: { photos: [{ photo_name: photo, lifestage_id: 4, milkweed_index: 0 }] } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.photos).toBe('Each picture needs a count greater than 0 for its life stage.');
  });

  it('writes one mission when the same new submission arrives several times at once', async () => {
    const payload = mission();
    const before = await tableCounts();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(payload)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<Submitted>().checklist_id)).size).toBe(1);
    // One site, one checklist, 2 milkweed rows + 3 counted stages: nothing duplicated, no stray site.
    expect(await tableCounts()).toEqual({ s: before!.s + 1, c: before!.c + 1, o: before!.o + 5 });
  });

  it('leaves nothing behind when the database fails in the middle of the write', async () => {
    await ctx.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION fail_on_777() RETURNS trigger AS $$
      BEGIN IF NEW.numbers = 777 THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER fail_on_777 BEFORE INSERT ON observations FOR EACH ROW EXECUTE FUNCTION fail_on_777();`),
    );
    try {
      const photo = await upload('hillside_tuscany_coolpix_gps.jpg');
      const before = await tableCounts();
      const bad = mission({
        observation: {
          milkweeds: [
            {
              milkweed_id: syriaca,
              abundance_id: 1,
              locationsize_id: 1,
              adults: 777,
              eggs: 1,
              caterpillars: 0,
              chrysalises: 0,
            },
          ],
          photos: [{ photo_name: photo, lifestage_id: 2, milkweed_index: 0 }],
        },
      });
      const res = await submit(bad);
      expect(res.statusCode).toBe(500);
      expect(res.json<ApiError>().message).not.toContain('simulated');
      expect(await tableCounts()).toEqual(before);
      const row = await ctx.db.execute<{ observation_id: number | null; photo_path: string }>(
        sql`SELECT observation_id, photo_path FROM photos WHERE photo_name = ${photo}`,
      );
      expect(row.rows[0]).toEqual({ observation_id: null, photo_path: 'observations_temp' });
      // The same without photos, which takes the single-statement path.
      const noPhoto = await submit(
        mission({
          observation: {
            milkweeds: [
              {
                milkweed_id: syriaca,
                abundance_id: 1,
                locationsize_id: 1,
                adults: 777,
                eggs: 0,
                caterpillars: 0,
                chrysalises: 0,
              },
            ],
          },
        }),
      );
      expect(noPhoto.statusCode).toBe(500);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER fail_on_777 ON observations; DROP FUNCTION fail_on_777();'));
    }
  });
});

describe('owners edit and delete while Pending; others cannot', () => {
  it('lets the owner replace a Flash, forbids others (403), and refuses once vetted (409)', async () => {
    const flash = {
      idempotency_key: randomUUID(),
      checklist_date: '2026-08-02',
      locality: 'Jardin',
      province_id: qc,
      latitude: 46.81,
      longitude: -71.21,
      adults: 2,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
    };
    const id = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: as(owner.token),
        payload: flash,
      })
    ).json<Submitted>().checklist_id;
    const edit = { ...flash, adults: 5, locality: 'Jardin communautaire' };
    const byOther = await ctx.app.inject({
      method: 'PUT',
      url: `/api/checklists/${id}/flash`,
      headers: as(other.token),
      payload: edit,
    });
    expect(byOther.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/checklists/${id}/flash`, payload: edit });
    expect(anonymous.statusCode).toBe(401);
    const wrongKind = await ctx.app.inject({
      method: 'PUT',
      url: `/api/checklists/${id}/mission`,
      headers: as(owner.token),
      payload: mission(),
    });
    expect(wrongKind.statusCode).toBe(409);
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/checklists/${id}/flash`,
      headers: as(owner.token),
      payload: edit,
    });
    expect(ok.statusCode).toBe(200);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).json<ChecklistDetail>();
    expect(detail.site.locality).toBe('Jardin communautaire');
    expect(detail.observations).toHaveLength(1);
    expect(detail.observations[0]).toMatchObject({ lifestage_id: 1, numbers: 5 });

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/checklists/${id}`, headers: as(other.token) })).statusCode,
    ).toBe(403);
    await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 2 WHERE checklist_id = ${id}`);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/checklists/${id}/flash`,
          headers: as(owner.token),
          payload: edit,
        })
      ).statusCode,
    ).toBe(409);
    const vetted = await ctx.app.inject({ method: 'DELETE', url: `/api/checklists/${id}`, headers: as(owner.token) });
    expect(vetted.statusCode).toBe(409);
    expect(vetted.json<ApiError>().message).toBe(
      'This submission has already been reviewed and can no longer be changed.',
    );
  });

  it('deletes by status (Deleted), hiding it from the public and from my lists', async () => {
    const id = (await submit(mission())).json<Submitted>().checklist_id;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/checklists/${id}`, headers: as(owner.token) })).statusCode,
    ).toBe(204);
    const statuses = await ctx.db.execute<{ s: number }>(
      sql`SELECT DISTINCT observationstatus_id s FROM observations WHERE checklist_id = ${id}`,
    );
    expect(statuses.rows).toEqual([{ s: 3 }]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}`, headers: as(owner.token) })).statusCode,
    ).toBe(404);
    const mine = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/checklists/mine?kind=mission&limit=50',
        headers: as(owner.token),
      })
    ).json<MySubmissionsResponse>();
    expect(mine.data.some((c) => c.checklist_id === id)).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/checklists/${id}`, headers: as(owner.token) })).statusCode,
    ).toBe(404);
  });

  it('hides Invalid observations from the public but shows them to their owner', async () => {
    const id = (await submit(mission())).json<Submitted>().checklist_id;
    await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${id}`);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}`, headers: as(other.token) })).statusCode,
    ).toBe(404);
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}`, headers: as(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ChecklistDetail>().can_edit).toBe(false);
  });
});

describe('my sites, province of a point, orphan clean-up', () => {
  it('lists my sites and lets a mission reuse one', async () => {
    const sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites/mine', headers: as(owner.token) })).json<
      MySite[]
    >();
    expect(sites.length).toBeGreaterThan(0);
    const site = sites.find((s) => s.locality === 'Champ des Possibles')!;
    const reuse = mission({ site: { site_id: site.site_id } });
    const id = (await submit(reuse)).json<Submitted>().checklist_id;
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).json<ChecklistDetail>().site.site_id,
    ).toBe(site.site_id);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/sites/mine', headers: as(other.token) });
    expect(theirs.json<MySite[]>().some((s) => s.site_id === site.site_id)).toBe(false);
  });

  it.each([
    [45.5292, -73.5981, 'QC'],
    [37.8711, -122.2568, 'CA'],
    [19.4326, -99.1332, 'CMX'],
    [43.6532, -79.3832, 'ON'],
    [42.3314, -83.0458, 'MI'],
    [25.6866, -100.3161, 'NLE'],
  ])('suggests the province of %f, %f: %s', async (lat, lng, code) => {
    const res = (
      await ctx.app.inject({ method: 'GET', url: `/api/utilities/locate?lat=${lat}&lng=${lng}` })
    ).json<Located>();
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
    expect(params.provinces.find((p) => p.province_id === res.province_id)?.administrative).toBe(code);
  });

  it('answers nulls for a point outside North America', async () => {
    const res = (
      await ctx.app.inject({ method: 'GET', url: '/api/utilities/locate?lat=40.4469&lng=-3.7247' })
    ).json<Located>();
    expect(res).toEqual({ province_id: null, country_id: null });
  });

  describe('checks every point against its province (README "Province boundaries")', () => {
    const provinceId = async (code: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' }))
        .json<LoadParams>()
        .provinces.find((p) => p.administrative === code)!.province_id;
    const flash = (province_id: number, latitude: number, longitude: number) => ({
      idempotency_key: randomUUID(),
      checklist_date: '2026-08-02',
      locality: 'Bord de la rivière',
      province_id,
      latitude,
      longitude,
      adults: 1,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
    });
    const postFlash = (payload: object, language: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: { ...as(owner.token), Language: language },
        payload,
      });

    it.each([
      ['en', 'Province: this point lies in Québec. Choose Québec or move the point.'],
      [
        'fr',
        "Ce point se trouve dans la province ou l'État « Québec » : choisissez « Québec » pour la province ou déplacez le point.",
      ],
    ])('refuses a Flash in Chelsea (Québec) filed as Ontario, in %s, saving nothing', async (language, message) => {
      const before = await tableCounts();
      const res = await postFlash(flash(await provinceId('ON'), 45.5, -75.78), language);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>().fields).toEqual({ province_id: message });
      expect(await tableCounts()).toEqual(before);
    });

    it('refuses a Flash at sea (40° N 50° W) on its location, in Spanish', async () => {
      const res = await postFlash(flash(qc, 40, -50), 'es');
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>().fields).toEqual({
        latitude: 'Este punto está fuera de Canadá, Estados Unidos y México: corrija la latitud o mueva el punto.',
        longitude: 'Este punto está fuera de Canadá, Estados Unidos y México: corrija la longitud o mueva el punto.',
      });
    });

    it.each([
      ['en', 'Province: this point lies in Québec. Choose Québec or move the point.'],
      [
        'es',
        'Este punto está en la provincia o el estado «Québec»: elija «Québec» para el estado o provincia o mueva el punto.',
      ],
    ])(
      'refuses central Hull, 400 m from the Ottawa River, filed as Ontario, in %s; accepts it as Québec',
      async (language, message) => {
        const refused = await postFlash(flash(await provinceId('ON'), 45.4285, -75.713), language);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<ApiError>().fields).toEqual({ province_id: message });
        expect((await postFlash(flash(qc, 45.4285, -75.713), language)).statusCode).toBe(201);
      },
    );

    it('refuses downtown Detroit filed as Ontario and Windsor filed as Michigan; accepts each on its own side', async () => {
      const [on, mi] = [await provinceId('ON'), await provinceId('MI')];
      const detroit = await postFlash(flash(on, 42.3315, -83.0466), 'fr');
      expect(detroit.statusCode).toBe(400);
      expect(detroit.json<ApiError>().fields?.province_id).toContain('Michigan');
      expect((await postFlash(flash(mi, 42.3149, -83.0364), 'en')).json<ApiError>().fields?.province_id).toContain(
        'Ontario',
      );
      expect((await postFlash(flash(mi, 42.3315, -83.0466), 'en')).statusCode).toBe(201);
      expect((await postFlash(flash(on, 42.3149, -83.0364), 'en')).statusCode).toBe(201);
    });

    it('accepts a point in a border river under either bank (within 500 m), and a shore point just off the coastline', async () => {
      // Mid-river between Hull and Parliament Hill; Halifax harbour lies off the simplified shore.
      expect((await postFlash(flash(qc, 45.4275, -75.705), 'en')).statusCode).toBe(201);
      expect((await postFlash(flash(await provinceId('ON'), 45.4275, -75.705), 'en')).statusCode).toBe(201);
      expect((await postFlash(flash(await provinceId('NS'), 44.64, -63.56), 'en')).statusCode).toBe(201);
    });

    it('refuses a Mission site in Windsor filed as Michigan, and its replacement too', async () => {
      const mi = await provinceId('MI');
      const before = await tableCounts();
      const res = await submit(
        mission({ site: { province_id: mi, latitude: 42.27, longitude: -83.0, city: 'Windsor' } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>().fields?.province_id).toContain('Ontario');
      expect(await tableCounts()).toEqual(before);
      const created = await submit(mission());
      expect(created.statusCode).toBe(201);
      const replaced = await ctx.app.inject({
        method: 'PUT',
        url: `/api/checklists/${created.json<Submitted>().checklist_id}/mission`,
        headers: as(owner.token),
        payload: mission({ site: { province_id: qc, latitude: 31.69, longitude: -106.42 } }),
      });
      expect(replaced.statusCode).toBe(400);
      expect(replaced.json<ApiError>().fields?.province_id).toContain('Chihuahua');
    });
  });

  it('removes uploads left unattached for 24 hours, files included, and keeps attached ones', async () => {
    const orphan = await upload('agama_lizard_kenya_kodak_gps_south.jpg');
    await ctx.db.execute(sql`UPDATE photos SET created = now() - interval '25 hours' WHERE photo_name = ${orphan}`);
    const fresh = await upload('squirrel_yosemite_canon600d_gps.jpg');
    const n = await createPhotosService(ctx.db, diskStorage(ctx.uploadsDir)).removeOrphans();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(ctx.uploadsDir, 'observations_temp/small', orphan))).toBe(false);
    expect(existsSync(path.join(ctx.uploadsDir, 'observations_temp/small', fresh))).toBe(true);
    const rows = await ctx.db.execute<{ photo_name: string }>(
      sql`SELECT photo_name FROM photos WHERE photo_name IN (${orphan}, ${fresh})`,
    );
    expect(rows.rows.map((r) => r.photo_name)).toEqual([fresh]);
  });
});
