import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID, blitzReportSchema, type ApiError, type BlitzEvent, type BlitzFigures } from '@mm/shared';
import { buildTestApp, createTestDatabase, signUp, submitFlash, type TestContext } from './helpers';
import { referenceData, submitMission, type MissionRow } from './helpers/missions';

/**
 * Blitz events (docs/blitz.md) against a hand computation, on a database of its own (the totals count
 * every observation of the area and days). The event: 2019-07-20 to 2019-07-28, area = the whole
 * United States + Québec (not Ontario).
 *
 * | record | who | where      | date       | stems | adults | eggs    | caterpillars | counted? |
 * |--------|-----|------------|------------|-------|--------|---------|--------------|----------|
 * | M1     | v1  | QC Mission | 2019-07-21 | 40    | 0      | 4 + 1   | 2            | yes      |
 * | M2     | v2  | QC Mission | 2019-07-28 | 10    | 2      | 0       | 3            | yes (last day) |
 * | F1     | v1  | MN Flash   | 2019-07-22 | —     | 3      | 5       | 0            | yes (US) |
 * | M3     | v1  | ON Mission | 2019-07-22 | 50    | 0      | 2       | 0            | no: Ontario |
 * | M4     | v2  | QC Mission | 2019-07-19 | 20    | 0      | 7       | 0            | no: day before |
 * | M5     | v2  | QC Mission | 2019-07-29 | 20    | 0      | 7       | 0            | no: day after |
 * | M6     | v1  | QC Mission | 2019-07-23 | 100   | 0      | 50      | 0            | no: Invalid (not public) |
 *
 * Whole event: participants v1, v2 = 2; sites M1, M2, F1 = 3 (each submission its own site); visits 3;
 * adults 2 + 3 = 5; eggs 5 + 5 = 10; caterpillars 2 + 3 = 5; chrysalises 0.
 * Stems (Missions only, as the density view): 40 + 10 = 50; eggs + caterpillars of those Missions
 * (5 + 0) + (2 + 3) = 10 → 100 × 10 / 50 = 20.00 per 100 stems.
 * Canada = QC: participants 2, sites 2, visits 2, adults 2, eggs 5, caterpillars 5, stems 50, 20.00.
 * United States = MN: participants 1, sites 1, visits 1, adults 3, eggs 5, caterpillars 0, stems 0, null.
 */
let ctx: TestContext;
let dropDatabase: () => Promise<void>;
let v1: { token: string; userId: number; username: string };
let v2: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let regionAdmin: { token: string; userId: number; username: string };
let qc: number;
let on: number;
let mn: number;
let canada: number;
let usa: number;
let syriaca: number;

const MONTREAL = { locality: 'Parc Jarry', city: 'Montréal', latitude: 45.5339, longitude: -73.6281 };
const TORONTO = { locality: 'High Park', city: 'Toronto', latitude: 43.6465, longitude: -79.4637 };
const MINNEAPOLIS = { locality: 'Lake Harriet', city: 'Minneapolis', latitude: 44.9221, longitude: -93.3056 };
/** A Mission of Common milkweed rows by the holder of `token` (helpers/missions). */
const mission = (token: string, site: Record<string, unknown>, date: string, stems: number, rows: MissionRow[]) =>
  submitMission(ctx.app, token, { site, date, stems, milkweedId: syriaca, rows });

const EVENT = {
  name: 'Monarch Blitz 2019',
  name_fr: 'Blitz du monarque 2019',
  name_es: 'Blitz de la monarca 2019',
  start_date: '2019-07-20',
  end_date: '2019-07-28',
};

