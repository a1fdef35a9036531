import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE_ID,
  cellCentre,
  cellUncertaintyMetres,
  PRIVATE_DATA_GENERALIZATIONS,
  PRIVATE_EXACT_NOT_GENERALIZED,
  PRIVATE_EXACT_WITHHOLD,
  PRIVATE_INFORMATION_WITHHELD,
  type ApiError,
  type ChecklistDetail,
  type ClusterResponse,
  type GalleryResponse,
  type LoadParams,
  type MySite,
  type ObservationListResponse,
  type PublicProfile,
} from '@mm/shared';
import { buildTestApp, multipart, photosDir, signUp, unzip, type TestContext } from './helpers';

/**
 * Private sites: every public answer shows a private site at the centre of its 0.1° cell
 * without locality or city, also when the answer comes from the cache; the owner (own pages) and
 * admins see the exact place.
 */
let ctx: TestContext;
let owner: { token: string; userId: number; username: string };
let other: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
let syriaca: number;
let privateChecklist: number;
let privateSite: number;
let publicChecklist: number;

// A garden in Montréal: exact values that must never appear in a public answer.
const GARDEN = { locality: 'Jardin de Mme Gagnon', city: 'Verdun-Secret', latitude: 45.53919, longitude: -73.61823 };
const CELL = { latitude: 45.55, longitude: -73.65 };
const LEAKS = ['45.53919', '73.61823', 'Jardin de Mme Gagnon', 'Verdun-Secret'];

const get = (url: string, token = '') => ctx.app.inject({ method: 'GET', url, headers: { Authorization: token } });
const as = (token: string) => ({ Authorization: token });
const leaks = (text: string) => LEAKS.filter((s) => text.includes(s));

async function mission(site: Record<string, unknown>, date: string, photos: unknown[] = []) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: as(owner.token),
    payload: {
      idempotency_key: randomUUID(),
      site,
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 20,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 1,
            eggs: 3,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ checklist_id: number }>().checklist_id;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await get('/api/utilities/loadparams')).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  const body = multipart(
    'genoa_nikon_d3100_gps.jpg',
    await readFile(path.join(photosDir, 'genoa_nikon_d3100_gps.jpg')),
  );
  const photo = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...body.headers, Authorization: owner.token },
      payload: body.payload,
    })
  ).json<{ photo_name: string }>();
  privateChecklist = await mission({ ...GARDEN, province_id: qc, is_private: true }, '2026-07-01', [
    { photo_name: photo.photo_name, lifestage_id: 2, milkweed_index: 0 },
  ]);
  privateSite = (await get(`/api/checklists/${privateChecklist}`, owner.token)).json<ChecklistDetail>().site.site_id;
  publicChecklist = await mission(
    { locality: 'Parc Jarry', city: 'Montréal', province_id: qc, latitude: 45.5339, longitude: -73.6281 },
    '2026-07-02',
  );
});
afterAll(() => ctx.close());

const mine = () => `username=${owner.username}`;

