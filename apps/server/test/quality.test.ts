import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ObservationStatus,
  Role,
  type AdminObservation,
  type ApiError,
  type LoadParams,
  type QualityFlag,
  type UploadPhotoResponse,
} from '@mm/shared';

/** `POST /api/quality/preview`'s answer. */
interface QualityPreview {
  flags: QualityFlag[];
}
import { createSightingWriter } from '../src/modules/imports/import.service';
import { createQualityService } from '../src/modules/quality/quality.service';
import { buildTestApp, multipart, photosDir, signUp, submitFlash, unzip, type TestContext } from './helpers';

let ctx: TestContext;
type Account = { token: string; userId: number; username: string };
let volunteer: Account;
let admin: Account;
let qc: number;
let ca: number;
let syriaca: number;

const QUEBEC_CITY = { latitude: 46.8139, longitude: -71.208 };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };

async function accountWithRole(roleId: number): Promise<Account> {
  const account = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${roleId} WHERE user_id = ${account.userId}`);
  const signin = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { username: account.username, password: 'monarque1' },
  });
  return { ...account, token: signin.json<{ oauth_token: string }>().oauth_token };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? { Authorization: token } : {},
    // Its own address: downloads are limited per IP (30 a minute) across test files.
    remoteAddress: '10.18.0.5',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The stored flags of a checklist's observations, by life stage (null: milkweed row). */
async function flagsOf(checklistId: number): Promise<Map<number | null, QualityFlag[]>> {
  const res = await ctx.db.execute<{ lifestage_id: number | null; quality_flags: QualityFlag[] }>(
    sql`SELECT lifestage_id, quality_flags FROM observations WHERE checklist_id = ${checklistId} ORDER BY observation_id`,
  );
  return new Map(res.rows.map((r) => [r.lifestage_id, r.quality_flags]));
}
const codesOf = async (checklistId: number, stage: number | null) =>
  ((await flagsOf(checklistId)).get(stage) ?? []).map((f) => f.code);
const observationOf = async (checklistId: number, stage: number) =>
  (
    await ctx.db.execute<{ id: number }>(
      sql`SELECT observation_id AS id FROM observations WHERE checklist_id = ${checklistId} AND lifestage_id = ${stage}`,
    )
  ).rows[0]?.id as number;

const flash = (fields: Record<string, unknown>, token = volunteer.token) =>
  submitFlash(ctx.app, token, { locality: 'Jardin', province_id: qc, ...QUEBEC_CITY, milkweed_id: syriaca, ...fields });

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  admin = await accountWithRole(Role.Admin);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const province = (code: string) => params.provinces.find((p) => p.administrative === code)!.province_id;
  qc = province('QC');
  ca = province('CA');
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
});
afterAll(() => ctx.close());

describe('flags at submission', () => {
  it('stores out_of_season on eggs in January in Québec, and nothing on a July record', async () => {
    const january = await flash({ checklist_date: '2026-01-15', eggs: 3 });
    expect((await flagsOf(january)).get(2)).toEqual([
      { code: 'out_of_season', params: { lifestage_id: 2, month: 1, latitude: 46.8 } },
    ]);
    const july = await flash({ checklist_date: '2026-07-15', eggs: 3, locality: 'Autre jardin', latitude: 46.9 });
    expect(await codesOf(july, 2)).toEqual([]);
  });

  it('stores count_above_ceiling for 100,000 caterpillars and date_before_1900 for 1850', async () => {
    const many = await flash({ checklist_date: '2026-07-16', caterpillars: 100_000 });
    expect(await codesOf(many, 3)).toEqual(['count_above_ceiling']);
    const old = await flash({ checklist_date: '1850-07-16', adults: 1 });
    expect(await codesOf(old, 1)).toEqual(['date_before_1900']);
  });

  it('flags the later of two same-day records within 100 m with the same counts, naming the earlier one', async () => {
    const first = await flash({ checklist_date: '2026-08-02', adults: 2, eggs: 1 });
    const second = await flash({ checklist_date: '2026-08-02', adults: 2, eggs: 1, latitude: 46.8145 });
    const other = await flash({ checklist_date: '2026-08-02', adults: 3, eggs: 1, latitude: 46.8145 });
    const far = await flash({ checklist_date: '2026-08-02', adults: 2, eggs: 1, latitude: 46.816 });
    expect(await codesOf(first, 1)).toEqual([]);
    const flags = (await flagsOf(second)).get(1) ?? [];
    expect(flags).toEqual([{ code: 'near_duplicate', params: { checklist_id: first, metres: 67 } }]);
    expect(await codesOf(other, 1)).toEqual([]);
    expect(await codesOf(far, 1)).toEqual([]);
    const stranger = await signUp(ctx.app);
    expect(await codesOf(await flash({ checklist_date: '2026-08-02', adults: 2, eggs: 1 }, stranger.token), 1)).toEqual(
      [],
    );
  });

  it('stores at submission exactly what a recompute from the stored rows gives (flags written with the rows)', async () => {
    const first = await flash({ checklist_date: '2026-01-21', eggs: 4, adults: 1, locality: 'Parc A' });
    const twin = await flash({ checklist_date: '2026-01-21', eggs: 4, adults: 1, latitude: 46.8143 });
    const many = await flash({ checklist_date: '2026-07-21', caterpillars: 100_000, latitude: 46.85 });
    const ids = [first, twin, many];
    const before = await Promise.all(ids.map(async (id) => [...(await flagsOf(id)).entries()]));
    expect(before[1]?.find(([stage]) => stage === 2)?.[1].map((f) => f.code)).toEqual([
      'out_of_season',
      'near_duplicate',
    ]);
    await ctx.db.transaction((tx) => createQualityService(ctx.db).recompute(tx, ids));
    const after = await Promise.all(ids.map(async (id) => [...(await flagsOf(id)).entries()]));
    expect(after).toEqual(before);
  });

  it('flags a Mission with more than 10 eggs per stem inspected', async () => {
    const res = await call('POST', '/api/observations/submit_mission', volunteer.token, {
      idempotency_key: randomUUID(),
      site: { locality: 'Champ', city: 'Québec', province_id: qc, latitude: 46.78, longitude: -71.3 },
      checklist: { checklist_date: '2026-07-20', start_time: '09:30', end_time: '10:45', participants: 1 },
      observation: {
        stems_inspected: 2,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 1,
            locationsize_id: 1,
            adults: 0,
            eggs: 21,
            caterpillars: 20,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ checklist_id: number }>().checklist_id;
    expect(await codesOf(id, 2)).toEqual(['count_per_stem']);
    expect(await codesOf(id, 3)).toEqual([]);
    expect(await codesOf(id, null)).toEqual([]);
  });

  it('flags a photo whose EXIF position lies far from the entered point (the server reads EXIF before stripping it)', async () => {
    const file = 'squirrel_berkeley_canon600d_gps.jpg';
    const body = multipart(file, await readFile(path.join(photosDir, file)));
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...body.headers, Authorization: volunteer.token },
      payload: body.payload,
    });
    const photo = upload.json<UploadPhotoResponse>().photo_name;
    const stored = await ctx.db.execute(
      sql`SELECT exif_taken_on::text AS d, exif_latitude AS lat, exif_longitude AS lng FROM photos WHERE photo_name = ${photo}`,
    );
    expect(stored.rows[0]).toEqual({ d: '2015-06-11', lat: 37.871093, lng: -122.25678 });
    // San José, 68 km from the photo's Berkeley point, on the day it was taken.
    const id = await flash({
      checklist_date: '2015-06-11',
      province_id: ca,
      latitude: 37.3382,
      longitude: -121.8863,
      adults: 1,
      photos: [{ photo_name: photo, lifestage_id: 1 }],
    });
    expect((await flagsOf(id)).get(1)).toEqual([{ code: 'photo_place_far', params: { km: 68 } }]);
  });
});

describe('flags of imported and older rows', () => {
  it('flags an imported egg record in January, in the import transaction', async () => {
    const write = await createSightingWriter(ctx.db);
    const sourceKey = `quality-test-${randomUUID()}`;
    const result = await write([
      {
        userId: volunteer.userId,
        sourceKey,
        record: {
          kind: 'monarch',
          eventDate: '2021-01-20',
          decimalLatitude: 45.5,
          decimalLongitude: -73.6,
          provinceCode: 'QC',
          locality: 'Montréal',
          remarks: null,
          lifestage_id: 2,
          individualCount: 4,
          sourceRecordId: null,
          scientificName: 'Danaus plexippus',
        },
      },
    ]);
    expect(result.written).toBe(1);
    const row = await ctx.db.execute<{ quality_flags: QualityFlag[] }>(
      sql`SELECT o.quality_flags FROM observations o JOIN checklists c USING (checklist_id)
          WHERE c.user_id = ${volunteer.userId} AND c.checklist_date = '2021-01-20'`,
    );
    expect(row.rows[0]?.quality_flags.map((f) => f.code)).toEqual(['out_of_season']);
  });

  it('recomputes rows written before the flags: a Houston point filed under Québec, a point at 0,0, a future date', async () => {
    const legacy = async (lat: number, lng: number, date: string) => {
      const res = await ctx.db.execute<{ id: number }>(sql`
        WITH s AS (INSERT INTO sites (user_id, locality, province_id, country_id, latitude, longitude)
                   VALUES (${volunteer.userId}, 'Ancien', ${qc}, 1, ${lat}, ${lng}) RETURNING site_id),
        c AS (INSERT INTO checklists (user_id, site_id, checklist_date, checklisttype_id, submittype_id, is_flash)
              SELECT ${volunteer.userId}, site_id, ${date}::date, 3, 4, true FROM s RETURNING checklist_id)
        INSERT INTO observations (checklist_id, lifestage_id, numbers, observationstatus_id)
        SELECT checklist_id, 1, 1, 1 FROM c RETURNING checklist_id AS id`);
      return res.rows[0]?.id as number;
    };
    const houston = await legacy(HOUSTON.latitude, HOUSTON.longitude, '2019-07-01');
    const nullIsland = await legacy(0, 0, '2019-07-02');
    const future = await legacy(QUEBEC_CITY.latitude, QUEBEC_CITY.longitude, '2099-07-01');
    expect(await codesOf(houston, 1)).toEqual([]);
    const checked = await createQualityService(ctx.db).recomputeAll({ batch: 2, afterId: houston - 1 });
    expect(checked).toBeGreaterThanOrEqual(3);
    expect((await flagsOf(houston)).get(1)).toEqual([
      { code: 'place_other_province', params: { province: 'Texas', chosen: 'Québec' } },
    ]);
    expect(await codesOf(nullIsland, 1)).toEqual(['place_outside_area']);
    expect(await codesOf(future, 1)).toEqual(['date_future']);
  });
});

describe('POST /api/quality/preview', () => {
  it('answers every flag the record would get, including the boundary and duplicate rules, and writes nothing', async () => {
    const first = await flash({ checklist_date: '2026-06-03', adults: 1, latitude: 46.7 });
    const res = await call('POST', '/api/quality/preview', volunteer.token, {
      checklist_date: '2026-06-03',
      province_id: qc,
      latitude: 46.7,
      longitude: -71.208,
      observations: [{ lifestage_id: 1, numbers: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<QualityPreview>().flags).toEqual([
      { code: 'near_duplicate', params: { checklist_id: first, metres: 0 } },
    ]);
    const houston = await call('POST', '/api/quality/preview', volunteer.token, {
      checklist_date: '2026-01-10',
      province_id: qc,
      ...HOUSTON,
      observations: [{ lifestage_id: 2, numbers: 2 }],
    });
    expect(houston.json<QualityPreview>().flags.map((f) => f.code)).toEqual(['place_other_province']);
    expect((await call('POST', '/api/quality/preview', undefined, {})).statusCode).toBe(401);
    const bad = await call('POST', '/api/quality/preview', volunteer.token, { checklist_date: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin: filter, sort, reasons, correction, acceptance', () => {
  const list = (filter: object, sort = '["id","ASC"]') =>
    call(
      'GET',
      `/api/admin/observations?sort=${encodeURIComponent(sort)}&range=${encodeURIComponent('[0,499]')}&filter=${encodeURIComponent(
        JSON.stringify({ username: volunteer.username, ...filter }),
      )}`,
      admin.token,
    );

  it('filters the queue by one flag, by any flag and by none, sorts by flag count, and refuses an unknown flag', async () => {
    const seasonal = (await list({ flag: 'out_of_season' })).json<AdminObservation[]>();
    expect(seasonal.length).toBeGreaterThanOrEqual(1);
    for (const row of seasonal) expect(row.quality_flags.map((f) => f.code)).toContain('out_of_season');
    const any = (await list({ flag: 'any' })).json<AdminObservation[]>();
    const none = (await list({ flag: 'none' })).json<AdminObservation[]>();
    const all = (await list({})).json<AdminObservation[]>();
    expect(any.every((r) => r.flag_count > 0)).toBe(true);
    expect(none.every((r) => r.flag_count === 0)).toBe(true);
    expect(any.length + none.length).toBe(all.length);
    const sorted = (await list({}, '["flag_count","DESC"]')).json<AdminObservation[]>().map((r) => r.flag_count);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(sorted[0]).toBeGreaterThan(0);
    const bad = await list({ flag: 'nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toHaveProperty('flag');
  });

  it('recomputes the flags after a correction of the date, the count or the place', async () => {
    const id = await flash({ checklist_date: '2026-01-20', eggs: 2, latitude: 46.6 });
    const eggs = await observationOf(id, 2);
    expect(await codesOf(id, 2)).toEqual(['out_of_season']);
    expect(
      (await call('PUT', `/api/admin/observations/${eggs}`, admin.token, { checklist_date: '2026-06-20' })).statusCode,
    ).toBe(200);
    expect(await codesOf(id, 2)).toEqual([]);
    await call('PUT', `/api/admin/observations/${eggs}`, admin.token, { numbers: 5000 });
    expect(await codesOf(id, 2)).toEqual(['count_above_ceiling']);
    await call('PUT', `/api/admin/observations/${eggs}`, admin.token, { numbers: 5, ...HOUSTON });
    expect(await codesOf(id, 2)).toEqual(['place_other_province']);
    const shown = (await call('GET', `/api/admin/observations/${eggs}`, admin.token)).json<AdminObservation>();
    expect(shown.quality_flags).toEqual([
      { code: 'place_other_province', params: { province: 'Texas', chosen: 'Québec' } },
    ]);
    const site = shown.site_id;
    const fixed = await call('PUT', `/api/admin/sites/${site}`, admin.token, { latitude: 46.6, longitude: -71.2 });
    expect(fixed.statusCode).toBe(200);
    expect(await codesOf(id, 2)).toEqual([]);
    const checklist = await call('PUT', `/api/admin/checklists/${id}`, admin.token, { checklist_date: '2026-02-01' });
    expect(checklist.statusCode).toBe(200);
    expect(await codesOf(id, 2)).toEqual(['out_of_season']);
  });

  it('records who accepted a flagged record vetted Valid, and when; an unflagged Valid record has none', async () => {
    const flagged = await observationOf(await flash({ checklist_date: '2026-01-22', eggs: 1, latitude: 46.5 }), 2);
    const clean = await observationOf(await flash({ checklist_date: '2026-07-22', eggs: 1, latitude: 46.5 }), 2);
    const res = await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [flagged, clean],
      status_id: ObservationStatus.Valid,
    });
    expect(res.statusCode).toBe(200);
    const shown = (await call('GET', `/api/admin/observations/${flagged}`, admin.token)).json<AdminObservation>();
    expect(shown).toMatchObject({ flags_accepted_by: admin.userId, flags_accepted_by_username: admin.username });
    expect(Date.now() - Date.parse(shown.flags_accepted_at ?? '')).toBeLessThan(60_000);
    expect((await call('GET', `/api/admin/observations/${clean}`, admin.token)).json()).toMatchObject({
      flags_accepted_by: null,
      flags_accepted_at: null,
    });
    await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [flagged],
      status_id: ObservationStatus.Vetted,
    });
    expect(
      (await call('GET', `/api/admin/observations/${flagged}`, admin.token)).json<AdminObservation>().flags_accepted_by,
    ).toBe(admin.userId);
    await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [flagged],
      status_id: ObservationStatus.Pending,
    });
    expect(
      (await call('GET', `/api/admin/observations/${flagged}`, admin.token)).json<AdminObservation>().flags_accepted_by,
    ).toBeNull();
  });
});

describe('exports', () => {
  it('writes the flags in the CSV `flags` column and in the DwC-A occurrenceRemarks', async () => {
    const id = await flash({ checklist_date: '2026-01-25', eggs: 2, latitude: 46.4 });
    const query = `reason_id=1&username=${volunteer.username}&date_from=2026-01-25&date_to=2026-01-25`;
    const csv = await call('GET', `/api/observations/download?format=csv&${query}`);
    const rows = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    const eggs = rows.find((r) => r.lifeStage === 'egg');
    expect(eggs?.flags).toBe('out_of_season(latitude=46.4, lifestage_id=2, month=1)');
    const archive = await unzip((await call('GET', `/api/observations/download?format=dwca&${query}`)).rawPayload);
    expect(archive['occurrence.txt']).toContain('quality flags: out_of_season(latitude=46.4, lifestage_id=2, month=1)');
    expect(id).toBeGreaterThan(0);
  });
});
