import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  densityResponseSchema,
  type ClusterResponse,
  type ExploreStats,
  type LoadParams,
  type ObservationListResponse,
} from '@mm/shared';
import { buildTestApp, signUp, type TestContext, unzip } from './helpers';

/**
 * "Leave out flagged records" (`exclude_flagged=1`, docs/adr/0035): one 10,000-egg typo among real
 * visits of a Québec volunteer. Four Missions, one milkweed row each:
 *
 * | visit | date       | stems | eggs   | caterpillars | flags                                   |
 * |-------|------------|-------|--------|--------------|-----------------------------------------|
 * | A     | 2026-06-08 | 50    | 10     | 3            | none                                    |
 * | B     | 2026-06-15 | 40    | 8      | 2            | none                                    |
 * | C     | 2026-07-06 | 60    | 12     | 4            | none                                    |
 * | typo  | 2026-07-13 | 50    | 10,000 | 0            | count_above_ceiling, count_per_stem     |
 *
 * Without the filter Québec reads 100 · (39 + 10,000) / 200 = 5,019.5 eggs + caterpillars per 100 stems;
 * with it, 100 · 39 / 150 = 26, within the 20–30 of real visits.
 */
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let qc: number;
let syriaca: number;
let typo: number;

const PLACES = [
  { locality: 'Jardin botanique', city: 'Montréal', latitude: 45.5601, longitude: -73.5627 },
  { locality: 'Parc Jarry', city: 'Montréal', latitude: 45.5339, longitude: -73.6281 },
  { locality: 'Parc Frédéric-Back', city: 'Montréal', latitude: 45.5601, longitude: -73.6286 },
  { locality: 'Parc Maisonneuve', city: 'Montréal', latitude: 45.5617, longitude: -73.5575 },
];

async function mission(
  place: (typeof PLACES)[number],
  date: string,
  stems: number,
  eggs: number,
  caterpillars: number,
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: volunteer.token },
    payload: {
      idempotency_key: randomUUID(),
      site: { ...place, province_id: qc },
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 2 },
      observation: {
        stems_inspected: stems,
        monarchs_seen: true,
        milkweeds: [
          { milkweed_id: syriaca, abundance_id: 2, locationsize_id: 1, adults: 0, eggs, caterpillars, chrysalises: 0 },
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
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  await mission(PLACES[0]!, '2026-06-08', 50, 10, 3);
  await mission(PLACES[1]!, '2026-06-15', 40, 8, 2);
  await mission(PLACES[2]!, '2026-07-06', 60, 12, 4);
  typo = await mission(PLACES[3]!, '2026-07-13', 50, 10_000, 0);
});
afterAll(() => ctx.close());

