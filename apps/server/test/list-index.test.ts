import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORE_SORTS, type LoadParams } from '@mm/shared';
import { keyAtOrBefore, rememberKey, type ListKey } from '../src/modules/explore/list-index';
import { createExploreService } from '../src/modules/explore/explore.service';
import { buildTestApp, signUp, type TestContext } from './helpers';

let ctx: TestContext;
let volunteer: { token: string; username: string };
let observations = 0;

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  // The points below are in Montréal: filed under Québec (the server checks points against their province).
  const province_id = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' }))
    .json<LoadParams>()
    .provinces.find((p) => p.administrative === 'QC')!.province_id;
  // 5 Flash sightings with 1–3 life stages each: 11 observations, several created in the same statement.
  const counts = [
    { adults: 1 },
    { adults: 2, eggs: 3 },
    { caterpillars: 1 },
    { adults: 1, eggs: 1, chrysalises: 2 },
    { eggs: 4, caterpillars: 2 },
  ];
  for (const [i, c] of counts.entries()) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: volunteer.token },
      payload: {
        idempotency_key: randomUUID(),
        checklist_date: `2025-07-0${i + 1}`,
        locality: `Jardin ${i}`,
        city: null,
        province_id,
        latitude: 45.5 + i / 100,
        longitude: -73.6,
        adults: 0,
        eggs: 0,
        caterpillars: 0,
        chrysalises: 0,
        photos: [],
        ...c,
      },
    });
    expect(res.statusCode).toBe(201);
    observations += Object.keys(c).length;
  }
});
afterAll(() => ctx.close());

describe('Explore list pages past the head of a list (read in index order from a known row)', () => {
  it('answers exactly what counting and skipping rows answers, whatever order the pages are asked in', async () => {
    const fixed = { current: () => 1, bump: () => {}, close: async () => {} };
    const plain = createExploreService(ctx.db);
    for (const limit of [1, 2, 3, 4]) {
      // A fresh index per limit (head of 3 rows): pages after the third row are read from row keys.
      const indexed = createExploreService(ctx.db, fixed, { listHead: 3 });
      const pages = Math.ceil(observations / limit) + 1;
      const order = [pages, ...Array.from({ length: pages }, (_, i) => i + 1), 2, pages - 1, 1];
      for (const page of order)
        for (const sort of EXPLORE_SORTS) {
          const query = { username: volunteer.username, page, limit, sort };
          expect(JSON.parse(await indexed.list(null, query)), `limit ${limit}, page ${page}, ${sort}`).toEqual(
            JSON.parse(await plain.list(null, query)),
          );
        }
    }
  });

  it('finds the nearest known row key before a position and bounds what it remembers', () => {
    const keys = new Map<number, ListKey>();
    expect(keyAtOrBefore(keys, 10)).toBeNull();
    rememberKey(keys, 0, { at: 'a', id: 1 });
    rememberKey(keys, 50, { at: 'b', id: 2 });
    rememberKey(keys, 100, { at: 'c', id: 3 });
    expect(keyAtOrBefore(keys, 99)).toEqual([50, { at: 'b', id: 2 }]);
    expect(keyAtOrBefore(keys, 100)?.[0]).toBe(100);
    for (let i = 0; i < 30_000; i++) rememberKey(keys, 1000 + i, { at: 'x', id: i });
    expect(keys.size).toBe(20_000);
  });
});

describe('Explore list rows kept between requests', () => {
  it('shows a change made by another process once its notification arrives (kept rows are dropped)', async () => {
    const url = `/api/observations?username=${volunteer.username}&limit=50`;
    const first = (await ctx.app.inject({ method: 'GET', url })).json<{
      data: { observation_id: number; numbers: number }[];
    }>();
    const target = first.data[0];
    expect(target).toBeDefined();
    // Asked again: the rows come from memory.
    expect((await ctx.app.inject({ method: 'GET', url: `${url}&_=again` })).json()).toEqual(first);
    // Written straight to the database, as another server process would: only the notification tells this one.
    await ctx.db.$client.query('UPDATE observations SET numbers = 97 WHERE observation_id = $1', [
      target!.observation_id,
    ]);
    await expect
      .poll(
        async () =>
          (await ctx.app.inject({ method: 'GET', url: `${url}&_=${Math.random()}` })).json<typeof first>().data[0]
            ?.numbers,
        { timeout: 5000 },
      )
      .toBe(97);
  });
});