describe('a private site in public answers', () => {
  it('computes the cell centre and its uncertainty as documented', () => {
    expect(cellCentre(GARDEN.latitude)).toBe(CELL.latitude);
    expect(cellCentre(GARDEN.longitude)).toBe(CELL.longitude);
    expect(cellCentre(-0.05)).toBe(-0.05);
    // Half the diagonal of a 0.1° cell, 5,566 m tall: 7,872 m at the equator; in the cell 45.5–45.6° N,
    // measured at 45.5°, √(5566² + (5566 · cos 45.5°)²) = √(5566² + 3901.3²) = 6797.1 m.
    expect(cellUncertaintyMetres(0.02)).toBe(7872);
    expect(cellUncertaintyMetres(45.53)).toBe(6798);
  });

  it('the Explore list shows the cell centre and no locality to everyone but admins, cached or not', async () => {
    for (const token of ['', other.token, owner.token]) {
      for (let i = 0; i < 3; i++) {
        const res = await get(`/api/observations?${mine()}`, token);
        expect(res.statusCode).toBe(200);
        expect(leaks(res.body)).toEqual([]);
        const rows = res.json<ObservationListResponse>().data;
        const garden = rows.filter((r) => r.checklist_id === privateChecklist);
        expect(garden.length).toBeGreaterThan(0);
        for (const r of garden) expect(r).toMatchObject({ ...CELL, locality: null, is_private: true });
        const park = rows.find((r) => r.checklist_id === publicChecklist);
        expect(park).toMatchObject({
          latitude: 45.5339,
          longitude: -73.6281,
          locality: 'Parc Jarry',
          is_private: false,
        });
      }
    }
    const adminRows = (await get(`/api/observations?${mine()}`, admin.token)).json<ObservationListResponse>().data;
    expect(adminRows.find((r) => r.checklist_id === privateChecklist)).toMatchObject({
      latitude: GARDEN.latitude,
      longitude: GARDEN.longitude,
      locality: GARDEN.locality,
      is_private: true,
    });
  });

  it('a box around the exact point finds nothing for the public; the cell centre finds it', async () => {
    const exactBox = `bbox=${GARDEN.longitude},${GARDEN.latitude},${GARDEN.longitude},${GARDEN.latitude}`;
    for (let i = 0; i < 2; i++)
      expect(
        (await get(`/api/observations?${mine()}&${exactBox}`)).json<ObservationListResponse>().paginator.total,
      ).toBe(0);
    expect(
      (await get(`/api/observations?${mine()}&${exactBox}`, admin.token)).json<ObservationListResponse>().paginator
        .total,
    ).toBeGreaterThan(0);
    const cellBox = `bbox=${CELL.longitude},${CELL.latitude},${CELL.longitude},${CELL.latitude}`;
    expect(
      (await get(`/api/observations?${mine()}&${cellBox}`)).json<ObservationListResponse>().paginator.total,
    ).toBeGreaterThan(0);
  });

  it('map clusters sit at the cell centre for the public and at the exact point for admins', async () => {
    const view = `zoom=16&west=-73.7&south=45.5&east=-73.5&north=45.6&${mine()}`;
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/observations/clusters?${view}`);
      expect(leaks(res.body)).toEqual([]);
      const points = res.json<ClusterResponse>().clusters.map((c) => [c.latitude, c.longitude]);
      expect(points).toContainEqual([CELL.latitude, CELL.longitude]);
    }
    const adminPoints = (await get(`/api/observations/clusters?${view}`, admin.token))
      .json<ClusterResponse>()
      .clusters.map((c) => [c.latitude, c.longitude]);
    expect(adminPoints).toContainEqual([GARDEN.latitude, GARDEN.longitude]);
  });

  it('the gallery withholds locality and city', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/photos/gallery?${mine()}`);
      expect(leaks(res.body)).toEqual([]);
      const photo = res.json<GalleryResponse>().data.find((p) => p.checklist_id === privateChecklist);
      expect(photo).toMatchObject({ locality: null, city: null });
    }
    const adminPhoto = (await get(`/api/photos/gallery?${mine()}`, admin.token))
      .json<GalleryResponse>()
      .data.find((p) => p.checklist_id === privateChecklist);
    expect(adminPhoto).toMatchObject({ locality: GARDEN.locality, city: GARDEN.city });
  });

  it('the public profile withholds the locality', async () => {
    const res = await get(`/api/users/profile/${owner.username}`);
    expect(leaks(res.body)).toEqual([]);
    const recent = res.json<PublicProfile>().recent_observations;
    expect(recent.filter((r) => r.checklist_id === privateChecklist).every((r) => r.locality === null)).toBe(true);
    expect(recent.some((r) => r.checklist_id === privateChecklist)).toBe(true);
  });

  it('checklist and observation details: exact for the owner and admins, generalised for others', async () => {
    for (const token of ['', other.token]) {
      const res = await get(`/api/checklists/${privateChecklist}`, token);
      expect(leaks(res.body)).toEqual([]);
      expect(res.json<ChecklistDetail>().site).toMatchObject({ ...CELL, locality: null, city: null, is_private: true });
    }
    for (const token of [owner.token, admin.token])
      expect((await get(`/api/checklists/${privateChecklist}`, token)).json<ChecklistDetail>().site).toMatchObject({
        ...GARDEN,
        is_private: true,
      });

    const id = (await get(`/api/checklists/${privateChecklist}`, owner.token)).json<ChecklistDetail>().observations[0]!
      .observation_id;
    for (const token of ['', other.token]) {
      const res = await get(`/api/observations/${id}`, token);
      expect(leaks(res.body)).toEqual([]);
      expect(res.json()).toMatchObject({ ...CELL, locality: null });
    }
    for (const token of [owner.token, admin.token])
      expect((await get(`/api/observations/${id}`, token)).json()).toMatchObject({
        latitude: GARDEN.latitude,
        locality: GARDEN.locality,
      });
  });

  it('public CSV downloads carry the cell, dataGeneralizations, informationWithheld and a matching uncertainty', async () => {
    const res = await get(`/api/observations/download?format=csv&reason_text=test&${mine()}`);
    expect(res.statusCode).toBe(200);
    expect(leaks(res.body)).toEqual([]);
    const rows = parse<Record<string, string>>(res.body, { columns: true, bom: true });
    const garden = rows.filter((r) => r.decimalLatitude === String(CELL.latitude));
    expect(garden.length).toBeGreaterThan(0);
    for (const r of garden)
      expect(r).toMatchObject({
        decimalLongitude: String(CELL.longitude),
        locality: '',
        municipality: '',
        coordinateUncertaintyInMeters: String(cellUncertaintyMetres(GARDEN.latitude)),
        dataGeneralizations: PRIVATE_DATA_GENERALIZATIONS,
        informationWithheld: PRIVATE_INFORMATION_WITHHELD,
      });
    const park = rows.find((r) => r.locality === 'Parc Jarry');
    expect(park).toMatchObject({ dataGeneralizations: '', informationWithheld: '' });
  });

  it("an admin's download is generalised too unless the admin asks for exact positions, which are then marked", async () => {
    const url = `/api/observations/download?format=csv&reason_text=test&${mine()}`;
    const plain = await get(url, admin.token);
    expect(plain.statusCode).toBe(200);
    expect(leaks(plain.body)).toEqual([]);
    const exact = await get(`${url}&exact_positions=1`, admin.token);
    const adminRows = parse<Record<string, string>>(exact.body, { columns: true, bom: true });
    expect(adminRows.find((r) => r.locality === GARDEN.locality)).toMatchObject({
      decimalLatitude: String(GARDEN.latitude),
      dataGeneralizations: PRIVATE_EXACT_NOT_GENERALIZED,
      informationWithheld: PRIVATE_EXACT_WITHHOLD,
    });
    expect(adminRows.find((r) => r.locality === 'Parc Jarry')).toMatchObject({
      dataGeneralizations: '',
      informationWithheld: '',
    });
    const refused = await get(`${url}&exact_positions=1`, owner.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().fields).toHaveProperty('exact_positions');
  });

  it('public downloads drop the quality-flag parameters that narrow the cell (latitude, distances, twin record)', async () => {
    const flags = [
      { code: 'out_of_season', params: { latitude: 45.5, lifestage_id: 2, month: 1 } },
      { code: 'photo_place_far', params: { km: 12 } },
      { code: 'near_duplicate', params: { checklist_id: publicChecklist, metres: 33 } },
    ];
    await ctx.db.execute(
      sql`UPDATE observations SET quality_flags = ${JSON.stringify(flags)}::jsonb WHERE checklist_id = ${privateChecklist}`,
    );
    const publicText = 'out_of_season(lifestage_id=2, month=1) | photo_place_far | near_duplicate';
    const csv = await get(`/api/observations/download?format=csv&reason_text=test&${mine()}`);
    const rows = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    const garden = rows.filter((r) => r.decimalLatitude === String(CELL.latitude) && r.flags !== '');
    expect(garden.length).toBeGreaterThan(0);
    for (const r of garden) expect(r.flags).toBe(publicText);
    expect(csv.body).not.toMatch(/latitude=|km=|metres=/);

    const archive = await get(`/api/observations/download?format=dwca&reason_text=test&${mine()}`);
    const files = await unzip(archive.rawPayload);
    const occurrences = parse<Record<string, string>>(files['occurrence.txt'] ?? '', {
      columns: true,
      delimiter: '\t',
      quote: false,
    });
    const remarks = occurrences.map((o) => o.occurrenceRemarks ?? '').filter((t) => t.includes('quality flags'));
    expect(remarks.length).toBeGreaterThan(0);
    for (const text of remarks) expect(text).toContain(`quality flags: ${publicText}`);

    // An admin's exact download keeps them: it carries the exact point anyway.
    const exact = await get(
      `/api/observations/download?format=csv&reason_text=test&exact_positions=true&${mine()}`,
      admin.token,
    );
    expect(exact.body).toContain('out_of_season(latitude=45.5, lifestage_id=2, month=1)');
    expect(exact.body).toContain('photo_place_far(km=12)');
  });

  it('public GeoJSON and Darwin Core Archive downloads are generalised too', async () => {
    const geo = await get(`/api/observations/download?format=geojson&reason_text=test&${mine()}`);
    expect(leaks(geo.body)).toEqual([]);
    const archive = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations/download?format=dwca&reason_text=test&${mine()}`,
    });
    const files = await unzip(archive.rawPayload);
    for (const [name, text] of Object.entries(files)) expect(leaks(text), name).toEqual([]);
    const events = parse<Record<string, string>>(files['event.txt'] ?? '', {
      columns: true,
      delimiter: '\t',
      quote: false,
    });
    const garden = events.find((e) => e.decimalLatitude === String(CELL.latitude));
    expect(garden).toMatchObject({
      locality: '',
      coordinateUncertaintyInMeters: String(cellUncertaintyMetres(GARDEN.latitude)),
      dataGeneralizations: PRIVATE_DATA_GENERALIZATIONS,
      informationWithheld: PRIVATE_INFORMATION_WITHHELD,
    });
  });
});

describe('marking a site private or public', () => {
  it('the owner sees the flag on their sites and may lift it from the Mission form', async () => {
    const sites = (await get('/api/sites/mine', owner.token)).json<MySite[]>();
    expect(sites.find((s) => s.site_id === privateSite)?.is_private).toBe(true);
  });

  it('cached public answers follow an admin marking a site private, then the owner making it public again', async () => {
    const url = `/api/observations?${mine()}&date_from=2026-07-02&date_to=2026-07-02`;
    const park = async () =>
      (await get(url)).json<ObservationListResponse>().data.find((r) => r.checklist_id === publicChecklist);
    const clustersUrl = `/api/observations/clusters?zoom=16&west=-73.7&south=45.5&east=-73.5&north=45.6&${mine()}&date_from=2026-07-02`;
    // Asked twice: the second answer is kept in the cache, with the exact (public) place.
    for (let i = 0; i < 2; i++) {
      expect(await park()).toMatchObject({ latitude: 45.5339, locality: 'Parc Jarry' });
      expect((await get(clustersUrl)).body).toContain('45.5339');
    }
    expect((await get(url)).headers['etag']).toBeDefined();
    const parkSite = (await get(`/api/checklists/${publicChecklist}`, owner.token)).json<ChecklistDetail>().site
      .site_id;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${parkSite}`,
      headers: as(admin.token),
      payload: { is_private: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ is_private: boolean }>().is_private).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(await park()).toMatchObject({ latitude: 45.55, longitude: -73.65, locality: null });
      const clusters = (await get(clustersUrl)).body;
      expect(clusters).not.toContain('45.5339');
      expect(clusters).not.toContain('73.6281');
    }
    // The owner makes it public again from the Mission form (one of their sites).
    await mission(
      {
        site_id: parkSite,
        locality: 'Parc Jarry',
        city: 'Montréal',
        province_id: qc,
        latitude: 45.5339,
        longitude: -73.6281,
        is_private: false,
      },
      '2026-07-03',
    );
    for (let i = 0; i < 2; i++) expect(await park()).toMatchObject({ latitude: 45.5339, locality: 'Parc Jarry' });
  });

  it('another volunteer cannot change the flag of a site they do not own', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_mission',
      headers: as(other.token),
      payload: {
        idempotency_key: randomUUID(),
        site: { site_id: privateSite, ...GARDEN, province_id: qc, is_private: false },
        checklist: { checklist_date: '2026-07-04', start_time: '09:00', end_time: '10:00', participants: 1 },
        observation: {
          stems_inspected: 5,
          monarchs_seen: false,
          milkweeds: [
            {
              milkweed_id: syriaca,
              abundance_id: 2,
              locationsize_id: 1,
              adults: 0,
              eggs: 0,
              caterpillars: 0,
              chrysalises: 0,
            },
          ],
          photos: [],
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.site_id).toBeDefined();
    const flag = await ctx.db.execute<{ is_private: boolean }>(
      sql`SELECT is_private FROM sites WHERE site_id = ${privateSite}`,
    );
    expect(flag.rows[0]?.is_private).toBe(true);
  });
});
