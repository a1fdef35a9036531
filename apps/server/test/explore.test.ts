import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE_ID,
  observationListResponseSchema,
  type ApiError,
  type ClusterQuery,
  type ClusterResponse,
  type ExploreStats,
  type LoadParams,
  type ObservationListResponse,
  type ObservationStatusId,
} from '@mm/shared';
import { observationJoins, observationWhere } from '../src/db/observation-filters';
import { CELL_ZOOM_OFFSET, MAX_MERCATOR_LATITUDE } from '../src/modules/explore/cluster-index';
import { mergeOverlapping } from '../src/modules/explore/cluster-merge';
import { createExploreService } from '../src/modules/explore/explore.service';
import {
  buildTestApp,
  createTestDatabase,
  multipart,
  photosDir,
  signUp,
  type TestContext,
  submitFlash,
} from './helpers';

// A database of its own: Explore's ETags carry the data version, which any write by another test file
// running at the same time would change between two requests of one test.
let ctx: TestContext;
let dropDatabase: () => Promise<void>;
let volunteer: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
let on: number;
let jal: number;
let canada: number;
let syriaca: number;
const ids: Record<string, number> = {};

interface Place {
  locality: string;
  province_id: number;
  latitude: number;
  longitude: number;
}

/**
 * The clustering's definition in SQL, observation by observation (the product clusters per-site
 * aggregates in ClusterIndex): observations in the viewport grouped on a Web Mercator grid of
 * ≈ 64 px cells at `zoom`, each cluster at the mean position of its observations.
 */
async function sqlClusters(query: ClusterQuery, statuses: ObservationStatusId[]): Promise<ClusterResponse> {
  const { zoom, west, south, east, north, ...filters } = query;
  const cells = 2 ** (zoom + CELL_ZOOM_OFFSET);
  const lat = sql`least(greatest(s.latitude, ${-MAX_MERCATOR_LATITUDE}), ${MAX_MERCATOR_LATITUDE})`;
  const longitude =
    west <= east
      ? sql`s.longitude BETWEEN ${west} AND ${east}`
      : sql`(s.longitude >= ${west} OR s.longitude <= ${east})`;
  const r = await ctx.db.execute<{
    latitude: number;
    longitude: number;
    count: number;
    observation_id: number | null;
    checklist_id: number | null;
    west: number;
    south: number;
    east: number;
    north: number;
  }>(sql`
    WITH f AS (
      SELECT o.observation_id, c.checklist_id, s.latitude, s.longitude,
             floor((s.longitude + 180) / 360 * ${cells})::int AS cx,
             floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${cells})::int AS cy
      ${observationJoins('generalised')}
      WHERE ${observationWhere(filters, statuses)} AND s.latitude BETWEEN ${south} AND ${north} AND ${longitude}
    )
    SELECT avg(latitude)::float8 AS latitude, avg(longitude)::float8 AS longitude, count(*)::int AS count,
           CASE WHEN count(*) = 1 THEN min(observation_id) END AS observation_id,
           CASE WHEN min(checklist_id) = max(checklist_id) THEN min(checklist_id) END AS checklist_id,
           min(longitude)::float8 AS west, min(latitude)::float8 AS south, max(longitude)::float8 AS east, max(latitude)::float8 AS north
    FROM f GROUP BY cx, cy
    ORDER BY count DESC`);
  return {
    clusters: r.rows.map(({ west: w, south: s, east: e, north: n, ...c }) => ({
      ...c,
      bounds: { west: w, south: s, east: e, north: n },
    })),
    total: r.rows.reduce((sum, c) => sum + c.count, 0),
  };
}

