/**
 * The season report (docs/monitoring.md "Season report", ADR 0037), against a small Québec season
 * worked out by hand. The volunteer's private garden (45.5617, -73.5575), one milkweed row a visit:
 *
 * | visit      | date       | ISO week | stems | eggs | caterpillars | chrysalises | adults | note                         |
 * |------------|------------|----------|-------|------|--------------|-------------|--------|------------------------------|
 * | V1         | 2026-06-02 | 23       | 40    | 3    | 1            | 0           | 0      |                              |
 * | V2         | 2026-06-04 | 23       | 20    | 1    | 0            | 0           | 0      | a 2nd row of 7 eggs deleted  |
 * | Flash      | 2026-06-10 | 24       | —     | 9    | 0            | 0           | 0      | a Flash is not a visit       |
 * | V3         | 2026-06-16 | 25       | 50    | 0    | 5            | 0           | 2      | a photo (no EXIF)           |
 * | gone       | 2026-06-23 | 26       | 30    | 4    | 0            | 0           | 0      | deleted (status Deleted)     |
 * | V4         | 2026-07-07 | 28       | 30    | 2    | 2            | 1           | 0      |                              |
 *
 * Someone else in Québec: 2026-06-03 (week 23) 100 stems, 10 eggs; 2026-06-17 (week 25) 50 stems,
 * 10,000 eggs — flagged (count_above_ceiling), so the region leaves that visit out.
 *
 * Theirs per 100 stems: week 23 100 · 5 / 60 = 8.33; week 25 100 · 5 / 50 = 10; week 28 100 · 4 / 30 = 13.33.
 * The region's: week 23 100 · (5 + 10) / 160 = 9.375 → 9.38; week 25 10 (the flagged visit out); week 28 13.33.
 * Totals: 4 visits, 140 stems, 6 eggs, 8 caterpillars, 1 chrysalis, 2 adults; 100 · 14 / 140 = 10.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellCentre, type SeasonReport, type SeasonShare } from '@mm/shared';
import { buildTestApp, createTestDatabase, multipart, signUp, submitFlash, type TestContext } from './helpers';
import { referenceData, submitMission, type MissionPhoto, type MissionRow } from './helpers/missions';

type Account = { token: string; userId: number; username: string };

let ctx: TestContext;
let me: Account;
let other: Account;
let qc: number;
let on: number;
let syriaca: number;
let garden: number;
let ottawa: number;
const checklists: Record<string, number> = {};

const GARDEN = { locality: 'Jardin de la rue Fabre', city: 'Montréal', latitude: 45.5617, longitude: -73.5575 };

/** Uploads a photo without EXIF (no day nor place taken, so no photo flag). */
async function upload(): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e8862a' } })
    .jpeg()
    .toBuffer();
  const body = multipart('caterpillar.jpg', jpeg);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { ...body.headers, Authorization: me.token },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ photo_name: string }>().photo_name;
}

/** A Mission by `who` on `date` at `site` (an id, or a new place); one milkweed row per entry of `rows` (helpers/missions). */
const mission = (
  who: Account,
  date: string,
  site: number | Record<string, unknown>,
  stems: number,
  rows: MissionRow[],
  photos: MissionPhoto[] = [],
): Promise<number> =>
  submitMission(ctx.app, who.token, {
    site: typeof site === 'number' ? { ...GARDEN, site_id: site, province_id: qc } : site,
    date,
    stems,
    milkweedId: syriaca,
    rows,
    photos,
  });

const siteOf = async (checklistId: number) =>
  (await ctx.db.execute<{ site_id: number }>(sql`SELECT site_id FROM checklists WHERE checklist_id = ${checklistId}`))
    .rows[0]!.site_id;

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? { Authorization: token } : {} });

