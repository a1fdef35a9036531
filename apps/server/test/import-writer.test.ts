import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../src/cli/common';
import { generateDemoSightings } from '../src/modules/imports/demo-generator';
import { createSightingWriter, type SightingToWrite } from '../src/modules/imports/import.service';
import { parseSightingsCsv } from '../src/modules/imports/sightings-csv';
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
    const run = async () => {
      const totals = { written: 0, existing: 0, rejected: 0 };
      let batch: SightingToWrite[] = [];
      for await (const row of parseSightingsCsv(
        openObservationsCsv('journeynorth_monarch_adult_first_spring2021.csv'),
      )) {
        if ('issues' in row) {
          totals.rejected += 1;
          continue;
        }
        batch.push({ userId, record: row.record, sourceKey: `jn2021:${row.row}` });
        if (batch.length === 500) {
          const r = await write(batch);
          totals.written += r.written;
          totals.existing += r.existing;
          batch = [];
        }
      }
      const r = await write(batch);
      return { ...totals, written: totals.written + r.written, existing: totals.existing + r.existing };
    };
    expect(await run()).toEqual({ written: 3456, existing: 0, rejected: 0 });
    expect(await run()).toEqual({ written: 0, existing: 3456, rejected: 0 });
    expect(await countFor(userId)).toBe(3456);
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
    expect(await write(batch)).toEqual({ written: 300, existing: 0 });
    expect(await write(batch)).toEqual({ written: 0, existing: 300 });
    expect(await countFor(userId)).toBe(300);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/observations?limit=50' })).json();
    expect(list.paginator.total).toBeGreaterThanOrEqual(300);
  });
});
