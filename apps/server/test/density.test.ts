import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID, densityResponseSchema, type ApiError } from '@mm/shared';
import { buildTestApp, signUp, submitFlash, type TestContext } from './helpers';
import { referenceData, submitMission, type MissionRow } from './helpers/missions';

/**
 * The density view against a hand computation on a fixed set of Missions of one volunteer:
 *
 * | visit | date (ISO week) | province | stems | eggs     | caterpillars | other              |
 * |-------|-----------------|----------|-------|----------|--------------|--------------------|
 * | A     | 2026-06-01 (23) | QC       | 40    | 4 + 1    | 2 + 0        | two milkweed rows  |
 * | B     | 2026-06-03 (23) | QC       | 10    | 0        | 3            |                    |
 * | C     | 2026-06-10 (24) | ON       | 50    | 2        | 0            | 5 adults, 1 chrysalis (not counted) |
 * | D     | 2026-06-04 (23) | QC       | 100   | 50       | 0            | Invalid: admins only |
 * | Flash | 2026-06-02 (23) | QC       | —     | 9        | 0            | Flash: never counted |
 *
 * Public: week 23 = A + B: 50 stems, 5 eggs + 5 caterpillars → 100 · 10 / 50 = 20.00; week 24 = C:
 * 50 stems, 2 → 4.00; QC = 20.00, ON = 4.00; total 100 stems, 7 + 5 → 12.00.
 * Admin: week 23 adds D: 150 stems, 55 + 5 → 40.00; total 200 stems, 57 + 5 → 31.00.
 */
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
let on: number;
let syriaca: number;

const MONTREAL = { locality: 'Parc Jarry', city: 'Montréal', latitude: 45.5339, longitude: -73.6281 };
const TORONTO = { locality: 'High Park', city: 'Toronto', latitude: 43.6465, longitude: -79.4637 };
/** A Mission of Common milkweed rows by the volunteer (helpers/missions). */
const mission = (site: Record<string, unknown>, date: string, stems: number, rows: MissionRow[]) =>
  submitMission(ctx.app, volunteer.token, { site, date, stems, milkweedId: syriaca, rows });

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const { province, syriaca: commonMilkweed } = await referenceData(ctx.app);
  qc = province('QC').province_id;
  on = province('ON').province_id;
  syriaca = commonMilkweed;
  await mission({ ...MONTREAL, province_id: qc }, '2026-06-01', 40, [{ eggs: 4, caterpillars: 2 }, { eggs: 1 }]);
  await mission({ ...MONTREAL, province_id: qc }, '2026-06-03', 10, [{ caterpillars: 3 }]);
  await mission({ ...TORONTO, province_id: on }, '2026-06-10', 50, [{ eggs: 2, adults: 5, chrysalises: 1 }]);
  const invalid = await mission({ ...MONTREAL, province_id: qc }, '2026-06-04', 100, [{ eggs: 50 }]);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${invalid}`);
  await submitFlash(ctx.app, volunteer.token, { ...MONTREAL, province_id: qc, checklist_date: '2026-06-02', eggs: 9 });
});
afterAll(() => ctx.close());

const density = async (query: string, token = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/observations/density?username=${volunteer.username}${query}`,
    headers: { Authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return densityResponseSchema.parse(res.json());
};

describe('GET /api/observations/density', () => {
  it('matches the hand computation per week, province, cell and in total, cached or not', async () => {
    for (let i = 0; i < 2; i++) {
      const d = await density('');
      expect(d.per_week).toEqual([
        { week: 23, checklists: 2, stems: 50, eggs: 5, caterpillars: 5, per_100_stems: 20 },
        { week: 24, checklists: 1, stems: 50, eggs: 2, caterpillars: 0, per_100_stems: 4 },
      ]);
      expect(d.per_province).toEqual(
        [
          { province_id: qc, checklists: 2, stems: 50, eggs: 5, caterpillars: 5, per_100_stems: 20 },
          { province_id: on, checklists: 1, stems: 50, eggs: 2, caterpillars: 0, per_100_stems: 4 },
        ].sort((a, b) => a.province_id - b.province_id),
      );
      expect(d.per_cell).toEqual([
        { latitude: 43.5, longitude: -79.5, checklists: 1, stems: 50, eggs: 2, caterpillars: 0, per_100_stems: 4 },
        { latitude: 45.5, longitude: -73.5, checklists: 2, stems: 50, eggs: 5, caterpillars: 5, per_100_stems: 20 },
      ]);
      expect(d.total).toEqual({ checklists: 3, stems: 100, eggs: 7, caterpillars: 5, per_100_stems: 12 });
    }
  });

  it('counts the Invalid visit for an admin only', async () => {
    const d = await density('', admin.token);
    expect(d.per_week[0]).toEqual({
      week: 23,
      checklists: 3,
      stems: 150,
      eggs: 55,
      caterpillars: 5,
      per_100_stems: 40,
    });
    expect(d.total).toEqual({ checklists: 4, stems: 200, eggs: 57, caterpillars: 5, per_100_stems: 31 });
  });

  it('follows the filters (province, dates) and leaves the life-stage filter and Flash sightings aside', async () => {
    expect((await density(`&province_id=${on}`)).total).toEqual({
      checklists: 1,
      stems: 50,
      eggs: 2,
      caterpillars: 0,
      per_100_stems: 4,
    });
    expect((await density('&date_from=2026-06-02&date_to=2026-06-09')).total).toEqual({
      checklists: 1,
      stems: 10,
      eggs: 0,
      caterpillars: 3,
      per_100_stems: 30,
    });
    expect((await density('&lifestage_id=1')).total.per_100_stems).toBe(12);
    expect((await density('&kind=flash')).total.per_100_stems).toBe(12);
  });

  it('answers empty figures when no Mission matches', async () => {
    const d = await density('&date_from=2020-01-01&date_to=2020-01-02');
    expect(d).toEqual({
      per_week: [],
      per_province: [],
      per_cell: [],
      total: { checklists: 0, stems: 0, eggs: 0, caterpillars: 0, per_100_stems: null },
    });
  });

  it('refuses a bad filter with a translated 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/observations/density?date_from=juin',
      headers: { Language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.date_from).toBeDefined();
  });
});
