import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationListResponse } from '@mm/shared';
import { ensureUser } from '../src/cli/common';
import { createSightingWriter, importSightings, importSourceKey } from '../src/modules/imports/import.service';
import type { SightingRecord } from '../src/modules/imports/sightings-csv';
import { buildTestApp, openObservationsCsv, unzip, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
/** Whole fixture files go through the importer: generous time on a loaded machine (not a speed check). */
const IMPORT_TIMEOUT_MS = 300_000;
const BY_NC = 'http://creativecommons.org/licenses/by-nc/4.0/legalcode';
let ip = 0;
/** Each download from its own address: downloads are limited per IP across test files. */
const download = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?reason_id=1&${query}`,
    remoteAddress: `10.18.2.${++ip}`,
    headers,
  });
const csvRows = async (query: string, headers: Record<string, string> = {}) => {
  const res = await download(`format=csv&${query}`, headers);
  expect(res.statusCode).toBe(200);
  return parse<Record<string, string>>(res.body, { columns: true, bom: true });
};
/** A tab-separated archive file as objects (no quoting: the writer turns tabs and breaks into spaces). */
const tsv = (text: string) => {
  const [head = '', ...lines] = text.split('\n').filter((l) => l !== '');
  const names = head.split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i] ?? '', v])));
};
const archive = async (query: string) => {
  const res = await download(`format=dwca&${query}`);
  expect(res.statusCode).toBe(200);
  const files = await unzip(res.rawPayload);
  return {
    events: tsv(files['event.txt'] ?? ''),
    occurrences: tsv(files['occurrence.txt'] ?? ''),
    eml: files['eml.xml'] ?? '',
  };
};
const importFile = async (file: string, username: string) => {
  const userId = await ensureUser(ctx.db, { username, first_name: 'Data', last_name: 'Import' });
  const { issues: _issues, ...totals } = await importSightings(ctx.db, openObservationsCsv(file), { userId });
  return totals;
};

describe('provenance of imported records', { timeout: IMPORT_TIMEOUT_MS }, () => {
  it('keeps the licence, observer, link, id and basis of record of GBIF/iNaturalist records', async () => {
    const totals = await importFile('gbif_inat_asclepias_speciosa_2020.csv', 'prov-inat');
    // 2 rows have no coordinates; 2 repeat another row's whole content (observer, date, place, remarks)
    // under a new gbifID. 4 more share observer, date and point but not their remarks or place name:
    // distinct records.
    expect(totals).toEqual({ written: 496, existing: 0, duplicates: 2, rejectedRows: 2, partialDates: 0 });
    const stored = await ctx.db.execute<Record<string, unknown>>(sql`
      SELECT c.submittype_id, c.license, c.source_dataset, c.source_institution, c.source_record_id, c.source_url,
             c.from_gbif, c.recorded_by, o.license AS observation_license, o.source_basis_of_record,
             s.coordinate_uncertainty_m
      FROM checklists c JOIN observations o USING (checklist_id) JOIN sites s ON s.site_id = c.site_id
      WHERE c.source_record_id = '2563625405'`);
    expect(stored.rows).toEqual([
      {
        submittype_id: 4, // Batch Upload
        license: 'CC-BY-NC-4.0',
        source_dataset: 'iNaturalist research-grade observations',
        source_institution: 'iNaturalist',
        source_record_id: '2563625405',
        source_url: 'https://www.inaturalist.org/observations/38046457',
        from_gbif: true,
        recorded_by: 'Ken Chamberlain',
        observation_license: 'CC-BY-NC-4.0',
        source_basis_of_record: 'HumanObservation',
        coordinate_uncertainty_m: 6,
      },
    ]);

    const rows = await csvRows('username=prov-inat', { Language: 'fr' });
    expect(rows).toHaveLength(496);
    // Never the importing account, never relicensed as CC BY 4.0 when the source says CC BY-NC.
    expect(rows.some((r) => r.recordedBy === 'prov-inat' || r.rightsHolder === 'prov-inat')).toBe(false);
    // Each record keeps the licence its source row states (the fixture's `license` column, by gbifID).
    const source = parse<Record<string, string>>(
      await text(openObservationsCsv('gbif_inat_asclepias_speciosa_2020.csv')),
      {
        columns: true,
      },
    );
    const licenseOf = new Map(source.map((r) => [`GBIF:${r.gbifID}`, r.license]));
    expect(rows.filter((r) => r.license !== licenseOf.get(r.otherCatalogNumbers ?? ''))).toEqual([]);
    expect(rows.filter((r) => r.license === BY_NC)).toHaveLength(454);
    expect(rows.find((r) => r.otherCatalogNumbers === 'GBIF:2563625405')).toMatchObject({
      references: 'https://www.inaturalist.org/observations/38046457',
      recordedBy: 'Ken Chamberlain',
      institutionCode: 'iNaturalist',
      datasetName: 'iNaturalist research-grade observations',
      basisOfRecord: 'HumanObservation',
      license: BY_NC,
      coordinateUncertaintyInMeters: '6',
      scientificName: 'Asclepias speciosa',
      scientificNameAuthorship: 'Torr.',
      taxonRank: 'species',
      taxonID: 'https://www.gbif.org/species/3170260',
      // The common name in the requester's language beside the Latin one.
      vernacularName: 'Asclépiade remarquable',
      samplingProtocol: '',
    });
    expect(rows.every((r) => (r.occurrenceRemarks ?? '').includes('as published through GBIF'))).toBe(true);
  });

  it('leaves GBIF-sourced records out of the DwC-A unless asked, then marks them; the EML states the sources', async () => {
    const plain = await archive('username=prov-inat');
    expect([plain.events.length, plain.occurrences.length]).toEqual([0, 0]);
    expect(plain.eml).toContain('Records imported from GBIF or a GBIF publisher (such as iNaturalist) are left out');

    const full = await archive('username=prov-inat&include_gbif=true');
    expect([full.events.length, full.occurrences.length]).toEqual([496, 496]);
    const occurrence = full.occurrences.find((o) => o.otherCatalogNumbers === 'GBIF:2563625405');
    expect(occurrence).toMatchObject({
      datasetName: 'iNaturalist research-grade observations',
      institutionCode: 'iNaturalist',
      recordedBy: 'Ken Chamberlain',
      license: BY_NC,
      references: 'https://www.inaturalist.org/observations/38046457',
    });
    expect(occurrence?.occurrenceRemarks).toContain('not recorded through Mission Monarch');
    const event = full.events.find((e) => e.references === occurrence?.references);
    expect(event?.eventRemarks).toContain('as published through GBIF');
    // Not collected with the Mission Monarch protocol: none is claimed.
    expect(event?.samplingProtocol).toBe('');
    // 9 rows of the download name no dataset: they stay "GBIF occurrence download".
    expect(full.eml).toContain(
      'GBIF occurrence download (via GBIF): 9 occurrences; iNaturalist research-grade observations (via GBIF): 487 occurrences',
    );
    expect(full.eml).toContain('Mission Monarch volunteers: 0 occurrences');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-eml-'));
    await writeFile(path.join(dir, 'eml.xml'), full.eml);
    const emlXsd = path.resolve(import.meta.dirname, '../../../fixtures/standards/eml-2.2.0/eml.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', emlXsd, path.join(dir, 'eml.xml')], { stdio: 'pipe' }),
    ).not.toThrow();
    // The abstract does not claim the volunteers recorded imported data.
    expect(full.eml).not.toContain('Records were submitted by volunteers');
    expect(full.eml).toContain('496 occurrences were not recorded through Mission Monarch');
  });

  it('deduplicates on the source record id whatever the file name or importing user', async () => {
    const first = await importFile('journeynorth_monarch_egg_2007-2020.csv', 'prov-jn-a');
    // 32 rows repeat another row's whole content (date, count, observer, point, comment, photo link)
    // under a new Journey North id; 80 more share date, count, observer and point but say something
    // else: distinct reports. 4 reports at "32.0, -117.0" (whole degrees typed, read to one
    // decimal: ±0.05°) lie in the Pacific off Baja California: reported, not stored.
    expect(first).toEqual({ written: 8700, existing: 0, duplicates: 32, rejectedRows: 4, partialDates: 0 });
    const again = await importFile('journeynorth_monarch_egg_2007-2020.csv', 'prov-jn-b');
    expect(again).toEqual({ written: 0, existing: 8700, duplicates: 32, rejectedRows: 4, partialDates: 0 });
  });

  it('exports imported comments, observer and licence of Journey North records', async () => {
    const rows = await csvRows('username=prov-jn-a');
    const row = rows.find((r) => r.otherCatalogNumbers === 'Journey North:1344034477');
    expect(row).toMatchObject({
      occurrenceRemarks: "Collected 2 eggs today, feel as if I'm off to a slow start.",
      recordedBy: 'Journey North participant 9940596',
      datasetName: 'Journey North',
      institutionCode: 'Journey North',
      license: BY_NC,
      eventDate: '2012-08-02',
      lifeStage: 'egg',
    });
    expect(rows.filter((r) => r.occurrenceRemarks !== '').length).toBeGreaterThan(8600);
    // Journey North is not a GBIF publisher: its records stay in the archive, comments included.
    const dwca = await archive('username=prov-jn-a&date_from=2012-08-02&date_to=2012-08-02');
    const occurrence = dwca.occurrences.find((o) => o.otherCatalogNumbers === 'Journey North:1344034477');
    expect(occurrence?.occurrenceRemarks).toBe("Collected 2 eggs today, feel as if I'm off to a slow start.");
    expect(occurrence?.recordedBy).toBe('Journey North participant 9940596');
  });

  it('deduplicates on content inside one file (iNaturalist rows GBIF also holds) and across users', async () => {
    const first = await importFile('az_monarchs_inat_gbif_2000-2022.csv', 'prov-az-a');
    // 757 of the 1,985 placed rows repeat another (GBIF's copies of iNaturalist records, exact repeats):
    // `existing` counts those whose exact row an earlier batch of the same file had already stored.
    expect(first).toMatchObject({ written: 1228, rejectedRows: 15, partialDates: 0 });
    expect(first.existing + first.duplicates).toBe(757);
    const again = await importFile('az_monarchs_inat_gbif_2000-2022.csv', 'prov-az-b');
    expect(again.written).toBe(0);
    expect(again.existing + again.duplicates).toBe(1985);
  });

  it('keeps dates known to the month or year and filters them by their whole period', async () => {
    const totals = await importFile('gbif_showy_milkweed_asclepias_speciosa.csv', 'prov-showy');
    // 55 rows are dated to the month or year only; one of them lies outside its state.
    expect(totals.partialDates).toBe(54);
    const rows = await csvRows('username=prov-showy&date_from=1968-01-01&date_to=1968-12-31');
    expect(rows.filter((r) => r.eventDate === '1968-08').length).toBeGreaterThan(0);
    const total = async (query: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/observations?username=prov-showy&${query}` })
      ).json<ObservationListResponse>().paginator.total;
    const august = await total('date_from=1968-08-01&date_to=1968-08-31');
    // A record of "August 1968" is not "on or before 15 August 1968".
    expect(await total('date_from=1968-08-01&date_to=1968-08-15')).toBeLessThan(august);
  });

  it('reports the Saint-Pierre-et-Miquelon sighting as outside the three countries, never in Newfoundland', async () => {
    const userId = await ensureUser(ctx.db, { username: 'prov-spm', first_name: 'Data', last_name: 'Import' });
    const write = await createSightingWriter(ctx.db);
    const record = (provinceCode: string | null): SightingRecord => ({
      eventDate: '2021-06-20',
      decimalLatitude: 46.8,
      decimalLongitude: -56.2,
      kind: 'monarch',
      lifestage_id: 1,
      individualCount: 1,
      locality: 'Miquelon',
      provinceCode,
      remarks: `code ${provinceCode}`,
      sourceRecordId: null,
      scientificName: 'Danaus plexippus',
    });
    const batch = [record(null), record('NL')].map((r) => ({ userId, record: r, sourceKey: importSourceKey(r) }));
    const result = await write(batch);
    expect(result.written).toBe(0);
    expect(result.rejected.map((r) => [r.field, r.message])).toEqual([
      ['location', 'point 46.8, -56.2 lies outside Canada, the United States and Mexico.'],
      ['location', 'point 46.8, -56.2 lies outside Canada, the United States and Mexico.'],
    ]);
  });
});