let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  // A database of its own: the region's figures count every Mission of the province and season, and other
  // test files submit Missions in Québec too.
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  ctx = await buildTestApp({}, database.url);
  [me, other] = await Promise.all([signUp(ctx.app, { language: 'fr' }), signUp(ctx.app, { language: 'en' })]);
  const reference = await referenceData(ctx.app);
  qc = reference.province('QC').province_id;
  on = reference.province('ON').province_id;
  syriaca = reference.syriaca;

  checklists.v1 = await mission(me, '2026-06-02', { ...GARDEN, province_id: qc, is_private: true }, 40, [
    { eggs: 3, caterpillars: 1 },
  ]);
  garden = await siteOf(checklists.v1);
  checklists.v2 = await mission(me, '2026-06-04', garden, 20, [{ eggs: 1 }, { eggs: 7 }]);
  await submitFlash(ctx.app, me.token, {
    checklist_date: '2026-06-10',
    ...GARDEN,
    province_id: qc,
    eggs: 9,
  });
  const photo = await upload();
  checklists.v3 = await mission(
    me,
    '2026-06-16',
    garden,
    50,
    [{ caterpillars: 5, adults: 2 }],
    [{ photo_name: photo, lifestage_id: 3, milkweed_index: 0 }],
  );
  checklists.gone = await mission(me, '2026-06-23', garden, 30, [{ eggs: 4 }]);
  checklists.v4 = await mission(me, '2026-07-07', garden, 30, [{ eggs: 2, caterpillars: 2, chrysalises: 1 }]);
  // The volunteer deletes the Mission of June 23rd, and V2's second row (7 eggs) is deleted too.
  expect(
    (
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/checklists/${checklists.gone}`,
        headers: { Authorization: me.token },
      })
    ).statusCode,
  ).toBe(204);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 3
    WHERE checklist_id = ${checklists.v2} AND lifestage_id = 2 AND numbers = 7`);

  // A site in Ontario with a visit this season and one the year before.
  const ottawaPlace = {
    locality: 'Parc Britannia',
    city: 'Ottawa',
    province_id: on,
    latitude: 45.3626,
    longitude: -75.8015,
  };
  checklists.ottawa = await mission(me, '2026-08-04', ottawaPlace, 10, [{ eggs: 1 }]);
  ottawa = await siteOf(checklists.ottawa);
  await mission(me, '2025-08-05', ottawa, 10, [{ eggs: 6 }]);

  const neighbour = {
    locality: 'Parc Jarry',
    city: 'Montréal',
    province_id: qc,
    latitude: 45.5339,
    longitude: -73.6281,
  };
  await mission(other, '2026-06-03', neighbour, 100, [{ eggs: 10 }]);
  checklists.typo = await mission(other, '2026-06-17', neighbour, 50, [{ eggs: 10_000 }]);
});
afterAll(async () => {
  await ctx.close();
  await dropDatabase();
});

describe('the season report of a site', () => {
  it('counts visits, stems, weekly figures beside the region, life stages and photos as worked out by hand', async () => {
    const flags = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM observations WHERE checklist_id = ${checklists.typo} AND quality_flags <> '[]'::jsonb`,
    );
    expect(flags.rows[0]!.n).toBeGreaterThan(0);

    const res = await get(`/api/sites/${garden}/season-report?year=2026`, me.token);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<SeasonReport>();
    expect(report).toMatchObject({ year: 2026, scope: 'site', username: me.username, region_province_ids: [qc] });
    expect(report.sites).toEqual([
      {
        site_id: garden,
        locality: GARDEN.locality,
        city: 'Montréal',
        province_id: qc,
        latitude: GARDEN.latitude,
        longitude: GARDEN.longitude,
        is_private: true,
        exact: true,
      },
    ]);
    expect(
      report.visits.map((v) => [
        v.checklist_date,
        v.week,
        v.stems_inspected,
        v.eggs,
        v.caterpillars,
        v.chrysalises,
        v.adults,
      ]),
    ).toEqual([
      ['2026-06-02', 23, 40, 3, 1, 0, 0],
      ['2026-06-04', 23, 20, 1, 0, 0, 0],
      ['2026-06-16', 25, 50, 0, 5, 0, 2],
      ['2026-07-07', 28, 30, 2, 2, 1, 0],
    ]);
    expect(report.totals).toEqual({
      visits: 4,
      stems_inspected: 140,
      eggs: 6,
      caterpillars: 8,
      chrysalises: 1,
      adults: 2,
      per_100_stems: 10,
    });
    expect(
      report.weeks.map((w) => [w.week, w.visits, w.stems, w.per_100_stems, w.region_visits, w.region_per_100_stems]),
    ).toEqual([
      [23, 2, 60, 8.33, 3, 9.38],
      [25, 1, 50, 10, 1, 10],
      [28, 1, 30, 13.33, 1, 13.33],
    ]);
    expect(report.stages).toEqual([
      { lifestage_id: 1, first: '2026-06-16', last: '2026-06-16' },
      { lifestage_id: 2, first: '2026-06-02', last: '2026-07-07' },
      { lifestage_id: 3, first: '2026-06-02', last: '2026-07-07' },
      { lifestage_id: 4, first: '2026-07-07', last: '2026-07-07' },
    ]);
    expect(report.photos).toHaveLength(1);
    expect(report.photos[0]).toMatchObject({ checklist_date: '2026-06-16', lifestage_id: 3 });
    expect(report.photos[0]!.small).toMatch(/^\/attachments\/.+\/small\/[a-f0-9-]{36}\.jpg$/);
    expect((await get(report.photos[0]!.small)).statusCode).toBe(200);
    expect(report.share).toBeNull();
  });

  it('gives the region figure of the density view for the same weeks', async () => {
    const density = (
      await get(`/api/observations/density?province_id=${qc}&date_from=2026-01-01&date_to=2026-12-31&exclude_flagged=1`)
    ).json<{ per_week: { week: number; per_100_stems: number | null }[] }>();
    const report = (await get(`/api/sites/${garden}/season-report?year=2026`, me.token)).json<SeasonReport>();
    for (const w of report.weeks)
      expect(density.per_week.find((d) => d.week === w.week)?.per_100_stems).toBe(w.region_per_100_stems);
  });

  it('answers another year without visits, and is its owner’s only', async () => {
    const empty = (await get(`/api/sites/${garden}/season-report?year=2024`, me.token)).json<SeasonReport>();
    expect(empty.visits).toEqual([]);
    expect(empty.totals.per_100_stems).toBeNull();
    expect(empty.stages.every((s) => s.first === null && s.last === null)).toBe(true);

    expect((await get(`/api/sites/${garden}/season-report?year=2026`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/sites/${garden}/season-report?year=2026`)).statusCode).toBe(401);
    expect((await get(`/api/sites/999999/season-report?year=2026`, me.token)).statusCode).toBe(404);
    const bad = await get(`/api/sites/${garden}/season-report?year=abc`, me.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields?: Record<string, string> }>().fields).toHaveProperty('year');
  });
});

