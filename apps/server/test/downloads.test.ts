import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ADMIN_ROLE_ID,
  downloadQuerySchema,
  type ApiError,
  type LoadParams,
  type ObservationListResponse,
  type UploadPhotoResponse,
} from '@mm/shared';

/** A GeoJSON download as this test reads it. */
interface FeatureCollection {
  type: string;
  features: { geometry: unknown; properties: Record<string, unknown> & { eventID: string } }[];
}
import { DWC_COLUMNS, type DwcColumn } from '../src/modules/downloads/darwin-core';
import { createDownloadTickets } from '../src/modules/downloads/download-tickets';
import { downloadsRepository } from '../src/modules/downloads/downloads.repository';
import { fillPublicText } from '../src/db/public-text';
import { buildTestApp, multipart, photosDir, signUp, type TestContext, unzip, submitFlash } from './helpers';

const dwcTextXsd = path.resolve(import.meta.dirname, '../../../fixtures/standards/tdwg_dwc_text.xsd');
/** EML 2.2.0, the schema set GBIF serves at rs.gbif.org/schema/eml-2.2.0/ (imports resolved locally). */
const emlXsd = path.resolve(import.meta.dirname, '../../../fixtures/standards/eml-2.2.0/eml.xsd');

let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let qc: number;
let syriaca: number;
const ids: Record<string, number> = {};
/** `urn:uuid:…` eventID of a checklist. */
const eventIds: Record<string, string> = {};

async function flash(
  name: string,
  date: string,
  counts: Partial<Record<'adults' | 'eggs' | 'caterpillars' | 'chrysalises', number>>,
  extra: Record<string, unknown> = {},
) {
  const place = { locality: 'Parc Jarry', city: 'Montréal', province_id: qc, latitude: 45.5339, longitude: -73.6281 };
  ids[name] = await submitFlash(ctx.app, volunteer.token, { checklist_date: date, ...place, ...counts, ...extra });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;

  const body = multipart(
    'genoa_nikon_d3100_gps.jpg',
    await readFile(path.join(photosDir, 'genoa_nikon_d3100_gps.jpg')),
  );
  const photo = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...body.headers, Authorization: volunteer.token },
      payload: body.payload,
    })
  ).json<UploadPhotoResponse>();
  await flash(
    'jarry',
    '2026-06-02',
    { adults: 2, eggs: 5 },
    {
      milkweed_id: syriaca,
      start_time: '09:30',
      end_time: '10:45',
      photos: [{ photo_name: photo.photo_name, lifestage_id: 1 }],
    },
  );
  await flash('august', '2026-08-11', { caterpillars: 3 }, { locality: 'Champ des Possibles', comment: 'x' });
  // The API refuses tabs and line breaks in a locality; older or imported rows may hold them,
  // and the exports must still escape them.
  await ctx.db.execute(
    sql`UPDATE sites SET locality = ${'Champ\tdes\nPossibles'} FROM checklists c WHERE c.site_id = sites.site_id AND c.checklist_id = ${ids.august}`,
  );
  // Written past the app, the locality has no public text until it is computed.
  await fillPublicText(ctx.db);
  const mission = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: volunteer.token },
    payload: {
      idempotency_key: randomUUID(),
      site: {
        locality: '=Champ des Possibles',
        city: 'Montréal',
        province_id: qc,
        latitude: 45.5292,
        longitude: -73.5981,
      },
      checklist: { checklist_date: '2026-07-20', start_time: '09:00', end_time: '10:00', participants: 2 },
      observation: {
        stems_inspected: 40,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 4,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(mission.statusCode).toBe(201);
  ids.mission = mission.json<{ checklist_id: number }>().checklist_id;
  await flash('invalid', '2026-08-12', { adults: 7 });
  await flash('deleted', '2026-08-13', { adults: 8 });
  await flash('test', '2026-08-14', { adults: 9 });
  // Invalid (5), Deleted (3) and Test (6) must never reach the public.
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${ids.invalid}`);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 3 WHERE checklist_id = ${ids.deleted}`);
  await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 6 WHERE checklist_id = ${ids.test}`);
  const uuids = await ctx.db.execute<{ checklist_id: number; uuid: string }>(
    sql`SELECT checklist_id, uuid FROM checklists WHERE user_id = ${volunteer.userId}`,
  );
  for (const [name, id] of Object.entries(ids))
    eventIds[name] = `urn:uuid:${uuids.rows.find((r) => r.checklist_id === id)?.uuid}`;
});
afterAll(() => ctx.close());

const mine = () => `username=${volunteer.username}`;
const download = (query: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: `/api/observations/download?${query}`, headers, remoteAddress });
/** Downloads from an address of their own: the per-IP download limit (30 a minute) is shared by the whole file. */
const downloadFrom =
  (remoteAddress: string) =>
  (query: string, headers: Record<string, string> = {}) =>
    download(query, headers, remoteAddress);
const listTotal = async (query: string, token = '') =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/observations?${query}`, headers: { Authorization: token } })
  ).json<ObservationListResponse>().paginator.total;
