import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE_ID,
  ObservationStatus,
  type ApiError,
  type ChecklistDetail,
  type LoadParams,
  type SiteHistory,
} from '@mm/shared';
import { buildTestApp, signUp, type TestContext } from './helpers';

/**
 * Per-site history: `GET /api/sites/:id/history` lists a site's visits with counts per life
 * stage and ISO week; a private site shows its exact place only to its owner and admins.
 */
let ctx: TestContext;
let owner: { token: string; userId: number; username: string };
let other: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
let syriaca: number;
let site: number;
const visits: number[] = [];

const GARDEN = { locality: 'Jardin de Mme Roy', city: 'Outremont-Secret', latitude: 45.51234, longitude: -73.60987 };
const LEAKS = ['45.51234', '73.60987', 'Jardin de Mme Roy', 'Outremont-Secret'];
const get = (url: string, token = '') => ctx.app.inject({ method: 'GET', url, headers: { Authorization: token } });

async function mission(
  siteFields: Record<string, unknown>,
  date: string,
  counts: { eggs: number; caterpillars: number },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: owner.token },
    payload: {
      idempotency_key: randomUUID(),
      site: siteFields,
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 30,
        monarchs_seen: true,
        milkweeds: [
          { milkweed_id: syriaca, abundance_id: 2, locationsize_id: 1, adults: 0, chrysalises: 0, ...counts },
          {
            milkweed_id: syriaca,
            abundance_id: 1,
            locationsize_id: 1,
            adults: 1,
            eggs: 1,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos: [],
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
  const first = await mission({ ...GARDEN, province_id: qc, is_private: true }, '2026-06-29', {
    eggs: 4,
    caterpillars: 0,
  });
  site = (await get(`/api/checklists/${first}`, owner.token)).json<ChecklistDetail>().site.site_id;
  const again = { ...GARDEN, site_id: site, province_id: qc };
  visits.push(first, await mission(again, '2026-07-06', { eggs: 2, caterpillars: 5 }));
  visits.push(await mission(again, '2026-07-09', { eggs: 0, caterpillars: 7 }));
  // The last visit was judged Invalid: only its owner and admins count it.
  await ctx.db.execute(
    sql`UPDATE observations SET observationstatus_id = ${ObservationStatus.Invalid} WHERE checklist_id = ${visits[2]}`,
  );
});
afterAll(() => ctx.close());

describe('GET /api/sites/:id/history', () => {
  it('gives the owner the exact place and every visit, newest first, with counts per life stage and ISO week', async () => {
    const res = await get(`/api/sites/${site}/history`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SiteHistory>();
    expect(body.site).toMatchObject({ ...GARDEN, site_id: site, province_id: qc, is_private: true, exact: true });
    expect(body.visits).toEqual([
      {
        checklist_id: visits[2],
        is_flash: 0,
        checklist_date: '2026-07-09',
        iso_year: 2026,
        iso_week: 28,
        adults: 1,
        eggs: 1,
        caterpillars: 7,
        chrysalises: 0,
        stems_inspected: 30,
      },
      // Monday 6 July 2026 opens ISO week 28; Monday 29 June opens week 27.
      expect.objectContaining({ checklist_id: visits[1], iso_week: 28, adults: 1, eggs: 3, caterpillars: 5 }),
      expect.objectContaining({ checklist_id: visits[0], iso_week: 27, adults: 1, eggs: 5, caterpillars: 0 }),
    ]);
  });

  it('shows the public and other volunteers the cell centre, no locality or city, and public visits only', async () => {
    for (const token of ['', other.token]) {
      const res = await get(`/api/sites/${site}/history`, token);
      expect(res.statusCode).toBe(200);
      expect(LEAKS.filter((s) => res.body.includes(s))).toEqual([]);
      const body = res.json<SiteHistory>();
      expect(body.site).toMatchObject({
        latitude: 45.55,
        longitude: -73.65,
        locality: null,
        city: null,
        is_private: true,
        exact: false,
      });
      expect(body.visits.map((v) => v.checklist_id)).toEqual([visits[1], visits[0]]);
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
    }
  });

  it('gives admins the exact place and every visit', async () => {
    const body = (await get(`/api/sites/${site}/history`, admin.token)).json<SiteHistory>();
    expect(body.site).toMatchObject({ ...GARDEN, exact: true });
    expect(body.visits).toHaveLength(3);
  });

  it('answers 404 for an unknown site and 400 naming the field for a bad id', async () => {
    expect((await get('/api/sites/99999999/history')).statusCode).toBe(404);
    const bad = await get('/api/sites/abc/history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toHaveProperty('id');
  });
});
