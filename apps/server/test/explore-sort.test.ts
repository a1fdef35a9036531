import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observationListResponseSchema, type ApiError, type LoadParams } from '@mm/shared';
import { buildTestApp, signUp, submitFlash, type TestContext } from './helpers';

/** The parts of the OpenAPI document this test reads. */
interface OpenApiDocument {
  paths: Record<string, { get?: { parameters: { name: string; schema?: unknown }[] } }>;
}

/**
 * Explore's order: newest observed first by default, or newest submitted first, in the
 * list (cached or not), the CSV download and the OpenAPI document.
 */
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  const place = { locality: 'Parc Jarry', city: 'Montréal', province_id: qc, latitude: 45.5339, longitude: -73.6281 };
  // Submitted in this order; observed on very different days (an import of 2021 data comes last but one).
  for (const [name, date] of [
    ['may', '2026-05-01'],
    ['old', '2021-06-01'],
    ['april', '2026-04-01'],
  ] as const)
    ids[name] = await submitFlash(ctx.app, volunteer.token, { ...place, checklist_date: date, adults: 1 });
});
afterAll(() => ctx.close());

const order = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/observations?username=${volunteer.username}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return observationListResponseSchema.parse(res.json()).data.map((r) => r.checklist_id);
};

describe('Explore sort', () => {
  it('lists the newest observed first by default, the same from the cache', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await order('')).toEqual([ids.may, ids.april, ids.old]);
      expect(await order('&sort=observed')).toEqual([ids.may, ids.april, ids.old]);
    }
  });

  it('lists the newest submitted first with sort=submitted', async () => {
    for (let i = 0; i < 3; i++) expect(await order('&sort=submitted')).toEqual([ids.april, ids.old, ids.may]);
  });

  it('pages follow the order', async () => {
    expect(await order('&limit=1&page=2')).toEqual([ids.april]);
    expect(await order('&sort=submitted&limit=1&page=3')).toEqual([ids.may]);
  });

  it('follows a corrected observation date (observed_on kept by trigger)', async () => {
    await ctx.db.execute(sql`UPDATE checklists SET checklist_date = '2026-06-01' WHERE checklist_id = ${ids.old}`);
    const stored = await ctx.db.execute<{ observed_on: string }>(
      sql`SELECT observed_on::text FROM observations WHERE checklist_id = ${ids.old}`,
    );
    expect(stored.rows.map((r) => r.observed_on)).toEqual(['2026-06-01']);
    // The change is announced by NOTIFY; the list follows once it arrives.
    await expect.poll(() => order(''), { timeout: 5000 }).toEqual([ids.old, ids.may, ids.april]);
    await ctx.db.execute(sql`UPDATE checklists SET checklist_date = '2021-06-01' WHERE checklist_id = ${ids.old}`);
    await expect.poll(() => order(''), { timeout: 5000 }).toEqual([ids.may, ids.april, ids.old]);
  });

  it('orders CSV downloads the same way', async () => {
    const csv = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/observations/download?format=csv&reason_text=test&username=${volunteer.username}${query}`,
      });
      expect(res.statusCode).toBe(200);
      return parse<{ eventDate: string }>(res.body, { columns: true, bom: true }).map((r) => r.eventDate);
    };
    expect(await csv('')).toEqual(['2026-05-01', '2026-04-01', '2021-06-01']);
    expect(await csv('&sort=submitted')).toEqual(['2026-04-01', '2021-06-01', '2026-05-01']);
  });

  it('refuses an unknown order with a translated 400 on sort', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/observations?sort=random',
      headers: { Language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.sort).toBeDefined();
  });

  it('documents the parameter in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    for (const path of ['/api/observations', '/api/observations/download']) {
      const sort = doc.paths[path]?.get?.parameters.find((p) => p.name === 'sort');
      expect(sort?.schema).toMatchObject({ enum: ['observed', 'submitted'], default: 'observed' });
    }
  });
});