const get = async <T>(path: string, query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/observations${path}?username=${volunteer.username}${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const download = async (query: string, remoteAddress: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?reason_id=1&username=${volunteer.username}&${query}`,
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('leave out flagged records', () => {
  it('stores the typo with its count flags, the real visits with none', async () => {
    const flags = await ctx.db.execute<{ checklist_id: number; codes: string[] }>(sql`
      SELECT o.checklist_id, array(SELECT f->>'code' FROM jsonb_array_elements(o.quality_flags) f ORDER BY 1) AS codes
      FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id
      WHERE c.user_id = ${volunteer.userId} AND o.lifestage_id = 2`);
    expect(flags.rows.find((r) => r.checklist_id === typo)?.codes).toEqual(['count_above_ceiling', 'count_per_stem']);
    expect(flags.rows.filter((r) => r.checklist_id !== typo).every((r) => r.codes.length === 0)).toBe(true);
  });

  it('gives Québec a sane density with the filter, and the typo its 5,019.5 without', async () => {
    const all = densityResponseSchema.parse(await get('/density', '&exclude_flagged=0'));
    const quebec = (d: typeof all) => d.per_province.find((p) => p.province_id === qc);
    expect(quebec(all)).toEqual({
      province_id: qc,
      checklists: 4,
      stems: 200,
      eggs: 10_030,
      caterpillars: 9,
      per_100_stems: 5019.5,
    });
    const screened = densityResponseSchema.parse(await get('/density', '&exclude_flagged=1'));
    // The typo's whole visit goes: its 50 stems without its eggs would pull the rate down instead.
    expect(quebec(screened)).toEqual({
      province_id: qc,
      checklists: 3,
      stems: 150,
      eggs: 30,
      caterpillars: 9,
      per_100_stems: 26,
    });
    expect(screened.total.per_100_stems).toBeGreaterThanOrEqual(20);
    expect(screened.total.per_100_stems).toBeLessThanOrEqual(30);
  });

  it('leaves flagged records out of the density view and the charts when the query does not say', async () => {
    // A research view defaults to the screened figures; `exclude_flagged=0` (or `false`) asks for every record.
    const quebec = (d: { per_province: { province_id: number | null }[] }) =>
      d.per_province.find((p) => p.province_id === qc);
    const density = densityResponseSchema.parse(await get('/density', ''));
    expect(quebec(density)).toMatchObject({ checklists: 3, stems: 150, per_100_stems: 26 });
    const everyVisit = densityResponseSchema.parse(await get('/density', '&exclude_flagged=false'));
    expect(quebec(everyVisit)).toMatchObject({ checklists: 4, stems: 200, per_100_stems: 5019.5 });

    const total = (await get<ObservationListResponse>('', '')).paginator.total;
    const stats = await get<ExploreStats>('/stats', '');
    expect(stats.total).toBe(total - 1);
    expect((await get<ExploreStats>('/stats', '&exclude_flagged=1')).total).toBe(total - 1);
    const allStats = await get<ExploreStats>('/stats', '&exclude_flagged=0');
    expect(allStats.total).toBe(total);
    const eggs = (s: ExploreStats) => s.per_province.find((p) => p.province_id === qc)?.individuals ?? 0;
    expect(eggs(allStats) - eggs(stats)).toBe(10_000);
  });

  it('keeps flagged records in the list, the map and downloads when the query does not say', async () => {
    const list = await get<ObservationListResponse>('', '');
    expect(list.data.some((r) => r.numbers === 10_000)).toBe(true);
    const viewport = '&zoom=3&west=-180&south=-90&east=180&north=90';
    expect((await get<ClusterResponse>('/clusters', viewport)).total).toBe(list.paginator.total);
    const archive = await unzip((await download('format=dwca', '10.35.0.3')).rawPayload);
    expect(archive['occurrence.txt']).toContain('\t10000\t');
    expect(archive['eml.xml']).toContain('Flagged records were not left out');
  });

  it('leaves the flagged observation out of the list, the map and the charts alike', async () => {
    const list = (q: string) => get<ObservationListResponse>('', q);
    const total = (await list('')).paginator.total;
    const screened = await list('&exclude_flagged=1');
    expect(screened.paginator.total).toBe(total - 1);
    expect(screened.data.some((r) => r.numbers === 10_000)).toBe(false);
    const viewport = '&zoom=3&west=-180&south=-90&east=180&north=90';
    expect((await get<ClusterResponse>('/clusters', viewport)).total).toBe(total);
    expect((await get<ClusterResponse>('/clusters', `${viewport}&exclude_flagged=1`)).total).toBe(total - 1);
    const quebec = (s: ExploreStats) => s.per_province.find((p) => p.province_id === qc)?.individuals ?? 0;
    const stats = await get<ExploreStats>('/stats', '&exclude_flagged=0');
    const screenedStats = await get<ExploreStats>('/stats', '&exclude_flagged=1');
    expect(screenedStats.total).toBe(total - 1);
    expect(quebec(stats) - quebec(screenedStats)).toBe(10_000);
  });

  it('refuses a value that is not a yes or no, on the field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/observations?exclude_flagged=maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty('exclude_flagged');
  });

  it('omits the flagged record from a CSV download, and the archive says flagged records were left out', async () => {
    const rows = (body: string) => parse<Record<string, string>>(body, { columns: true, bom: true });
    const plain = rows((await download('format=csv', '10.35.0.1')).body);
    expect(plain.some((r) => r.individualCount === '10000')).toBe(true);
    const screened = rows((await download('format=csv&exclude_flagged=1', '10.35.0.1')).body);
    expect(screened).toHaveLength(plain.length - 1);
    expect(screened.some((r) => r.individualCount === '10000')).toBe(false);

    const withFlags = await unzip((await download('format=dwca', '10.35.0.2')).rawPayload);
    expect(withFlags['occurrence.txt']).toContain('\t10000\t');
    expect(withFlags['eml.xml']).toContain('Flagged records were not left out');
    const archive = await unzip((await download('format=dwca&exclude_flagged=1', '10.35.0.2')).rawPayload);
    expect(archive['occurrence.txt']).not.toContain('\t10000\t');
    expect(archive['eml.xml']).toContain('Flagged records were left out (exclude_flagged)');
  });

  it('keeps a flagged record an admin accepted: it was reviewed, not suspect', async () => {
    await ctx.db.execute(
      sql`UPDATE observations SET flags_accepted_at = now() WHERE checklist_id = ${typo} AND lifestage_id = 2`,
    );
    // Egg rows only: a filter set no earlier test read, so no list kept from before the update answers.
    const list = (q: string) => get<ObservationListResponse>('', `&lifestage_id=2${q}`);
    expect((await list('&exclude_flagged=1')).paginator.total).toBe(4);
    expect((await list('')).paginator.total).toBe(4);
  });
});
