import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoadParams } from '@mm/shared';
import { buildTestApp, signUp, submitFlash, unzip, type TestContext } from './helpers';

/** CoordinateUncertaintyInMeters given at submission, stored on the site and exported. */
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let qc: number;
let syriaca: number;
const place = { locality: 'Parc Lafontaine', city: 'Montréal', latitude: 45.5271, longitude: -73.5696 };

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
});
afterAll(() => ctx.close());

const stored = async (checklistId: number) =>
  (
    await ctx.db.execute<{ u: number | null }>(
      sql`SELECT s.coordinate_uncertainty_m AS u FROM sites s JOIN checklists c ON c.site_id = s.site_id WHERE c.checklist_id = ${checklistId}`,
    )
  ).rows[0]?.u;
const download = (query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?reason_id=1&username=${volunteer.username}&${query}`,
    remoteAddress: '10.18.0.7', // its own address: downloads are limited per IP across test files
  });
const missionPayload = (site: Record<string, unknown>) => ({
  idempotency_key: randomUUID(),
  site: { ...place, province_id: qc, ...site },
  checklist: { checklist_date: '2026-07-02', start_time: '10:00', end_time: '10:30', participants: 1 },
  observation: {
    stems_inspected: 12,
    monarchs_seen: true,
    milkweeds: [
      {
        milkweed_id: syriaca,
        abundance_id: 1,
        locationsize_id: 1,
        adults: 0,
        eggs: 1,
        caterpillars: 0,
        chrysalises: 0,
      },
    ],
    photos: [],
  },
});

describe('coordinate_uncertainty_m', () => {
  it('is stored with a Flash point and a new Mission site, and exported in the CSV and the archive', async () => {
    const flashId = await submitFlash(ctx.app, volunteer.token, {
      ...place,
      province_id: qc,
      checklist_date: '2026-07-01',
      adults: 1,
      coordinate_uncertainty_m: 14,
    });
    expect(await stored(flashId)).toBe(14);
    const mission = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_mission',
      headers: { Authorization: volunteer.token },
      payload: missionPayload({ latitude: 45.5281, coordinate_uncertainty_m: 38 }),
    });
    expect(mission.statusCode).toBe(201);
    const missionId = mission.json<{ checklist_id: number }>().checklist_id;
    expect(await stored(missionId)).toBe(38);
    const without = await submitFlash(ctx.app, volunteer.token, {
      ...place,
      province_id: qc,
      checklist_date: '2026-07-03',
      eggs: 2,
    });
    expect(await stored(without)).toBeNull();

    const rows = parse<Record<string, string>>((await download('format=csv')).body, { columns: true, bom: true });
    expect(Object.fromEntries(rows.map((r) => [r.eventDate, r.coordinateUncertaintyInMeters]))).toEqual({
      '2026-07-01': '14',
      '2026-07-02': '38',
      '2026-07-03': '',
    });

    const files = await unzip((await download('format=dwca')).rawPayload);
    const [header, ...events] = files['event.txt']!.split('\n').filter((l) => l !== '');
    const columns = header!.split('\t');
    const cell = (line: string, name: string) => line.split('\t')[columns.indexOf(name)];
    expect(
      Object.fromEntries(
        events.map((e) => [cell(e, 'year') + '-' + cell(e, 'day'), cell(e, 'coordinateUncertaintyInMeters')]),
      ),
    ).toEqual({ '2026-1': '14', '2026-2': '38', '2026-3': '' });
  });

  it('is kept by an edit that leaves the point in place, and replaced when the point moves', async () => {
    const fields = { ...place, province_id: qc, checklist_date: '2026-07-04', adults: 1 };
    const id = await submitFlash(ctx.app, volunteer.token, { ...fields, coordinate_uncertainty_m: 9 });
    const edit = (extra: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/checklists/${id}/flash`,
        headers: { Authorization: volunteer.token },
        payload: {
          idempotency_key: randomUUID(),
          eggs: 0,
          caterpillars: 0,
          chrysalises: 0,
          photos: [],
          ...fields,
          ...extra,
        },
      });
    expect((await edit({ comment: 'same place' })).statusCode).toBe(200);
    expect(await stored(id)).toBe(9);
    expect((await edit({ latitude: 45.53 })).statusCode).toBe(200);
    expect(await stored(id)).toBeNull();
    expect((await edit({ latitude: 45.531, coordinate_uncertainty_m: 120 })).statusCode).toBe(200);
    expect(await stored(id)).toBe(120);
  });

  it('refuses a value that is not a whole number of metres from 1 to 100,000, naming the field', async () => {
    for (const value of [0, -5, 12.5, 100_001, '30']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: { Authorization: volunteer.token, Language: 'fr' },
        payload: {
          idempotency_key: randomUUID(),
          ...place,
          province_id: qc,
          checklist_date: '2026-07-05',
          adults: 1,
          eggs: 0,
          caterpillars: 0,
          chrysalises: 0,
          photos: [],
          coordinate_uncertainty_m: value,
        },
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(Object.keys(res.json<ApiError>().fields ?? {}), String(value)).toEqual(['coordinate_uncertainty_m']);
    }
    const mission = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_mission',
      headers: { Authorization: volunteer.token },
      payload: missionPayload({ coordinate_uncertainty_m: 0 }),
    });
    expect(mission.statusCode).toBe(400);
    expect(Object.keys(mission.json<ApiError>().fields ?? {})).toEqual(['site.coordinate_uncertainty_m']);
  });
});
