import { describe, expect, it } from 'vitest';
import { createRowCache, type FetchedRow } from '../src/modules/explore/list-rows';

const PUBLIC = [1, 2, 4] as const;
/** A fetch answering rows of status 1 for every id it is asked (JSON `{"id":n,"v":"tag"}`), recording the ids asked. */
function fetcher(tag: string, statusOf: (id: number) => number = () => 1) {
  const asked: number[][] = [];
  const fetch = (ids: number[]): Promise<FetchedRow[]> => {
    asked.push(ids);
    return Promise.resolve(ids.map((id): FetchedRow => [id, statusOf(id), JSON.stringify({ id, v: tag })]));
  };
  return { asked, fetch };
}
const parse = (json: string) => JSON.parse(json) as { id: number; v: string }[];

describe('Explore list rows kept in memory (RowCache)', () => {
  it('answers the rows in the order of the ids and fetches only the rows it does not keep', async () => {
    const rows = createRowCache(1024 * 1024);
    const a = fetcher('a');
    expect(parse(await rows.page([3, 1, 2], PUBLIC, 7, () => 7, a.fetch)).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(parse(await rows.page([2, 4, 3], PUBLIC, 7, () => 7, a.fetch)).map((r) => r.id)).toEqual([2, 4, 3]);
    expect(a.asked).toEqual([[3, 1, 2], [4]]);
    expect(await rows.page([], PUBLIC, 7, () => 7, a.fetch)).toBe('[]');
  });

  it('drops every kept row when the version grows, and keeps nothing for a request still on an older version', async () => {
    const rows = createRowCache(1024 * 1024);
    await rows.page([1, 2], PUBLIC, 7, () => 7, fetcher('old').fetch);
    const next = fetcher('new');
    expect(parse(await rows.page([1, 2], PUBLIC, 8, () => 8, next.fetch)).map((r) => r.v)).toEqual(['new', 'new']);
    // A request that read version 7 before the change: answered from the database, neither kept nor clearing version 8.
    const late = fetcher('late');
    expect(parse(await rows.page([1, 3], PUBLIC, 7, () => 8, late.fetch)).map((r) => r.v)).toEqual(['late', 'late']);
    const check = fetcher('check');
    expect(parse(await rows.page([1, 2, 3], PUBLIC, 8, () => 8, check.fetch)).map((r) => r.v)).toEqual([
      'new',
      'new',
      'check',
    ]);
    expect(check.asked).toEqual([[3]]);
  });

  it('does not keep rows fetched while the data changed', async () => {
    const rows = createRowCache(1024 * 1024);
    await rows.page([1], PUBLIC, 7, () => 8, fetcher('during').fetch);
    const after = fetcher('after');
    await rows.page([1], PUBLIC, 7, () => 7, after.fetch);
    expect(after.asked).toEqual([[1]]);
  });

  it('never answers a row of a status the requester may not see, even when kept for an admin', async () => {
    const rows = createRowCache(1024 * 1024);
    const all = [1, 2, 3, 4, 5, 6] as const;
    // Observation 2 is Invalid (3): an admin's list keeps it.
    await rows.page([1, 2], all, 7, () => 7, fetcher('admin', (id) => (id === 2 ? 3 : 1)).fetch);
    expect(parse(await rows.page([1, 2], PUBLIC, 7, () => 7, fetcher('public').fetch)).map((r) => r.id)).toEqual([1]);
  });

  it('leaves out ids the fetch does not return (rows that stopped matching the filters)', async () => {
    const rows = createRowCache(1024 * 1024);
    const some = (ids: number[]): Promise<FetchedRow[]> =>
      Promise.resolve(ids.filter((id) => id !== 2).map((id): FetchedRow => [id, 1, `{"id":${id}}`]));
    expect(await rows.page([1, 2, 3], PUBLIC, 7, () => 7, some)).toBe('[{"id":1},{"id":3}]');
  });

  it('keeps nothing without a budget or without a version, and stays within its budget', async () => {
    for (const [budget, version] of [
      [0, 7],
      [1024 * 1024, null],
    ] as const) {
      const rows = createRowCache(budget);
      const f = fetcher('x');
      await rows.page([1, 2], PUBLIC, version, () => version, f.fetch);
      await rows.page([1, 2], PUBLIC, version, () => version, f.fetch);
      expect(f.asked).toEqual([
        [1, 2],
        [1, 2],
      ]);
    }
    // Rows of ≈ 140 bytes (JSON + overhead) in 1,400 bytes: the oldest are dropped.
    const small = createRowCache(1400);
    const f = fetcher('x');
    await small.page(
      Array.from({ length: 30 }, (_, i) => i + 1),
      PUBLIC,
      1,
      () => 1,
      f.fetch,
    );
    await small.page([30, 1], PUBLIC, 1, () => 1, f.fetch);
    expect(f.asked[1]).toEqual([1]);
  });
});