async function flash(
  name: string,
  place: Place,
  date: string,
  counts: Partial<Record<'adults' | 'eggs' | 'caterpillars' | 'chrysalises', number>>,
  milkweed_id?: number,
) {
  ids[name] = await submitFlash(ctx.app, volunteer.token, { checklist_date: date, milkweed_id, ...place, ...counts });
}

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  ctx = await buildTestApp({}, database.url);
  volunteer = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const province = (code: string) => params.provinces.find((p) => p.administrative === code)!;
  qc = province('QC').province_id;
  on = province('ON').province_id;
  jal = province('JAL').province_id;
  canada = province('QC').country_id;
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;

  const jarry = { locality: 'Parc Jarry', province_id: qc, latitude: 45.5339, longitude: -73.6281 };
  const possibles = { locality: 'Champ des Possibles', province_id: qc, latitude: 45.5292, longitude: -73.5981 };
  const toronto = { locality: 'Tommy Thompson Park', province_id: on, latitude: 43.6295, longitude: -79.3306 };
  const guadalajara = { locality: 'Bosque Los Colomos', province_id: jal, latitude: 20.7068, longitude: -103.3946 };
  await flash('jarry', jarry, '2026-06-02', { adults: 2, eggs: 5 }, syriaca);
  await flash('possibles', possibles, '2026-07-20', { caterpillars: 3 });
  await flash('toronto', toronto, '2026-08-11', { adults: 1 });
  await flash('guadalajara', guadalajara, '2026-01-15', { adults: 40 });
  await flash('invalid', toronto, '2026-08-12', { adults: 7 });
  await flash('deleted', jarry, '2026-08-13', { adults: 8 });
  await flash('test', jarry, '2026-08-14', { adults: 9 });
  // Invalid (5), Deleted (3) and Test (6) must never reach the public.
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${ids.invalid}`);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 3 WHERE checklist_id = ${ids.deleted}`);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 6 WHERE checklist_id = ${ids.test}`);
});
afterAll(async () => {
  await ctx.close();
  await dropDatabase();
});

/** A GET's status and JSON answer, typed as `T` (`unknown` unless told). */
const get = async <T = unknown>(url: string, token = '') => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { Authorization: token } });
  return { status: res.statusCode, body: res.json<T>() };
};
const list = (url: string, token = '') => get<ObservationListResponse>(url, token);
const clustersOf = (url: string, token = '') => get<ClusterResponse>(url, token);
const mine = () => `username=${volunteer.username.toUpperCase()}`;

describe('GET /api/observations with Explore filters', () => {
  it('shows the public only Pending, Vetted and Valid observations; an admin every status', async () => {
    const pub = await list(`/api/observations?${mine()}`);
    expect(pub.body.paginator.total).toBe(5); // jarry adults + eggs, possibles, toronto, guadalajara
    expect(new Set(pub.body.data.map((r) => r.checklist_id))).toEqual(
      new Set([ids.jarry, ids.possibles, ids.toronto, ids.guadalajara]),
    );
    const asOwner = await list(`/api/observations?${mine()}`, volunteer.token);
    expect(asOwner.body.paginator.total).toBe(5);
    const asAdmin = await list(`/api/observations?${mine()}`, admin.token);
    expect(asAdmin.body.paginator.total).toBe(8);
    expect((await list(`/api/observations?${mine()}&status=5`)).body.paginator.total).toBe(0);
    expect((await list(`/api/observations?${mine()}&status=5`, admin.token)).body.paginator.total).toBe(1);
  });

  it('answers rows built by PostgreSQL exactly as the detail endpoint writes them, photos included', async () => {
    const file = multipart(
      'genoa_nikon_d3100_gps.jpg',
      await readFile(path.join(photosDir, 'genoa_nikon_d3100_gps.jpg')),
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...file.headers, Authorization: volunteer.token },
      payload: file.payload,
    });
    const photos = [{ photo_name: uploaded.json<{ photo_name: string }>().photo_name, lifestage_id: 1 }];
    const withPhoto = await submitFlash(ctx.app, volunteer.token, {
      checklist_date: '2026-05-01',
      locality: 'Jardin botanique',
      province_id: qc,
      latitude: 45.56,
      longitude: -73.56,
      adults: 1,
      photos,
    });
    const rows = await list(`/api/observations?${mine()}&limit=50`);
    expect(rows.status).toBe(200);
    expect(() => observationListResponseSchema.parse(rows.body)).not.toThrow();
    for (const row of rows.body.data) expect(row).toEqual((await get(`/api/observations/${row.observation_id}`)).body);
    const photographed = rows.body.data.find((r) => r.checklist_id === withPhoto)!;
    expect(photographed.photo).toHaveLength(1);
    expect(photographed.photo_path).toBe(photographed.photo[0]!.photo_path);
    await ctx.db.execute(sql`UPDATE checklists SET isdeleted = true WHERE checklist_id = ${withPhoto}`);
    await expect.poll(async () => (await list(`/api/observations?${mine()}`)).body.paginator.total).toBe(5);
  });

  it('lists the observations of one exact place with a point bbox, and of a box across the antimeridian', async () => {
    const jarry = await list(`/api/observations?${mine()}&bbox=-73.6281,45.5339,-73.6281,45.5339`);
    expect(jarry.status).toBe(200);
    expect(jarry.body.paginator.total).toBe(2); // adults + eggs; the Deleted and Test ones at the same place stay hidden
    expect(jarry.body.data.every((r) => r.checklist_id === ids.jarry)).toBe(true);
    expect((await list(`/api/observations?${mine()}&bbox=-74,45,-73,46`)).body.paginator.total).toBe(3);
    expect((await list(`/api/observations?${mine()}&bbox=170,-60,-100,60`)).body.paginator.total).toBe(1); // Guadalajara
    const clusters = await clustersOf(
      `/api/observations/clusters?${mine()}&bbox=-73.6281,45.5339,-73.6281,45.5339&zoom=3&west=-180&south=-85&east=180&north=85`,
    );
    expect(clusters.body.total).toBe(2);
    for (const bad of ['1,2,3', '-73.6,45.6,-73.5,45.5', '200,0,10,10', 'a,b,c,d']) {
      const res = await get<ApiError>(`/api/observations?bbox=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.fields!)).toEqual(['bbox']);
    }
  });

  it('filters by date range, life stage, milkweed, country, province, kind and photos', async () => {
    const total = async (query: string) => (await list(`/api/observations?${mine()}&${query}`)).body.paginator.total;
    expect(await total('date_from=2026-06-01&date_to=2026-07-31')).toBe(3);
    expect(await total('date_from=2026-07-20&date_to=2026-07-20')).toBe(1);
    expect(await total('lifestage_id=1')).toBe(3); // adults
    expect(await total('lifestage_id=2')).toBe(1); // eggs
    expect(await total(`milkweed_id=${syriaca}`)).toBe(2);
    expect(await total(`country_id=${canada}`)).toBe(4);
    expect(await total(`province_id=${on}`)).toBe(1);
    expect(await total('kind=flash')).toBe(5);
    expect(await total('kind=mission')).toBe(0);
    expect(await total('with_photos=1')).toBe(0);
    expect(await total('with_photos=false')).toBe(5);
  });

  it('pages at the edges: last page, beyond the end, limit', async () => {
    const page2 = await list(`/api/observations?${mine()}&limit=4&page=2`);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.paginator).toEqual({
      current: 2,
      total: 5,
      limit: 4,
      totalpage: 2,
      hasPre: true,
      hasNext: false,
    });
    const beyond = await list(`/api/observations?${mine()}&limit=4&page=3`);
    expect(beyond.body.data).toHaveLength(0);
    expect(beyond.body.paginator).toMatchObject({ current: 3, hasPre: true, hasNext: false });
    expect((await get('/api/observations?limit=51')).status).toBe(400);
    expect((await get('/api/observations?page=0')).status).toBe(400);
  });

  it('refuses bad filters with a message naming the field', async () => {
    const bad = await get<ApiError>('/api/observations?lifestage_id=9&kind=both&date_from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields!).sort()).toEqual(['date_from', 'kind', 'lifestage_id']);
    const reversed = await get<ApiError>('/api/observations?date_from=2026-08-01&date_to=2026-07-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual({ date_to: 'End time cannot be earlier than start time.' });
  });
});

