import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadParams } from '@mm/shared';
import { countFigures } from '../src/modules/utilities/figures.repository';
import { buildTestApp, createTestDatabase, signUp, type TestContext } from './helpers';

// A database of its own: the figures count every row, and other test files write at the same time.
let ctx: TestContext;
let drop: () => Promise<void>;
let provinceQc: number;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  ctx = await buildTestApp({}, database.url);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  provinceQc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
});
afterAll(async () => {
  await ctx.close();
  await drop();
});

interface Figures {
  season: number;
  observations_this_season: number;
  observations_total: number;
  volunteers: number;
  sites: number;
}
const figures = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/utilities/figures' });
  expect(res.statusCode).toBe(200);
  return res.json<Figures>();
};

async function submitFlash(token: string, date: string, latitude: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_flash',
    headers: { Authorization: token },
    payload: {
      idempotency_key: randomUUID(),
      checklist_date: date,
      locality: 'Jardin botanique, friche',
      city: 'Montréal',
      province_id: provinceQc,
      latitude,
      longitude: -73.56,
      adults: 2,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
    },
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json<{ checklist_id: number }>().checklist_id;
}

describe('GET /api/utilities/figures', () => {
  it('is public and counts a new visible observation this season, its volunteer and its site', async () => {
    const before = await figures();
    expect(before.season).toBe(new Date().getUTCFullYear());
    const { token } = await signUp(ctx.app);
    await submitFlash(token, new Date().toISOString().slice(0, 10), 45.5 + Math.random() / 100);
    const after = await figures();
    // A Flash of 2 adults is one observation (one life stage counted).
    expect(after.observations_this_season).toBe(before.observations_this_season + 1);
    expect(after.observations_total).toBe(before.observations_total + 1);
    expect(after.volunteers).toBe(before.volunteers + 1);
    expect(after.sites).toBe(before.sites + 1);
    expect(after.observations_total).toBeGreaterThanOrEqual(after.observations_this_season);
  });

  it('leaves out Deleted, Invalid and Test observations, and earlier years from this season', async () => {
    const { token } = await signUp(ctx.app);
    const season = new Date().getUTCFullYear();
    const checklist = await submitFlash(token, `${season}-01-01`, 46 + Math.random() / 100);
    const rows =
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int n FROM observations WHERE checklist_id = ${checklist}`,
        )
      ).rows[0]?.n ?? 0;
    expect(rows).toBeGreaterThan(0);
    // One snapshot (repeatable read): other test files' writes stay out, our own changes show.
    await ctx.db
      .transaction(
        async (tx) => {
          const setStatus = (status: number) =>
            tx.execute(sql`UPDATE observations SET observationstatus_id = ${status} WHERE checklist_id = ${checklist}`);
          const visible = await countFigures(tx);
          for (const hidden of [3, 5, 6]) {
            await setStatus(hidden);
            const f = await countFigures(tx);
            expect(f.observations_this_season).toBe(visible.observations_this_season - rows);
            expect(f.observations_total).toBe(visible.observations_total - rows);
          }
          await setStatus(4);
          expect(await countFigures(tx)).toEqual(visible);
          await tx.execute(
            sql`UPDATE checklists SET checklist_date = ${`${season - 1}-12-31`} WHERE checklist_id = ${checklist}`,
          );
          const lastYear = await countFigures(tx);
          expect(lastYear.observations_this_season).toBe(visible.observations_this_season - rows);
          expect(lastYear.observations_total).toBe(visible.observations_total);
          await tx.execute(sql`UPDATE checklists SET isdeleted = true WHERE checklist_id = ${checklist}`);
          expect((await countFigures(tx)).observations_total).toBe(visible.observations_total - rows);
          tx.rollback();
        },
        { isolationLevel: 'repeatable read' },
      )
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message.includes('Rollback'))) throw err;
      });
    const future = await countFigures(ctx.db, new Date(Date.UTC(2999, 0, 1)));
    expect(future).toMatchObject({ season: 2999, observations_this_season: 0 });
  });
});