const csvRows = (text: string) => parse<Record<DwcColumn, string>>(text, { columns: true, bom: true });
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/observations/download', () => {
  it('requires a reason: "Reason is required." on the reason field, translated', async () => {
    const none = await download(`format=csv&${mine()}`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      statusCode: 400,
      message: 'Reason is required.',
      fields: { reason: 'Reason is required.' },
    });
    expect((await download(`format=csv&reason_text=%20%20`)).json<ApiError>().fields?.reason).toBe(
      'Reason is required.',
    );
    expect((await download('format=csv', { Language: 'fr' })).json<ApiError>().fields?.reason).toBe(
      'La raison est obligatoire.',
    );
    expect((await download('format=csv', { Language: 'es' })).json<ApiError>().fields?.reason).toBe(
      'El motivo es obligatorio.',
    );
    const unknown = await download('format=csv&reason_id=9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().fields?.reason).toBe('Reason: this choice does not exist.');
    expect((await download(`format=csv&reason_text=${'a'.repeat(501)}`)).json<ApiError>().fields?.reason_text).toBe(
      'Maximum allowed characters are 500',
    );
    expect((await download('format=xls&reason_id=1')).statusCode).toBe(400);
    const counted = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM downloads WHERE reason_id = 9999`,
    );
    expect(counted.rows[0]?.n).toBe(0);
  });

  it('streams a CSV with the Darwin Core header and one row per observation Explore shows', async () => {
    const res = await download(`format=csv&reason_id=1&${mine()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mission-monarch-observations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // UTF-8 with a byte-order mark, so that Excel shows "Québec" in every language.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\r\n')[0]).toBe(`\ufeff${DWC_COLUMNS.join(',')}`);
    const rows = csvRows(res.body);
    expect(rows).toHaveLength(await listTotal(mine()));
    expect(rows).toHaveLength(5); // jarry adults + eggs, august caterpillars, mission milkweed + eggs

    const adults = rows.find((r) => r.lifeStage === 'adult' && r.eventID === eventIds.jarry);
    expect(adults).toMatchObject({
      eventDate: '2026-06-02',
      eventTime: '09:30/10:45',
      decimalLatitude: '45.5339',
      decimalLongitude: '-73.6281',
      geodeticDatum: 'WGS84',
      countryCode: 'CA',
      stateProvince: 'Québec',
      municipality: 'Montréal',
      locality: 'Parc Jarry',
      scientificName: 'Danaus plexippus',
      individualCount: '2',
      occurrenceStatus: 'present',
      basisOfRecord: 'HumanObservation',
      recordedBy: volunteer.username,
      associatedTaxa: '"on":"Asclepias syriaca"',
      identificationVerificationStatus: 'Pending',
      samplingProtocol:
        'Mission Monarch Flash Data (incidental sighting) http://localhost:80/mmapp/en/content/what-is-a-mission',
      taxonRank: 'species',
      scientificNameAuthorship: '(Linnaeus, 1758)',
      taxonID: 'https://www.gbif.org/species/5133088',
      vernacularName: 'Monarch',
      license: 'http://creativecommons.org/licenses/by/4.0/legalcode',
      rightsHolder: volunteer.username,
      institutionCode: 'Espace pour la vie',
      datasetName: 'Mission Monarch',
      // Without PUBLIC_URL every link takes the request's origin (app.inject's Host is localhost:80).
      references: `http://localhost:80/mmapp/en/checklists/view?id=${ids.jarry}`,
    });
    expect(adults?.occurrenceID).toMatch(UUID_URN);
    expect(adults?.eventID).toMatch(UUID_URN);
    expect(adults?.associatedMedia).toMatch(/^http:\/\/localhost:80\/attachments\/observations\/large\/[\w-]+\.jpg$/);

    const milkweed = rows.find((r) => r.eventID === eventIds.mission && r.lifeStage === '');
    expect(milkweed).toMatchObject({
      scientificName: 'Asclepias syriaca',
      scientificNameAuthorship: 'L.',
      taxonRank: 'species',
      vernacularName: 'Common milkweed',
      kingdom: 'Plantae',
      individualCount: '',
      // The Mission's only milkweed: its 40 stems inspected.
      organismQuantity: '40',
      organismQuantityType: 'stems',
      sampleSizeValue: '40',
      sampleSizeUnit: 'milkweed stems inspected',
      occurrenceRemarks: 'abundance: Dotted (1-10/m2); location size: Rare (less than 1/m2)',
      associatedTaxa: '',
    });
    expect(milkweed?.samplingProtocol).toMatch(
      /^Mission Monarch Mission \(milkweed survey\) http:\/\/localhost:80\/mmapp\/en\/content\/what-is-a-mission$/,
    );
    // A cell that a spreadsheet would run as a formula is escaped.
    expect(milkweed?.locality).toBe("'=Champ des Possibles");
    // Values keep their line breaks inside RFC 4180 quotes.
    expect(rows.find((r) => r.lifeStage === 'larva')?.locality).toBe('Champ\tdes\nPossibles');
    // The comment of a sighting is its occurrenceRemarks.
    expect(rows.find((r) => r.lifeStage === 'larva')?.occurrenceRemarks).toBe('x');
  });

  it("names the milkweed in the requester's language beside its Latin name", async () => {
    const names = async (language: string) =>
      csvRows((await download(`format=csv&reason_id=1&${mine()}&kind=mission`, { Language: language })).body)
        .filter((r) => r.kingdom === 'Plantae')
        .map((r) => [r.scientificName, r.vernacularName]);
    expect(await names('fr')).toEqual([['Asclepias syriaca', 'Asclépiade commune']]);
    expect(await names('es')).toEqual([['Asclepias syriaca', expect.stringMatching(/^Algodoncillo/)]]);
  });

  it("keeps each record's id in every export and across downloads", async () => {
    const csv = csvRows((await download(`format=csv&reason_id=1&${mine()}`)).body);
    const again = csvRows((await download(`format=csv&reason_id=2&${mine()}`)).body);
    const geo = JSON.parse((await download(`format=geojson&reason_id=1&${mine()}`)).body) as {
      features: { id: string; properties: { eventID: string } }[];
    };
    const archive = await unzip((await download(`format=dwca&reason_id=1&${mine()}`)).rawPayload);
    const occurrenceIds = csv.map((r) => r.occurrenceID).sort();
    expect(again.map((r) => r.occurrenceID).sort()).toEqual(occurrenceIds);
    expect(geo.features.map((f) => f.id).sort()).toEqual(occurrenceIds);
    for (const id of occurrenceIds) expect(archive['occurrence.txt']).toContain(`\t${id}\t`);
    for (const r of csv) expect(archive['event.txt']).toContain(`${r.eventID}\t`);
    // They are the UUIDs stored on the rows.
    const stored = await ctx.db.execute<{ uuid: string }>(
      sql`SELECT uuid FROM observations WHERE checklist_id = ${ids.jarry}`,
    );
    expect(stored.rows).toHaveLength(2);
    for (const r of stored.rows) expect(occurrenceIds).toContain(`urn:uuid:${r.uuid}`);
  });

  it('applies the Explore filters', async () => {
    for (const filter of [
      'lifestage_id=1',
      'lifestage_id=2',
      'date_from=2026-07-01&date_to=2026-08-31',
      'kind=mission',
      'with_photos=1',
    ]) {
      const rows = csvRows((await download(`format=csv&reason_text=Teaching&${mine()}&${filter}`)).body);
      expect(rows.length, filter).toBe(await listTotal(`${mine()}&${filter}`));
    }
    expect(
      csvRows((await download(`format=csv&reason_id=2&${mine()}&lifestage_id=2`)).body)
        .map((r) => r.individualCount)
        .sort(),
    ).toEqual(['4', '5']);
    const bad = await download(`format=csv&reason_id=2&date_from=2026-09-01&date_to=2026-08-01`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiError>().fields ?? {})).toEqual(['date_to']);
  });

  it('never lets Deleted, Invalid or Test observations out, except to an admin', async () => {
    const hidden = [eventIds.invalid, eventIds.deleted, eventIds.test];
    const publicRows = csvRows((await download(`format=csv&reason_id=1&${mine()}`)).body);
    expect(publicRows.filter((r) => hidden.includes(r.eventID))).toEqual([]);
    const asOwner = csvRows(
      (await download(`format=csv&reason_id=1&${mine()}`, { Authorization: volunteer.token })).body,
    );
    expect(asOwner).toHaveLength(5);
    expect(csvRows((await download(`format=csv&reason_id=1&${mine()}&status=5`)).body)).toEqual([]);
    const asAdmin = csvRows((await download(`format=csv&reason_id=1&${mine()}`, { Authorization: admin.token })).body);
    expect(asAdmin).toHaveLength(8);
    expect(
      asAdmin
        .filter((r) => hidden.includes(r.eventID))
        .map((r) => r.identificationVerificationStatus)
        .sort(),
    ).toEqual(['Deleted', 'Invalid', 'Test']);
  });

  it('downloads the statuses the requester chose, each record saying its own status', async () => {
    const download = downloadFrom('10.9.0.3');
    const statusOf = (rows: Record<DwcColumn, string>[]) =>
      Object.fromEntries(
        [...new Set(rows.map((r) => r.eventID))].map((e) => [
          e,
          [...new Set(rows.filter((r) => r.eventID === e).map((r) => r.identificationVerificationStatus))],
        ]),
      );
    const publicDefault = csvRows((await download(`format=csv&reason_id=1&${mine()}`)).body);
    const publicChosen = csvRows((await download(`format=csv&reason_id=1&${mine()}&statuses=4,2,1`)).body);
    expect(publicChosen).toEqual(publicDefault);
    // Only Pending rows exist among the public ones: choosing Vetted and Valid alone gives nothing.
    expect(csvRows((await download(`format=csv&reason_id=1&${mine()}&statuses=2,4`)).body)).toEqual([]);

    const hidden = await download(`format=csv&reason_id=1&${mine()}&statuses=5,6`, { Authorization: admin.token });
    expect(statusOf(csvRows(hidden.body))).toEqual({
      [eventIds.invalid!]: ['Invalid'],
      [eventIds.test!]: ['Test'],
    });
    const logged = await ctx.db.execute<{ filters: { statuses?: number[] } }>(
      sql`SELECT filters FROM downloads WHERE uuid = ${String(hidden.headers['x-download-id'])}::uuid`,
    );
    expect(logged.rows[0]?.filters.statuses).toEqual([5, 6]);

    // The archive's occurrences (absences included) carry their record's status too.
    const archive = await unzip(
      (await download(`format=dwca&reason_id=1&${mine()}&statuses=1,3`, { Authorization: admin.token })).rawPayload,
    );
    const lines = archive['occurrence.txt']!.split('\n').filter((l) => l !== '');
    const column = lines[0]!.split('\t').indexOf('identificationVerificationStatus');
    const byEvent = new Map<string, Set<string>>();
    for (const line of lines.slice(1)) {
      const cells = line.split('\t');
      byEvent.set(cells[0]!, (byEvent.get(cells[0]!) ?? new Set()).add(cells[column]!));
    }
    expect(Object.fromEntries([...byEvent].map(([e, s]) => [e, [...s]]))).toEqual({
      [eventIds.jarry!]: ['Pending'],
      [eventIds.august!]: ['Pending'],
      [eventIds.mission!]: ['Pending'],
      [eventIds.deleted!]: ['Deleted'],
    });
  });

  it('refuses a status list that is malformed, repeats a status or holds one the requester may not see', async () => {
    const download = downloadFrom('10.9.0.4');
    for (const [statuses, token] of [
      ['5', ''],
      ['1,3', volunteer.token],
      ['1,1', admin.token],
      ['7', admin.token],
      ['pending', ''],
      ['', ''],
    ] as const) {
      const res = await download(`format=csv&reason_id=1&${mine()}&statuses=${statuses}`, {
        Authorization: token,
        Language: 'fr',
      });
      expect(res.statusCode, statuses).toBe(400);
      expect(res.json<ApiError>().fields?.statuses, statuses).toMatch(/^Les statuts ne sont pas valides\.$/);
    }
  });

  it('writes GeoJSON: a FeatureCollection of [longitude, latitude] points, empty when nothing matches', async () => {
    const res = await download(`format=geojson&reason_id=3&${mine()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/\.geojson"$/);
    const collection = JSON.parse(res.body) as FeatureCollection;
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(await listTotal(mine()));
    const feature = collection.features.find((f) => f.properties.eventID === eventIds.jarry)!;
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [-73.6281, 45.5339] });
    expect(feature.properties).toMatchObject({
      decimalLatitude: 45.5339,
      geodeticDatum: 'WGS84',
      scientificName: 'Danaus plexippus',
    });
    expect(Object.keys(feature.properties)).toEqual([...DWC_COLUMNS]);
    expect(JSON.parse((await download(`format=geojson&reason_id=3&${mine()}&status=6`)).body)).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
  });

  it('builds a sampling-event Darwin Core Archive whose meta.xml and eml.xml validate against their schemas', async () => {
    const res = await download(`format=dwca&reason_id=1&${mine()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mission-monarch-observations-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'citation.txt',
      'eml.xml',
      'event.txt',
      'meta.xml',
      'multimedia.txt',
      'occurrence.txt',
      'rights.txt',
    ]);
    for (const name of ['event.txt', 'occurrence.txt', 'multimedia.txt']) {
      const lines = files[name]!.split('\n').filter((l) => l !== '');
      const width = lines[0]!.split('\t').length;
      for (const line of lines) expect(line.split('\t'), name).toHaveLength(width);
    }
    expect(files['event.txt']).toContain('\tChamp des Possibles\t');

    const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-dwca-'));
    await writeFile(path.join(dir, 'meta.xml'), files['meta.xml']!);
    await writeFile(path.join(dir, 'eml.xml'), files['eml.xml']!);
    // The TDWG text schema's two xs:import lines point at remote schemas the meta.xml elements do not use.
    const xsd = (await readFile(dwcTextXsd, 'utf8'))
      .replace(/<xs:import\b[^>]*\/>/g, '')
      .replace(/<xs:import\b[^>]*>[\s\S]*?<\/xs:import>/g, '');
    await writeFile(path.join(dir, 'dwc_text.xsd'), xsd);
    const lint = (args: string[], file: string) =>
      execFileSync('xmllint', ['--noout', ...args, path.join(dir, file)], { stdio: 'pipe' }).toString();
    expect(() => lint(['--schema', path.join(dir, 'dwc_text.xsd')], 'meta.xml')).not.toThrow();
    expect(() => lint(['--schema', emlXsd], 'eml.xml')).not.toThrow();
    expect(files['meta.xml']).toContain('<core encoding="UTF-8"');
    expect(files['meta.xml']).toContain('rowType="http://rs.tdwg.org/dwc/terms/Event"');
    expect(files['meta.xml']).toContain('rowType="http://rs.tdwg.org/dwc/terms/Occurrence"');
    expect(files['meta.xml']).toContain('rowType="http://rs.gbif.org/terms/1.0/Multimedia"');
    expect(files['eml.xml']).toContain('<organizationName>Espace pour la vie</organizationName>');
    expect(files['eml.xml']).toContain('creativecommons.org/licenses/by/4.0');
  });

  it('logs every download with user, reason, filters, format and the row count', async () => {
    const reasonText = `Thesis ${randomUUID()}`;
    await download(
      `format=geojson&reason_id=1&reason_text=${encodeURIComponent(reasonText)}&${mine()}&lifestage_id=2`,
      { Authorization: volunteer.token },
    );
    const signedIn = await ctx.db.execute(
      sql`SELECT user_id, reason_id, reason_text, filters, format, rows, finished IS NOT NULL AS finished FROM downloads WHERE reason_text = ${reasonText}`,
    );
    expect(signedIn.rows).toEqual([
      {
        user_id: volunteer.userId,
        reason_id: 1,
        reason_text: reasonText,
        filters: { username: volunteer.username, lifestage_id: 2 },
        format: 'geojson',
        rows: 2,
        finished: true,
      },
    ]);

    const anonymousText = `Curious ${randomUUID()}`;
    await download(`format=dwca&reason_text=${encodeURIComponent(anonymousText)}&${mine()}`);
    const anonymous = await ctx.db.execute(
      sql`SELECT user_id, reason_id, format, rows FROM downloads WHERE reason_text = ${anonymousText}`,
    );
    // An archive counts its occurrences: the 5 stored and the Mission's 3 absent life stages.
    expect(anonymous.rows).toEqual([{ user_id: null, reason_id: null, format: 'dwca', rows: 8 }]);
  });

  it('is described in the OpenAPI document with its query parameters', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    }>();
    const names = doc.paths['/api/observations/download']?.get.parameters.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'format',
        'reason_id',
        'reason_text',
        'date_from',
        'lifestage_id',
        'with_photos',
        'status',
        'statuses',
      ]),
    );
  });

  it('answers 503 while four downloads are already running, and serves again once a slot is free', async () => {
    // Hold the downloads log table so that four downloads stay running (each waits to log itself).
    const holder = new pg.Client({ connectionString: inject('databaseUrl') });
    const download = (q: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/api/observations/download?${q}`, headers, remoteAddress: '10.9.0.2' });
    await holder.connect();
    let running: Promise<{ statusCode: number }>[];
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE downloads IN ACCESS EXCLUSIVE MODE');
      running = [1, 2, 3, 4].map((n) => download(`format=csv&reason_text=cap+${n}&${mine()}`));
      const waiting = `SELECT pid FROM pg_locks WHERE relation = 'downloads'::regclass AND NOT granted`;
      await expect.poll(async () => (await holder.query(waiting)).rowCount).toBe(4);
      const fifth = await download(`format=csv&reason_text=cap+5&${mine()}`, { 'Accept-Language': 'fr' });
      expect(fifth.statusCode).toBe(503);
      expect(fifth.headers['content-disposition']).toBeUndefined();
      expect(fifth.json<ApiError>().statusCode).toBe(503);
      expect(fifth.json<ApiError>().message).toEqual(expect.any(String));
      // End the four (their connections are cut: the test pool is too small for four streams and
      // their log updates at once); each gives its slot back.
      await holder.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) w`);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // A terminated connection is the database going away: 503 with Retry-After, not 500.
    const ended = (await Promise.all(running)) as { statusCode: number; headers: Record<string, unknown> }[];
    expect(ended.map((r) => [r.statusCode, r.headers['retry-after']])).toEqual(Array(4).fill([503, '5']));
    const after = await download(`format=csv&reason_text=cap+6&${mine()}`);
    expect(after.statusCode).toBe(200);
    expect(after.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1 + (await listTotal(mine())));
  });

  it('lets an admin download every status from a browser link with a single-use ticket bound to the download', async () => {
    const query = { format: 'csv', reason_text: `Audit ${randomUUID()}`, username: volunteer.username };
    const qs = new URLSearchParams(query).toString();
    // From an address of its own: the download route allows 30 requests a minute per address.
    const download = (q: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/observations/download?${q}`, remoteAddress: '10.9.0.1' });
    const ticketFor = (token: string, body: Record<string, string> = query) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/observations/download/ticket',
        headers: token ? { Authorization: token } : {},
        payload: body,
      });
    expect((await ticketFor('')).statusCode).toBe(401);

    const issued = await ticketFor(admin.token);
    expect(issued.statusCode).toBe(200);
    const { ticket, expires_in } = issued.json<{ ticket: string; expires_in: number }>();
    expect(expires_in).toBe(60);
    // The link carries no Authorization header, only the ticket.
    const asAdmin = await download(`${qs}&ticket=${encodeURIComponent(ticket)}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(csvRows(asAdmin.body)).toHaveLength(await listTotal(mine(), admin.token));
    expect(await listTotal(mine(), admin.token)).toBeGreaterThan(await listTotal(mine()));
    const logged = await ctx.db.execute(sql`SELECT user_id FROM downloads WHERE reason_text = ${query.reason_text}`);
    expect(logged.rows).toEqual([{ user_id: admin.userId }]);

    // Spent; and a ticket works only for the download it was issued for.
    expect((await download(`${qs}&ticket=${encodeURIComponent(ticket)}`)).statusCode).toBe(401);
    const other = (await ticketFor(admin.token)).json<{ ticket: string }>().ticket;
    expect(
      (await download(`${new URLSearchParams({ ...query, format: 'geojson' })}&ticket=${encodeURIComponent(other)}`))
        .statusCode,
    ).toBe(401);
    expect(
      (await download(`${new URLSearchParams({ ...query, lifestage_id: '1' })}&ticket=${encodeURIComponent(other)}`))
        .statusCode,
    ).toBe(401);
    expect((await download(`${qs}&ticket=${encodeURIComponent(`${other.slice(0, -2)}AA`)}`)).statusCode).toBe(401);
    expect((await download(`${qs}&ticket=forged`)).statusCode).toBe(401);
    // Without a ticket the same link is the public set.
    expect(csvRows((await download(qs)).body)).toHaveLength(await listTotal(mine()));
  });

  it('refuses a download ticket after its minute', async () => {
    let clock = Date.now();
    const tickets = createDownloadTickets(ctx.db, () => clock);
    const query = downloadQuerySchema.parse({ format: 'csv', reason_text: 'Later' });
    const { ticket } = tickets.issue(
      { user_id: admin.userId, username: admin.username, role_id: ADMIN_ROLE_ID },
      admin.token,
      query,
    );
    clock += 61_000;
    await expect(tickets.redeem(ticket, query)).rejects.toMatchObject({ statusCode: 401 });
    clock -= 2_000;
    await expect(tickets.redeem(ticket, query)).resolves.toMatchObject({
      user_id: admin.userId,
      role_id: ADMIN_ROLE_ID,
    });
  });

  it('leaves GET /api/observations/:id working beside the static download path', async () => {
    const row = (
      await ctx.db.execute<{ observation_id: number }>(
        sql`SELECT observation_id FROM observations WHERE checklist_id = ${ids.jarry} LIMIT 1`,
      )
    ).rows[0];
    expect((await ctx.app.inject({ method: 'GET', url: `/api/observations/${row?.observation_id}` })).statusCode).toBe(
      200,
    );
  });

  it("reads an export's cursor for longer than the pool's statement timeout, which times the whole read", async () => {
    // 300 rows of 2 ms each (≥ 0.6 s) against a 200 ms statement timeout, in batches of the cursor's size.
    const slow = sql`SELECT g, pg_sleep(0.002) FROM generate_series(1, 300) AS g`;
    const read = async (client: pg.PoolClient) => {
      let n = 0;
      for await (const _row of downloadsRepository.cursor(client, slow)) n++;
      return n;
    };
    const client = await ctx.db.$client.connect();
    try {
      await client.query('SET statement_timeout = 200');
      // Outside a download's transaction the cursor's Execute messages count as one statement: cut short.
      await expect(read(client)).rejects.toMatchObject({ code: '57014' });
      let rows = 0;
      await downloadsRepository.inSnapshot(client, async () => {
        rows = await read(client);
      });
      expect(rows).toBe(300);
    } finally {
      await client.query('RESET statement_timeout');
      client.release();
    }
  });
});