describe('GET /api/observations/clusters', () => {
  const world = 'west=-180&south=-85&east=180&north=85';

  it('groups nearby observations at a low zoom and splits them as the zoom grows', async () => {
    const far = await clustersOf(`/api/observations/clusters?${mine()}&zoom=3&${world}`);
    expect(far.status).toBe(200);
    expect(far.body.total).toBe(5);
    const montreal = far.body.clusters.find((c) => c.count === 3)!;
    expect(montreal).toMatchObject({ observation_id: null, checklist_id: null });
    expect(montreal.bounds.west).toBeCloseTo(-73.6281, 4);
    expect(montreal.bounds.east).toBeCloseTo(-73.5981, 4);

    const near = await clustersOf(
      `/api/observations/clusters?${mine()}&zoom=14&west=-73.7&south=45.5&east=-73.5&north=45.6`,
    );
    expect(near.body.total).toBe(3);
    const jarry = near.body.clusters.find((c) => c.checklist_id === ids.jarry);
    expect(jarry).toMatchObject({ count: 2, observation_id: null, latitude: 45.5339, longitude: -73.6281 });
    const possibles = near.body.clusters.find((c) => c.checklist_id === ids.possibles);
    expect(possibles).toMatchObject({ count: 1 });
    expect(possibles?.observation_id).toEqual(expect.any(Number));
  });

  it('applies the filters and never shows hidden statuses', async () => {
    const adults = await clustersOf(`/api/observations/clusters?${mine()}&lifestage_id=1&zoom=2&${world}`);
    expect(adults.body.total).toBe(3);
    const asAdmin = await clustersOf(`/api/observations/clusters?${mine()}&zoom=2&${world}`, admin.token);
    expect(asAdmin.body.total).toBe(8);
  });

  it('handles a viewport across the antimeridian and refuses a bad one', async () => {
    const pacific = await clustersOf(
      `/api/observations/clusters?${mine()}&zoom=2&west=170&south=-85&east=-100&north=85`,
    );
    expect(pacific.body.total).toBe(1); // Guadalajara (−103.4°) only
    expect((await get(`/api/observations/clusters?zoom=30&${world}`)).status).toBe(400);
    expect((await get('/api/observations/clusters?zoom=3&west=0&south=10&east=1&north=5')).status).toBe(400);
  });

  it('answers the same as the clustering defined in SQL, with or without a data version, and follows submissions and changes made elsewhere', async () => {
    const query = `zoom=13&west=-73.7&south=45.45&east=-73.5&north=45.6`;
    const viewport = { zoom: 13, west: -73.7, south: 45.45, east: -73.5, north: 45.6 };
    const sqlAnswer = await sqlClusters({ ...viewport, username: volunteer.username }, [1, 2, 4]);
    const byIndex = (await clustersOf(`/api/observations/clusters?${mine()}&${query}`)).body;
    expect(byIndex.total).toBe(sqlAnswer.total);
    expect(new Set(byIndex.clusters.map((c) => JSON.stringify(c)))).toEqual(
      new Set(mergeOverlapping(sqlAnswer.clusters, viewport.zoom).map((c) => JSON.stringify(c))),
    );
    // Without a data version (listener down) the viewport's sites alone are indexed: the same answer.
    const unversioned = JSON.parse(
      await createExploreService(ctx.db).clusters(null, { ...viewport, username: volunteer.username }),
    ) as ClusterResponse;
    expect(unversioned.total).toBe(byIndex.total);
    expect(new Set(unversioned.clusters.map((c) => JSON.stringify(c)))).toEqual(
      new Set(byIndex.clusters.map((c) => JSON.stringify(c))),
    );

    // A submission through this process shows at once (the index is per data version).
    const near = { locality: 'Parc Lafontaine', province_id: qc, latitude: 45.5271, longitude: -73.5697 };
    await flash('lafontaine', near, '2026-06-20', { adults: 1 });
    const after = (await clustersOf(`/api/observations/clusters?${mine()}&${query}`)).body;
    expect(after.total).toBe(byIndex.total + 1);
    expect(after.clusters).toContainEqual(
      expect.objectContaining({ checklist_id: ids.lafontaine, count: 1, latitude: 45.5271 }),
    );
    // A change by another process arrives through the notification.
    await ctx.db.execute(sql`UPDATE checklists SET isdeleted = true WHERE checklist_id = ${ids.lafontaine}`);
    await expect
      .poll(async () => (await clustersOf(`/api/observations/clusters?${mine()}&${query}`)).body.total)
      .toBe(byIndex.total);
  });
});

