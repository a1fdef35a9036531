import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_ROLE_ID, Role } from '@mm/shared';
import { ensureUser } from '../src/cli/common';
import { redactPersonalData } from '../src/lib/personal-data';
import {
  createSightingWriter,
  importAccount,
  importSightings,
  legacyImportKey,
  type ImportTotals,
} from '../src/modules/imports/import.service';
import { parseSightingsCsv, scanCoordinatePrecision, type SightingRecord } from '../src/modules/imports/sightings-csv';
import { buildTestApp, createTestDatabase, openObservationsCsv, signUp, unzip, type TestContext } from './helpers';

/**
 * Import semantics per source format (docs/imports.md): presence-only reports keep no
 * count and are never absences, a coordinate is as precise as its column, and duplicates are the
 * same source record or identical content (place name and observer included), never mere proximity.
 */

const FIRST = 'Date,Town,State/Province,Latitude,Longitude,Number\n';
const SITE =
  ',id,sighting_date,species,number,latitude,longitude,flag_location,comments,school,grade,image_url,customerid,number_old,flag_number,species_old,flag_species\n';
const IMPORT_TIMEOUT_MS = 600_000;

let ctx: TestContext;
let ip = 0;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const importText = async (text: string, username: string) => {
  const userId = await ensureUser(ctx.db, {
    username,
    first_name: 'Data',
    last_name: 'Import',
    role_id: Role.Observer,
  });
  return importSightings(ctx.db, text, { userId });
};
const download = (query: string, token = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?reason_id=1&${query}`,
    headers: { Authorization: token },
    remoteAddress: `10.29.2.${++ip}`,
  });
const csvRows = async (query: string, token = '') => {
  const res = await download(`format=csv&${query}`, token);
  expect(res.statusCode).toBe(200);
  return parse<Record<string, string>>(res.body, { columns: true, bom: true });
};
const stored = (username: string) =>
  ctx.db.execute<{
    locality: string;
    checklist_date: string;
    numbers: number | null;
    coordinate_decimals: number | null;
    coordinate_uncertainty_m: number | null;
  }>(sql`
    SELECT s.locality, c.checklist_date::text, o.numbers, s.coordinate_decimals, s.coordinate_uncertainty_m
    FROM checklists c JOIN sites s ON s.site_id = c.site_id JOIN observations o ON o.checklist_id = c.checklist_id
    JOIN users u ON u.user_id = c.user_id WHERE u.username = ${username} ORDER BY c.checklist_id`);
const totals = ({ issues: _issues, ...t }: ImportTotals) => t;

describe('counts of presence-only reports', () => {
  it('a Journey North "first sighting" with Number 0 or empty is present, not counted, never an absence', async () => {
    const file =
      FIRST +
      ['5/2/2020,Ottawa,ON,45.4,-75.7,0', '5/3/2020,Kingston,ON,44.2,-76.5,', '5/4/2020,Toronto,ON,43.7,-79.4,3'].join(
        '\n',
      );
    expect(totals(await importText(file, 'jn-counts'))).toMatchObject({ written: 3, rejectedRows: 0 });
    expect((await stored('jn-counts')).rows.map((r) => r.numbers)).toEqual([null, null, 3]);
    const rows = await csvRows('username=jn-counts');
    expect(rows.map((r) => [r.locality, r.individualCount, r.occurrenceStatus]).sort()).toEqual([
      ['Kingston', '', 'present'],
      ['Ottawa', '', 'present'],
      ['Toronto', '3', 'present'],
    ]);
    const archive = await unzip((await download('format=dwca&username=jn-counts')).rawPayload);
    const occurrences = parse<Record<string, string>>(archive['occurrence.txt'] ?? '', {
      columns: true,
      delimiter: '\t',
      quote: false,
    });
    expect(occurrences.map((o) => o.occurrenceStatus)).toEqual(['present', 'present', 'present']);
    // Charts count the reports and add only the counts given: 3 adults in 3 observations.
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/observations/stats?username=jn-counts' });
    expect(stats.json<{ per_province: { observations: number; individuals: number }[] }>().per_province).toEqual([
      expect.objectContaining({ observations: 3, individuals: 3 }),
    ]);
  });

  it('a GBIF occurrence marked absent is not imported: absences come from Missions only', async () => {
    const file = [
      'gbifID,scientificName,eventDate,latitude,longitude,individualCount,occurrenceStatus',
      '9001,Danaus plexippus,2020-06-01,45.5,-73.6,0,ABSENT',
      '9002,Danaus plexippus,2020-06-01,45.5,-73.6,0,PRESENT',
    ].join('\n');
    const result = await importText(file, 'gbif-absent');
    expect(totals(result)).toMatchObject({ written: 1, rejectedRows: 1 });
    expect(result.issues.map((i) => i.message)).toEqual([
      'occurrenceStatus is "absent": only presences are imported (absences come from Missions).',
    ]);
    expect((await stored('gbif-absent')).rows.map((r) => r.numbers)).toEqual([null]);
  });
});

describe('coordinate precision is the column’s', () => {
  it('whole degrees in a file of one-decimal coordinates are known to one decimal (≈ 14 km), not to 0 (≈ 139 km)', async () => {
    const rows = [
      '6/1/2020,Logan,UT,41.7,-111.8,1',
      '6/1/2020,Brigham City,UT,41.5,-112,1',
      '6/2/2020,Erie,PA,42,-80.1,2',
      '6/3/2020,Buffalo,NY,42.9,-78.9,1',
      '6/4/2020,Albany,NY,42.7,-73.8,1',
      '6/5/2020,Ogden,UT,41.2,-111.9,1',
      '6/6/2020,Provo,UT,40.2,-111.7,1',
    ];
    const precision = await scanCoordinatePrecision(FIRST + rows.join('\n'));
    expect(precision).toEqual({
      latitude: { decimals: 1, widened: [0] },
      longitude: { decimals: 1, widened: [0] },
    });
    expect(totals(await importText(FIRST + rows.join('\n'), 'jn-whole'))).toMatchObject({
      written: 7,
      rejectedRows: 0,
    });
    const sites = (await stored('jn-whole')).rows;
    const erie = sites.find((s) => s.locality === 'Erie');
    const brigham = sites.find((s) => s.locality === 'Brigham City');
    for (const site of [erie, brigham]) {
      expect(site?.coordinate_decimals).toBe(1);
      expect(site?.coordinate_uncertainty_m).toBeGreaterThan(13_000);
      expect(site?.coordinate_uncertainty_m).toBeLessThan(15_000);
    }
    const csv = await csvRows('username=jn-whole');
    expect(csv.find((r) => r.locality === 'Erie')?.coordinateUncertaintyInMeters).toBe(
      String(erie?.coordinate_uncertainty_m),
    );
  });

  it('values typed coarser than their column keep their own precision (GBIF grid points among six decimals)', async () => {
    const precision = await scanCoordinatePrecision(openObservationsCsv('gbif_showy_milkweed_asclepias_speciosa.csv'));
    expect(precision.latitude).toEqual({ decimals: 6, widened: [5] });
    const grid: number[] = [];
    for await (const row of parseSightingsCsv(openObservationsCsv('gbif_showy_milkweed_asclepias_speciosa.csv'), {
      coordinatePrecision: precision,
    }))
      if (
        'record' in row &&
        Number.isInteger(row.record.decimalLatitude) &&
        Number.isInteger(row.record.decimalLongitude)
      )
        grid.push(row.record.coordinateDecimals ?? -1);
    expect(grid.length).toBeGreaterThan(50);
    expect(new Set(grid)).toEqual(new Set([0]));
  });
});

describe('duplicates are the same record or identical content, never proximity alone', () => {
  it('repeated rows of one file are stored once; a re-run adds nothing', async () => {
    const row = '7/1/2020,Rimouski,QC,48.4,-68.5,2';
    const file =
      FIRST + [row, row, ' 7/1/2020 , RIMOUSKI ,QC,48.4,-68.5,2', '7/2/2020,Rimouski,QC,48.4,-68.5,2'].join('\n');
    expect(totals(await importText(file, 'jn-repeats'))).toMatchObject({ written: 2, duplicates: 2 });
    // Again, under another account: every row is a record already stored.
    const again = totals(await importText(file, 'jn-repeats-again'));
    expect([again.written, again.existing + again.duplicates]).toEqual([0, 4]);
  });

  it('two towns the same day with the same count are two reports, at the same rounded point too', async () => {
    // Glassboro NJ and Collingswood NJ, 23 km apart, once merged because "-75" was read as ±0.5°; Marblehead
    // and Swampscott MA share one rounded point. (The rows of the real 2021 file, a year earlier: tests
    // share one database, and identical content would be a duplicate of theirs.)
    const file =
      FIRST +
      [
        '7/27/2020,Collingswood,NJ,39.9,-75,1',
        '7/27/2020,Glassboro,NJ,39.7,-75.1,1',
        '7/6/2020,Marblehead,MA,42.5,-70.9,1',
        '7/6/2020,Swampscott,MA,42.5,-70.9,1',
        '7/6/2020,Swampscott,MA,42.5,-70.9,1',
      ].join('\n');
    expect(totals(await importText(file, 'jn-towns'))).toMatchObject({ written: 4, duplicates: 1 });
    expect((await stored('jn-towns')).rows.map((r) => r.locality).sort()).toEqual([
      'Collingswood',
      'Glassboro',
      'Marblehead',
      'Swampscott',
    ]);
  });

  it('a file imported before the current import rules is found again by its old keys, town by town', async () => {
    const file = FIRST + ['8/1/2020,Marblehead,MA,42.5,-70.9,0', '8/1/2020,Swampscott,MA,42.5,-70.9,0'].join('\n');
    const records: SightingRecord[] = [];
    for await (const row of parseSightingsCsv(file, { coordinatePrecision: await scanCoordinatePrecision(file) }))
      if ('record' in row) records.push(row.record);
    const [marblehead] = records;
    const userId = await ensureUser(ctx.db, {
      username: 'jn-legacy',
      first_name: 'D',
      last_name: 'I',
      role_id: Role.Observer,
    });
    // Stored as the importer stored it before: under its old key (no place name, the count as written: 0),
    // without a content key of the new kind.
    const write = await createSightingWriter(ctx.db);
    expect((await write([{ userId, record: marblehead!, sourceKey: legacyImportKey(marblehead!)! }])).written).toBe(1);
    await ctx.db.execute(sql`UPDATE checklists SET content_key = NULL WHERE user_id = ${userId}`);
    // Swampscott shared Marblehead's old key (same day, point and count): it is imported now.
    expect(totals(await importText(file, 'jn-legacy-again'))).toMatchObject({ written: 1, existing: 1, duplicates: 0 });
    expect((await stored('jn-legacy-again')).rows.map((r) => r.locality)).toEqual(['Swampscott']);
  });

  it('two reports of one observer on one day differ by what they say; the same report under two ids is one', async () => {
    const line = (id: string, comment: string) =>
      `1,${id},2015-07-10,Monarch Egg Sighted,5,45.501,-73.567,0,"${comment}",-999999.999,-999999.999,-999999.999,4242,5.0,0,Monarch Egg Sighted,0`;
    const file =
      SITE +
      [
        line('1436500001', 'Gathered 5 eggs.'),
        line('1436500002', 'Gathered 5 eggs.'),
        line('1436500003', 'Five eggs on the second patch.'),
      ].join('\n');
    expect(totals(await importText(file, 'jn-site-repeats'))).toMatchObject({ written: 2, duplicates: 1 });
  });

  it('a Journey North comment with an email address and a phone number is public without them', async () => {
    const file =
      SITE +
      `2,1436600001,2015-07-11,Monarch Larva (FIRST sighted),0,45.501,-73.567,0,"<P>First larva! Call me at (514) 555-0147 or write to lea&#64;example.org</P>",-999999.999,-999999.999,-999999.999,4243,0.0,0,Monarch Larva (FIRST sighted),0`;
    expect(totals(await importText(file, 'jn-personal'))).toMatchObject({ written: 1 });
    const [row] = await csvRows('username=jn-personal');
    expect(row).toMatchObject({
      occurrenceRemarks: 'First larva! Call me at [phone removed] or write to [email removed]',
      informationWithheld: 'Email addresses and phone numbers removed from the remarks',
      individualCount: '',
      occurrenceStatus: 'present',
    });
    const admin = await signUp(ctx.app);
    await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
    const [raw] = await csvRows('username=jn-personal&exact_positions=1', admin.token);
    expect(raw?.occurrenceRemarks).toBe('First larva! Call me at (514) 555-0147 or write to lea@example.org');
  });
});

describe('npm run import -- --user NAME', () => {
  it('takes an import account or a new name, and refuses a volunteer’s or an admin’s account', async () => {
    const volunteer = await signUp(ctx.app);
    const admin = await signUp(ctx.app);
    await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
    const importer = await ensureUser(ctx.db, {
      username: 'jn-importer',
      first_name: 'Data',
      last_name: 'Import',
      role_id: Role.Observer,
    });
    expect(await importAccount(ctx.db, 'JN-Importer')).toEqual({ userId: importer });
    expect(await importAccount(ctx.db, 'nobody-yet')).toEqual({ missing: true });
    for (const name of [volunteer.username, admin.username]) {
      const answer = await importAccount(ctx.db, name);
      expect('refused' in answer && answer.refused).toContain('not an import account (role Observer)');
    }
  });

  it('the command stops with that message before reading the file', { timeout: 120_000 }, async () => {
    const volunteer = await signUp(ctx.app);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-import-'));
    const file = path.join(dir, 'one.csv');
    await writeFile(file, `${FIRST}5/2/2020,Ottawa,ON,45.4,-75.7,1\n`);
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/import-csv.ts', file, '--user', volunteer.username],
      { cwd: root, env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: dir } },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(failure).toMatchObject({ code: 2 });
    expect('stderr' in failure ? failure.stderr : '').toContain(
      `--user ${volunteer.username}: "${volunteer.username}" is a volunteer's or an administrator's account`,
    );
    const rows = await ctx.db.execute(sql`SELECT 1 FROM checklists WHERE user_id = ${volunteer.userId}`);
    expect(rows.rows).toHaveLength(0);
  });
});

/** Every fixture file: what the issue's "done when" measures, on a database of its own. */
const FILES = [
  'az_monarchs_inat_gbif_2000-2022.csv',
  'gbif_inat_asclepias_speciosa_2020.csv',
  'gbif_showy_milkweed_asclepias_speciosa.csv',
  'journeynorth_milkweed_2002-2020.csv',
  'journeynorth_monarch_adult_first_spring2021.csv',
  'journeynorth_monarch_egg_2007-2020.csv',
  'journeynorth_monarch_larva_first_1999-2020.csv',
];
/** An email address or something written like one, independently of the detector. */
const EMAIL_LIKE = /[\w.+-]+\s?(?:@|\(at\)|\[at\])\s?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i;

describe('a fresh import of every file, downloaded', { timeout: IMPORT_TIMEOUT_MS }, () => {
  let fresh: TestContext;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    fresh = await buildTestApp({}, database.url);
  }, IMPORT_TIMEOUT_MS);
  afterAll(async () => {
    await fresh.close();
    await drop();
  });

  it('holds no email address, no phone number, no absence and no merged town', async () => {
    const userId = await ensureUser(fresh.db, {
      username: 'mm-import',
      first_name: 'Data',
      last_name: 'Import',
      role_id: Role.Observer,
    });
    const perFile: Record<string, Omit<ImportTotals, 'issues'>> = {};
    for (const file of FILES)
      perFile[file] = totals(await importSightings(fresh.db, () => openObservationsCsv(file), { userId }));
    const get = (query: string) =>
      fresh.app.inject({
        method: 'GET',
        url: `/api/observations/download?reason_id=1&include_gbif=true&${query}`,
        remoteAddress: `10.29.3.${++ip}`,
      });
    const csv = await get('format=csv');
    const geojson = await get('format=geojson');
    const dwca = await unzip((await get('format=dwca')).rawPayload);
    // Every cell of every file: the free text (remarks, locality, municipality) must hold no address
    // or number; identifiers and links (`GBIF:2563625405`, `urn:uuid:…`, `https://…`) are not text.
    const tables: Record<string, Record<string, unknown>[]> = {
      'data.csv': parse<Record<string, string>>(csv.body, { columns: true, bom: true }),
      'data.geojson': geojson
        .json<{ features: { properties: Record<string, unknown> }[] }>()
        .features.map((f) => f.properties),
    };
    for (const [name, text] of Object.entries(dwca))
      if (name.endsWith('.txt')) tables[name] = parse(text, { columns: true, delimiter: '\t', quote: false });
    const personal: string[] = [];
    for (const [name, rows] of Object.entries(tables))
      for (const row of rows)
        for (const [column, value] of Object.entries(row)) {
          if (typeof value !== 'string' || /^(urn:|https?:|GBIF:|Journey North:)/.test(value)) continue;
          const { emails, phones } = redactPersonalData(value);
          if (emails + phones > 0) personal.push(`${name} ${column}: ${value.slice(0, 120)}`);
        }
    for (const [name, text] of Object.entries({ 'data.csv': csv.body, 'data.geojson': geojson.body, ...dwca }))
      for (const line of text.split('\n')) if (EMAIL_LIKE.test(line)) personal.push(`${name}: ${line.slice(0, 120)}`);
    const table = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    const occurrences = parse<Record<string, string>>(dwca['occurrence.txt'] ?? '', {
      columns: true,
      delimiter: '\t',
      quote: false,
    });
    const features = geojson.json<{ features: { properties: Record<string, unknown> }[] }>().features;
    const figures = {
      written: Object.values(perFile).reduce((n, t) => n + t.written, 0),
      duplicates: Object.values(perFile).reduce((n, t) => n + t.existing + t.duplicates, 0),
      rejected: Object.values(perFile).reduce((n, t) => n + t.rejectedRows, 0),
      csvRows: table.length,
      absences: {
        csv: table.filter((r) => r.occurrenceStatus === 'absent').length,
        geojson: features.filter((f) => f.properties.occurrenceStatus === 'absent').length,
        dwca: occurrences.filter((o) => o.occurrenceStatus === 'absent').length,
      },
      withheld: table.filter((r) => (r.informationWithheld ?? '').includes('Email addresses and phone numbers')).length,
      personal: personal.length,
    };
    console.log(JSON.stringify({ perFile, figures }, null, 2));
    expect(personal).toEqual([]);
    expect(figures.absences).toEqual({ csv: 0, geojson: 0, dwca: 0 });
    expect(figures.withheld).toBe(4);
    expect(table).toHaveLength(figures.written);
    // Glassboro NJ, once merged into Collingswood 23 km away, is its own record.
    expect(
      table.filter((r) => r.eventDate === '2021-07-27' && ['Glassboro', 'Collingswood'].includes(r.locality ?? '')),
    ).toHaveLength(2);
    const adults = perFile['journeynorth_monarch_adult_first_spring2021.csv'];
    expect((adults?.existing ?? 0) + (adults?.duplicates ?? 0)).toBe(262);
  });
});