describe('the season report of a volunteer', () => {
  it('gathers all their sites with a visit that year, the region over their provinces', async () => {
    const report = (await get('/api/sites/season-report?year=2026', me.token)).json<SeasonReport>();
    expect(report.scope).toBe('volunteer');
    expect(report.sites.map((s) => s.site_id).sort()).toEqual([garden, ottawa].sort());
    expect(report.region_province_ids).toEqual([qc, on].sort((a, b) => a - b));
    expect(report.totals).toMatchObject({ visits: 5, stems_inspected: 150, eggs: 7 });
    // Week 32 holds the Ottawa visit only: 100 · 1 / 10.
    expect(report.weeks.find((w) => w.week === 32)).toMatchObject({ per_100_stems: 10, region_per_100_stems: 10 });
    const before = (await get('/api/sites/season-report?year=2025', me.token)).json<SeasonReport>();
    expect(before.sites.map((s) => s.site_id)).toEqual([ottawa]);
    expect(before.totals.eggs).toBe(6);
  });
});

describe('share links', () => {
  let share: SeasonShare;

  it('makes one link per report, retries included, shown in the owner’s report', async () => {
    const make = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sites/season-report/share',
        headers: { Authorization: me.token },
        payload: { year: 2026, site_id: garden },
      });
    const first = await make();
    expect(first.statusCode, first.body).toBe(200);
    share = first.json<SeasonShare>();
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await make()).json<SeasonShare>().token).toBe(share.token);
    const owner = (await get(`/api/sites/${garden}/season-report?year=2026`, me.token)).json<SeasonReport>();
    expect(owner.share?.token).toBe(share.token);
    const forOther = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites/season-report/share',
      headers: { Authorization: other.token },
      payload: { year: 2026, site_id: garden },
    });
    expect(forOther.statusCode).toBe(404);
  });

  it('shows the report signed out, the private site generalised like public Explore', async () => {
    const res = await get(`/api/season-reports/${share.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const shared = res.json<SeasonReport>();
    expect(shared.sites).toEqual([
      {
        site_id: garden,
        locality: null,
        city: null,
        province_id: qc,
        latitude: cellCentre(GARDEN.latitude),
        longitude: cellCentre(GARDEN.longitude),
        is_private: true,
        exact: false,
      },
    ]);
    expect(res.body).not.toContain(GARDEN.locality);
    expect(res.body).not.toContain(String(GARDEN.latitude));
    expect(res.body).not.toContain(String(GARDEN.longitude));
    expect(shared.share).toBeNull();
    expect(shared.totals).toMatchObject({ visits: 4, stems_inspected: 140, eggs: 6, caterpillars: 8 });
    expect(shared.visits.map((v) => v.checklist_id)).not.toContain(checklists.gone);
  });

  it('answers 404 once revoked, and only its owner revokes it', async () => {
    const revoke = (token: string, who: Account) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/sites/season-report/share/${token}`,
        headers: { Authorization: who.token },
      });
    expect((await revoke(share.token, other)).statusCode).toBe(404);
    expect((await get(`/api/season-reports/${share.token}`)).statusCode).toBe(200);
    expect((await revoke(share.token, me)).statusCode).toBe(204);
    expect((await get(`/api/season-reports/${share.token}`)).statusCode).toBe(404);
    expect((await revoke(share.token, me)).statusCode).toBe(404);
    expect((await get(`/api/season-reports/not-a-token`)).statusCode).toBe(400);
    // A new link after a revoked one is a new token.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites/season-report/share',
      headers: { Authorization: me.token },
      payload: { year: 2026, site_id: garden },
    });
    expect(again.json<SeasonShare>().token).not.toBe(share.token);
  });

  it('shares the volunteer’s report of all their sites, the public site named by its public name', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites/season-report/share',
      headers: { Authorization: me.token },
      payload: { year: 2026 },
    });
    const { token, site_id } = made.json<SeasonShare>();
    expect(site_id).toBeNull();
    const shared = (await get(`/api/season-reports/${token}`)).json<SeasonReport>();
    expect(shared.scope).toBe('volunteer');
    const byId = new Map(shared.sites.map((s) => [s.site_id, s]));
    expect(byId.get(ottawa)).toMatchObject({ locality: 'Parc Britannia', exact: true });
    expect(byId.get(garden)).toMatchObject({ locality: null, exact: false });
  });
});
