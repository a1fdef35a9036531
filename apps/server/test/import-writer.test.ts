import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationListResponse } from '@mm/shared';
import { ensureUser } from '../src/cli/common';
import { generateDemoSightings } from '../src/demo/demo-generator';
import { checkPlace, locateRegion } from '../src/lib/province-locator';
import {
  createSightingWriter,
  type RejectedSighting,
  type SightingToWrite,
} from '../src/modules/imports/import.service';
import { parseSightingsCsv, scanCoordinatePrecision } from '../src/modules/imports/sightings-csv';
import { buildTestApp, openObservationsCsv, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const countFor = async (userId: number) =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int n FROM observations o JOIN checklists c USING (checklist_id) WHERE c.user_id = ${userId}`,
    )
  ).rows[0]?.n;

describe('sighting import into the database', () => {
  it('imports the Journey North spring 2021 file once, with provinces, and adds nothing on a re-run', async () => {
    const userId = await ensureUser(ctx.db, { username: 'jn-import-test', first_name: 'Journey', last_name: 'North' });
    const write = await createSightingWriter(ctx.db);
    const unplaced: RejectedSighting[] = [];
    const run = async () => {
      const totals = { written: 0, skipped: 0, rejected: 0 };
      unplaced.length = 0;
      let batch: SightingToWrite[] = [];
      const file = 'journeynorth_monarch_adult_first_spring2021.csv';
      const coordinatePrecision = await scanCoordinatePrecision(openObservationsCsv(file));
      for await (const row of parseSightingsCsv(openObservationsCsv(file), { coordinatePrecision })) {
        if ('issues' in row) {
          totals.rejected += 1;
          continue;
        }
        batch.push({ userId, row: row.row, record: row.record, sourceKey: `jn2021:${row.row}` });
        if (batch.length === 500) {
          const r = await write(batch);
          totals.written += r.written;
          totals.skipped += r.existing + r.duplicates;
          unplaced.push(...r.rejected);
          batch = [];
        }
      }
      const r = await write(batch);
      unplaced.push(...r.rejected);
      return { ...totals, written: totals.written + r.written, skipped: totals.skipped + r.existing + r.duplicates };
    };
    // Of the 3,456 parsed rows, those whose point lies outside Canada, the US and Mexico (Saint-Pierre,
    // Scotland) or in another state than the file says, beyond the ±0.05° its one decimal allows,
    // are reported per row and not stored.
    // 262 rows repeat another row's date, town, state, point and count: the file names no observer and
    // no id, so identical content is one report, stored once. Different towns at the same rounded
    // point on the same day with the same count (Marblehead and Swampscott MA) are two.
    const first = await run();
    expect({ ...first, written: first.written + unplaced.length }).toEqual({
      written: 3194,
      skipped: 262,
      rejected: 0,
    });
    const messages = unplaced.map((u) => [u.row, u.field, u.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [351, 'location', 'point 46.8, -56.2 lies outside Canada, the United States and Mexico.'],
        [3453, 'location', 'point 55.5, -2.8 lies outside Canada, the United States and Mexico.'],
      ]),
    );
    // Campobello Island NB (44.9, -67 known to ±0.05°) only while the boundaries leave the island out.
    expect(messages.filter(([row]) => row !== 351 && row !== 3453)).toEqual(
      unplaced.length === 3 ? [[858, 'province', 'point 44.9, -67 lies in Maine, not New Brunswick.']] : [],
    );
    expect(await run()).toEqual({ written: 0, skipped: 3456 - unplaced.length, rejected: 0 });
    expect(await countFor(userId)).toBe(first.written);
    const quebec = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int n FROM sites s JOIN provinces p USING (province_id) WHERE s.user_id = ${userId} AND p.administrative = 'QC'`);
    expect(quebec.rows[0]?.n).toBeGreaterThan(0);
  });
});

describe('demo observations', () => {
  it('writes generated sightings idempotently and they appear in the public list', async () => {
    const userId = await ensureUser(ctx.db, { username: 'demo-test', first_name: 'Demo', last_name: 'Volunteer' });
    const write = await createSightingWriter(ctx.db);
    const batch = [...generateDemoSightings(300, 7)].map((s, i): SightingToWrite => ({
      userId,
      sourceKey: `demo-test:${i}`,
      record: {
        ...s,
        kind: 'monarch',
        provinceCode: null,
        remarks: null,
        sourceRecordId: null,
        scientificName: 'Danaus plexippus',
      },
    }));
    // Draws that fall in a lake or the sea off their town lie in no province: reported, not stored.
    const outside = batch.filter(
      (b) => locateRegion(b.record.decimalLatitude, b.record.decimalLongitude) === undefined,
    );
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.length).toBeLessThan(30);
    const placed = 300 - outside.length;
    const first = await write(batch);
    expect(first).toMatchObject({ written: placed, existing: 0 });
    expect(first.rejected.map((r) => [r.sourceKey, r.field])).toEqual(outside.map((b) => [b.sourceKey, 'location']));
    expect(await write(batch)).toMatchObject({ written: 0, existing: placed });
    expect(await countFor(userId)).toBe(placed);
    // Every stored site lies in (or within the border tolerance of) its province's boundary.
    const sitesOf = await ctx.db.execute<{ lat: number; lng: number; code: string }>(sql`
      SELECT s.latitude lat, s.longitude lng, c.administrative || '-' || p.administrative code
      FROM sites s JOIN provinces p USING (province_id) JOIN countries c ON c.id = p.country_id WHERE s.user_id = ${userId}`);
    expect(sitesOf.rows).toHaveLength(placed);
    for (const s of sitesOf.rows) expect(checkPlace(s.code, s.lat, s.lng).kind).toBe('inside');
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/observations?limit=50' })
    ).json<ObservationListResponse>();
    expect(list.paginator.total).toBeGreaterThanOrEqual(placed);
  });
});

describe('imported counts', () => {
  it('keeps a missing count empty and exports an imported 0 as a presence without a count, never inventing 1', async () => {
    const userId = await ensureUser(ctx.db, { username: 'count-import-test', first_name: 'Count', last_name: 'Test' });
    const write = await createSightingWriter(ctx.db);
    const record = (individualCount: number | null, sourceRecordId: string) => ({
      eventDate: '2021-05-01',
      decimalLatitude: 45.5,
      decimalLongitude: -73.6,
      kind: 'monarch' as const,
      lifestage_id: 1 as const,
      individualCount,
      locality: 'Montréal',
      provinceCode: 'QC',
      remarks: 'Seen from the road',
      sourceRecordId,
      scientificName: 'Danaus plexippus',
    });
    await write([
      { userId, record: record(null, 'n1'), sourceKey: 'count-test:none' },
      { userId, record: record(0, 'z1'), sourceKey: 'count-test:zero' },
    ]);
    const stored = await ctx.db.execute<{ numbers: number | null }>(sql`
      SELECT o.numbers FROM observations o JOIN checklists c USING (checklist_id) WHERE c.user_id = ${userId} ORDER BY o.numbers NULLS FIRST`);
    expect(stored.rows.map((r) => r.numbers)).toEqual([null, 0]);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/observations/download?format=csv&reason_id=1&username=count-import-test',
      remoteAddress: '10.18.0.3', // its own address: downloads are limited per IP across test files
    });
    const rows = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    // An imported report is a presence whatever its count: only Missions export absences.
    expect(rows.map((r) => [r.individualCount, r.occurrenceStatus, r.occurrenceRemarks]).sort()).toEqual([
      ['', 'present', 'Seen from the road'],
      ['', 'present', 'Seen from the road'],
    ]);
  });
});