describe('GET /api/observations/stats', () => {
  it('counts observations and individuals per week and life stage, and per province', async () => {
    const { status, body } = await get<ExploreStats>(`/api/observations/stats?${mine()}`);
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    // 2026-06-02 is in ISO week 23: 2 adults and 5 eggs at Jarry.
    expect(body.per_week).toEqual(
      expect.arrayContaining([
        { week: 23, lifestage_id: 1, observations: 1, individuals: 2 },
        { week: 23, lifestage_id: 2, observations: 1, individuals: 5 },
        { week: 3, lifestage_id: 1, observations: 1, individuals: 40 },
      ]),
    );
    expect(body.per_province[0]).toEqual({ province_id: qc, observations: 3, individuals: 10 });
    expect(body.per_province).toContainEqual({ province_id: jal, observations: 1, individuals: 40 });
  });
});

describe('HTTP caching of the public explore answers', () => {
  it('answers 304 to a matching ETag, and a write changes the ETag and the answer', async () => {
    const url = `/api/observations?${mine()}&kind=flash`;
    const first = await ctx.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-\d+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const cached = await ctx.app.inject({ method: 'GET', url });
    expect(cached.body).toBe(first.body);

    await flash(
      'later',
      { locality: 'Parc Jarry', province_id: qc, latitude: 45.5339, longitude: -73.6281 },
      '2026-09-01',
      { adults: 1 },
    );
    const fresh = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json<ObservationListResponse>().paginator.total).toBe(
      first.json<ObservationListResponse>().paginator.total + 1,
    );
  });

  it('follows changes made by another process through the database', async () => {
    const url = `/api/observations/stats?${mine()}`;
    const before = await ctx.app.inject({ method: 'GET', url });
    // Another server process (here: a direct SQL write) changes a status; the notification reaches this one.
    await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 2 WHERE checklist_id = ${ids.invalid}`);
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url })).json<ExploreStats>().total)
      .toBe(before.json<ExploreStats>().total + 1);
    await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${ids.invalid}`);
  });

  it('is not dropped by sign-ins: only username and account changes of users are announced', async () => {
    // Test files share the database, so silence cannot be awaited; the trigger's definition says it.
    const def = await ctx.db.execute<{ def: string }>(
      sql`SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgname = 'users_notify'`,
    );
    expect(def.rows[0]?.def).toContain('AFTER DELETE OR UPDATE OF username, isdeleted ON public.users');
    const listener = await ctx.db.$client.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    try {
      await listener.query('LISTEN mm_data_changed');
      await ctx.db.execute(sql`UPDATE users SET isdeleted = isdeleted WHERE user_id = ${volunteer.userId}`);
      await expect.poll(() => heard.includes('users')).toBe(true);
    } finally {
      await listener.query('UNLISTEN *');
      listener.release();
    }
  });

  it('never serves an admin from the cache, nor an error with an ETag', async () => {
    const url = `/api/observations?${mine()}`;
    await ctx.app.inject({ method: 'GET', url });
    const asAdmin = await ctx.app.inject({ method: 'GET', url, headers: { Authorization: admin.token } });
    expect(asAdmin.headers.etag).toBeUndefined();
    expect(asAdmin.json<ObservationListResponse>().paginator.total).toBeGreaterThan(
      (await list(url)).body.paginator.total,
    );
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/observations?kind=both' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});