const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({ method, url: `/api/admin${url}`, headers: { Authorization: token }, payload });

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  ctx = await buildTestApp({}, database.url);
  v1 = await signUp(ctx.app);
  v2 = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  regionAdmin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  await ctx.db.execute(sql`UPDATE users SET role_id = 2 WHERE user_id = ${regionAdmin.userId}`);
  const { province, syriaca: commonMilkweed } = await referenceData(ctx.app);
  qc = province('QC').province_id;
  on = province('ON').province_id;
  mn = province('MN').province_id;
  canada = province('QC').country_id;
  usa = province('MN').country_id;
  syriaca = commonMilkweed;

  await mission(v1.token, { ...MONTREAL, province_id: qc }, '2019-07-21', 40, [
    { eggs: 4, caterpillars: 2 },
    { eggs: 1 },
  ]);
  await mission(v2.token, { ...MONTREAL, province_id: qc }, '2019-07-28', 10, [{ caterpillars: 3, adults: 2 }]);
  await submitFlash(ctx.app, v1.token, {
    ...MINNEAPOLIS,
    province_id: mn,
    checklist_date: '2019-07-22',
    adults: 3,
    eggs: 5,
  });
  await mission(v1.token, { ...TORONTO, province_id: on }, '2019-07-22', 50, [{ eggs: 2 }]);
  await mission(v2.token, { ...MONTREAL, province_id: qc }, '2019-07-19', 20, [{ eggs: 7 }]);
  await mission(v2.token, { ...MONTREAL, province_id: qc }, '2019-07-29', 20, [{ eggs: 7 }]);
  const invalid = await mission(v1.token, { ...MONTREAL, province_id: qc }, '2019-07-23', 100, [{ eggs: 50 }]);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${invalid}`);
});
afterAll(async () => {
  await ctx.close();
  await dropDatabase();
});

const WHOLE: BlitzFigures = {
  participants: 2,
  sites: 3,
  visits: 3,
  stems: 50,
  adults: 5,
  eggs: 10,
  caterpillars: 5,
  chrysalises: 0,
  per_100_stems: 20,
};
const CANADA: BlitzFigures = {
  participants: 2,
  sites: 2,
  visits: 2,
  stems: 50,
  adults: 2,
  eggs: 5,
  caterpillars: 5,
  chrysalises: 0,
  per_100_stems: 20,
};
const USA: BlitzFigures = {
  participants: 1,
  sites: 1,
  visits: 1,
  stems: 0,
  adults: 3,
  eggs: 5,
  caterpillars: 0,
  chrysalises: 0,
  per_100_stems: null,
};

describe('Blitz events', () => {
  let event: BlitzEvent;

  it('answers 404 at /api/blitz/current before any event is defined', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blitz/current' });
    expect(res.statusCode).toBe(404);
  });

  it('lets an admin define an event, with an audit row', async () => {
    const res = await adminCall('POST', '/blitz-events', { ...EVENT, country_ids: [usa], province_ids: [qc] });
    expect(res.statusCode, res.body).toBe(200);
    event = res.json<BlitzEvent>();
    expect(event).toMatchObject({ ...EVENT, country_ids: [usa], province_ids: [qc] });
    const log = await ctx.db.execute<{ action: string; user_id: number }>(
      sql`SELECT action, user_id FROM audit_log WHERE resource = 'blitz-events' AND record_id = ${event.id}`,
    );
    expect(log.rows).toEqual([{ action: 'create', user_id: admin.userId }]);
  });

  it('counts the totals of the hand computation, per country and province, twice (cached)', async () => {
    for (const url of [`/api/blitz/${event.id}`, `/api/blitz/${event.id}`, '/api/blitz/current']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const report = blitzReportSchema.parse(res.json());
      expect(report.event.name_fr).toBe(EVENT.name_fr);
      expect(report.total).toEqual(WHOLE);
      expect(report.per_country).toEqual([
        { country_id: canada, ...CANADA },
        { country_id: usa, ...USA },
      ]);
      expect(report.per_province).toEqual([
        { province_id: qc, ...CANADA },
        { province_id: mn, ...USA },
      ]);
    }
  });

  it('gives Explore and the downloads the same observations through the blitz_id filter', async () => {
    const stats = await ctx.app.inject({ method: 'GET', url: `/api/observations/stats?blitz_id=${event.id}` });
    expect(stats.statusCode).toBe(200);
    // Québec's rows come from M1 and M2, Minnesota's from F1; Ontario (M3) is outside the area.
    const provinces = stats.json<{ per_province: { province_id: number }[] }>().per_province.map((p) => p.province_id);
    expect(provinces.sort()).toEqual([qc, mn].sort());
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations/download?format=csv&reason_id=1&blitz_id=${event.id}`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    expect(new Set(rows.map((r) => r.eventDate))).toEqual(new Set(['2019-07-21', '2019-07-28', '2019-07-22']));
    expect(new Set(rows.map((r) => r.stateProvince))).toEqual(new Set(['Québec', 'Minnesota']));
    const individuals = (stage: string) =>
      rows.filter((r) => r.lifeStage === stage).reduce((sum, r) => sum + Number(r.individualCount || 0), 0);
    expect(individuals('egg')).toBe(WHOLE.eggs);
    expect(individuals('adult')).toBe(WHOLE.adults);
  });

  it('follows an edit of the area at once (Ontario added) and logs what changed', async () => {
    const res = await adminCall('PUT', `/blitz-events/${event.id}`, {
      ...EVENT,
      country_ids: [usa],
      province_ids: [qc, on],
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = blitzReportSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/blitz/${event.id}` })).json(),
    );
    // M3 joins: one more visit and site (Ontario), stems 50 + 50 = 100, eggs 10 + 2 = 12,
    // Mission eggs + caterpillars 10 + 2 = 12 → 12.00 per 100 stems.
    expect(report.total).toMatchObject({ visits: 4, sites: 4, stems: 100, eggs: 12, per_100_stems: 12 });
    const log = await ctx.db.execute<{ before: unknown; after: unknown }>(
      sql`SELECT before, after FROM audit_log WHERE resource = 'blitz-events' AND action = 'update' AND record_id = ${event.id}`,
    );
    expect(log.rows).toEqual([
      { before: { province_ids: [qc] }, after: { province_ids: [on, qc].sort((a, b) => a - b) } },
    ]);
    await adminCall('PUT', `/blitz-events/${event.id}`, { ...EVENT, country_ids: [usa], province_ids: [qc] });
  });

  it('refuses bad events with a translated 400 naming the field', async () => {
    const post = (body: object, language = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/blitz-events',
        headers: { Authorization: admin.token, Language: language },
        payload: { ...EVENT, name: 'Other', country_ids: [usa], province_ids: [], ...body },
      });
    const endBefore = await post({ start_date: '2019-07-20', end_date: '2019-07-19' });
    expect(endBefore.statusCode).toBe(400);
    expect(endBefore.json<ApiError>().fields).toEqual({ end_date: 'The last day cannot be before the first day.' });
    const endBeforeFr = await post({ end_date: '2019-07-01' }, 'fr');
    expect(endBeforeFr.json<ApiError>().fields?.end_date).toBe('Le dernier jour ne peut pas précéder le premier jour.');
    const empty = await post({ name_es: '  ' }, 'es');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiError>().fields?.name_es).toMatch(/obligatori/);
    const emptyEn = await post({ name: '' });
    expect(emptyEn.json<ApiError>().fields?.name).toBe('Name is required.');
    const unknown = await post({ province_ids: [32000] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().fields).toEqual({
      province_ids: 'Provinces and states: this choice does not exist.',
    });
    const unknownFr = await post({ province_ids: [32000] }, 'fr');
    expect(unknownFr.json<ApiError>().fields?.province_ids).toBe(
      'Le choix indiqué pour les provinces et États n’existe pas.'.replace('’', "'"),
    );
    const noArea = await post({ country_ids: [], province_ids: [] });
    expect(Object.keys(noArea.json<ApiError>().fields ?? {})).toEqual(['province_ids']);
    const twice = await post({ name: EVENT.name, start_date: EVENT.start_date });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json<ApiError>().fields ?? {})).toEqual(['name']);
  });

  it('is for admins only: 401 without a session, 403 for a volunteer and a Region admin', async () => {
    const body = { ...EVENT, name: 'Not allowed', country_ids: [usa], province_ids: [] };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/blitz-events' })).statusCode).toBe(401);
    for (const who of [v1, regionAdmin]) {
      expect((await adminCall('GET', '/blitz-events', undefined, who.token)).statusCode).toBe(403);
      expect((await adminCall('POST', '/blitz-events', body, who.token)).statusCode).toBe(403);
      expect((await adminCall('PUT', `/blitz-events/${event.id}`, body, who.token)).statusCode).toBe(403);
      expect((await adminCall('DELETE', `/blitz-events/${event.id}`, undefined, who.token)).statusCode).toBe(403);
    }
    const list = await adminCall('GET', '/blitz-events');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('blitz-events 0-0/1');
  });

  it('deletes an event with an audit row; its observations stay', async () => {
    const extra = await adminCall('POST', '/blitz-events', { ...EVENT, name: 'Spare', country_ids: [canada] });
    const id = extra.json<BlitzEvent>().id;
    expect((await adminCall('DELETE', `/blitz-events/${id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/blitz/${id}` })).statusCode).toBe(404);
    const log = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE resource = 'blitz-events' AND record_id = ${id} ORDER BY id`,
    );
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'delete']);
    const report = blitzReportSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/blitz/${event.id}` })).json(),
    );
    expect(report.total).toEqual(WHOLE);
  });
});
