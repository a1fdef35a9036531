import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, photosDir, signUp, submitFlash, type TestContext, unzip } from './helpers';
import type { ApiError, DownloadLanding, LoadParams, UploadPhotoResponse } from '@mm/shared';
import { datasetContactEmail } from '../src/config';

/**
 * The sampling-event Darwin Core Archive read back as a GBIF IPT would, through its
 * meta.xml, on an installation with PUBLIC_URL and a configured contact.
 */
const PUBLIC_URL = 'https://monarch.example.org';
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let missionId: number;
let flashId: number;
let syriaca: number;
let sp: number;

/** A file of the archive as the rows meta.xml describes: term IRI → value, per row. */
interface ArchiveFile {
  rowType: string;
  rows: Record<string, string>[];
}

/** Reads every data file through meta.xml: header lines skipped, columns mapped by index to their terms. */
function readArchive(files: Record<string, string>): { core: ArchiveFile; extensions: ArchiveFile[] } {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(files['meta.xml']!, 'application/xml');
  const read = (el: Element): ArchiveFile => {
    const location = el.querySelector('files > location')?.textContent ?? '';
    const idIndex = Number((el.querySelector('id') ?? el.querySelector('coreid'))?.getAttribute('index'));
    const fields = [...el.querySelectorAll('field')].map((f) => ({
      index: Number(f.getAttribute('index')),
      term: f.getAttribute('term') ?? '',
    }));
    expect(el.getAttribute('fieldsTerminatedBy')).toBe('\\t');
    const lines = (files[location] ?? '').split('\n').filter((l) => l !== '');
    const header = lines.shift()?.split('\t') ?? [];
    // The header names are the terms' local names, in the declared order.
    for (const f of fields) expect(f.term.endsWith(`/${header[f.index]}`), f.term).toBe(true);
    const rows = lines.map((line) => {
      const cells = line.split('\t');
      expect(cells).toHaveLength(header.length);
      const row: Record<string, string> = { id: cells[idIndex] ?? '' };
      for (const f of fields) row[f.term] = cells[f.index] ?? '';
      return row;
    });
    return { rowType: el.getAttribute('rowType') ?? '', rows };
  };
  const core = doc.querySelector('core');
  if (!core) throw new Error('meta.xml has no core');
  return { core: read(core), extensions: [...doc.querySelectorAll('extension')].map(read) };
}

const DWC = (t: string) => `http://rs.tdwg.org/dwc/terms/${t}`;
const DC = (t: string) => `http://purl.org/dc/terms/${t}`;

beforeAll(async () => {
  ctx = await buildTestApp({
    PUBLIC_URL: `${PUBLIC_URL}/`,
    DATASET_CONTACT_NAME: 'Équipe Mission Monarch',
    DATASET_CONTACT_EMAIL: 'data@monarch.example.org',
  });
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  const milkweed = (name: string) => params.milkweeds.find((m) => m.latin_name === name)!.milkweed_id;
  syriaca = milkweed('Asclepias syriaca');
  sp = milkweed('Asclepias sp.');
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
  const mission = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: volunteer.token },
    payload: {
      idempotency_key: randomUUID(),
      site: { locality: 'Jardin botanique', city: 'Montréal', province_id: qc, latitude: 45.56, longitude: -73.56 },
      checklist: { checklist_date: '2026-07-20', start_time: '09:00', end_time: '10:30', participants: 3 },
      observation: {
        stems_inspected: 60,
        monarchs_seen: true,
        comment: 'Sunny',
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 4,
            caterpillars: 1,
            chrysalises: 0,
          },
          { milkweed_id: sp, abundance_id: 1, locationsize_id: 1, adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0 },
        ],
        photos: [{ photo_name: photo.photo_name, lifestage_id: 2, milkweed_index: 0 }],
      },
    },
  });
  expect(mission.statusCode).toBe(201);
  missionId = mission.json<{ checklist_id: number }>().checklist_id;
  flashId = await submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2026-08-02',
    start_time: '14:00',
    locality: 'Parc Jarry',
    province_id: qc,
    latitude: 45.53,
    longitude: -73.63,
    adults: 2,
    comment: 'On a fence',
  });
});
afterAll(() => ctx.close());

const archive = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?format=dwca&reason_id=1&username=${volunteer.username}`,
    remoteAddress: '10.18.0.1', // its own address: downloads are limited per IP across test files
  });
  expect(res.statusCode).toBe(200);
  return { files: await unzip(res.rawPayload), id: String(res.headers['x-download-id']) };
};
const uuidOf = async (table: 'checklists', id: number) =>
  (await ctx.db.execute<{ uuid: string }>(sql`SELECT uuid FROM ${sql.identifier(table)} WHERE checklist_id = ${id}`))
    .rows[0]?.uuid;

describe('sampling-event Darwin Core Archive', () => {
  it('resolves every row through meta.xml: one event per visit, its occurrences and photos attached to it', async () => {
    const { files } = await archive();
    const { core, extensions } = readArchive(files);
    expect(core.rowType).toBe(DWC('Event'));
    expect(core.rows).toHaveLength(2);
    const eventIds = new Set(core.rows.map((r) => r.id));
    for (const ext of extensions) for (const row of ext.rows) expect(eventIds.has(row.id), ext.rowType).toBe(true);

    const missionEventId = `urn:uuid:${await uuidOf('checklists', missionId)}`;
    const flashEventId = `urn:uuid:${await uuidOf('checklists', flashId)}`;
    const mission = core.rows.find((r) => r[DWC('eventID')] === missionEventId);
    expect(mission).toMatchObject({
      [DWC('eventDate')]: '2026-07-20T09:00/2026-07-20T10:30',
      [DWC('sampleSizeValue')]: '60',
      [DWC('sampleSizeUnit')]: 'milkweed stems inspected',
      [DWC('samplingEffort')]: '3 participants; 90 minutes',
      [DWC('samplingProtocol')]:
        `Mission Monarch Mission (milkweed survey) ${PUBLIC_URL}/mmapp/en/content/what-is-a-mission`,
      [DWC('eventRemarks')]: 'Sunny',
      [DWC('countryCode')]: 'CA',
      [DWC('stateProvince')]: 'Québec',
      [DWC('decimalLatitude')]: '45.56',
      [DWC('geodeticDatum')]: 'WGS84',
      [DC('references')]: `${PUBLIC_URL}/mmapp/en/checklists/view?id=${missionId}`,
      [DC('license')]: 'http://creativecommons.org/licenses/by/4.0/legalcode',
      'http://purl.org/dc/elements/1.1/type': 'Event',
    });
    expect(mission?.[DWC('habitat')]).toContain('abundance Dotted (1-10/m2)');
    const flash = core.rows.find((r) => r.id === flashEventId);
    expect(flash).toMatchObject({
      [DWC('eventDate')]: '2026-08-02T14:00',
      [DWC('sampleSizeValue')]: '',
    });
    expect(flash?.[DWC('samplingProtocol')]).toMatch(/^Mission Monarch Flash Data/);

    const occurrences = extensions.find((e) => e.rowType === DWC('Occurrence'))!.rows;
    const ofMission = occurrences.filter((r) => r.id === mission?.id);
    const stage = (milkweed: string, lifeStage: string) =>
      ofMission.find((r) => r[DWC('associatedTaxa')] === `"on":"${milkweed}"` && r[DWC('lifeStage')] === lifeStage);
    // Counted: present with its count; looked for and not found: absent with 0.
    expect(stage('Asclepias syriaca', 'egg')).toMatchObject({
      [DWC('occurrenceStatus')]: 'present',
      [DWC('individualCount')]: '4',
      [DWC('scientificName')]: 'Danaus plexippus',
    });
    expect(stage('Asclepias syriaca', 'adult')).toMatchObject({
      [DWC('occurrenceStatus')]: 'absent',
      [DWC('individualCount')]: '0',
    });
    expect(ofMission.filter((r) => r[DWC('occurrenceStatus')] === 'absent')).toHaveLength(2 + 4);
    const plants = ofMission.filter((r) => r[DWC('kingdom')] === 'Plantae');
    expect(plants.map((r) => `${r[DWC('scientificName')]} (${r[DWC('taxonRank')]})`).sort()).toEqual([
      'Asclepias (genus)',
      'Asclepias syriaca (species)',
    ]);
    // Two milkweeds share the 60 stems: no per-species stem count is invented.
    expect(plants.every((r) => r[DWC('organismQuantity')] === '')).toBe(true);
    expect(plants.find((r) => r[DWC('taxonRank')] === 'species')?.[DWC('occurrenceRemarks')]).toBe(
      'abundance: Dotted (1-10/m2); location size: Rare (less than 1/m2)',
    );
    for (const r of occurrences) {
      expect(r[DWC('occurrenceID')]).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(r[DWC('recordedBy')]).toBe(volunteer.username);
      expect(r[DWC('basisOfRecord')]).toMatch(/^(HumanObservation|PreservedSpecimen)$/);
    }
    expect(new Set(occurrences.map((r) => r[DWC('occurrenceID')])).size).toBe(occurrences.length);
    expect(occurrences.find((r) => r.id === flash?.id)?.[DWC('occurrenceRemarks')]).toBe('On a fence');

    // Simple Multimedia defines no eventID: the column is the extension's coreid only.
    expect(files['meta.xml']).not.toMatch(/<extension[^>]*Multimedia">[\s\S]*dwc\/terms\/eventID/);
    const media = extensions.find((e) => e.rowType === 'http://rs.gbif.org/terms/1.0/Multimedia')!.rows;
    expect(media).toHaveLength(1);
    expect(media[0]).toMatchObject({
      id: mission?.id,
      [DC('type')]: 'StillImage',
      [DC('format')]: 'image/jpeg',
      [DC('creator')]: volunteer.username,
      [DC('license')]: 'http://creativecommons.org/licenses/by/4.0/legalcode',
    });
    expect(media[0]?.[DC('identifier')]).toMatch(
      new RegExp(`^${PUBLIC_URL}/attachments/observations/large/[\\w-]+\\.jpg$`),
    );
  });

  it('keeps absence ids stable from one download to the next', async () => {
    const absentIds = async () => {
      const { extensions } = readArchive((await archive()).files);
      return extensions[0]!.rows
        .filter((r) => r[DWC('occurrenceStatus')] === 'absent')
        .map((r) => r[DWC('occurrenceID')]);
    };
    const first = await absentIds();
    expect(first).toHaveLength(6);
    expect(await absentIds()).toEqual(first);
  });

  it('writes EML with coverage, contact email, methods, licences, a citation and a packageId unique per download', async () => {
    const first = await archive();
    const second = await archive();
    const eml = first.files['eml.xml']!;
    expect(eml).toContain(`packageId="urn:uuid:${first.id}"`);
    expect(second.files['eml.xml']).toContain(`packageId="urn:uuid:${second.id}"`);
    expect(first.id).not.toBe(second.id);
    expect(eml).toContain('<electronicMailAddress>data@monarch.example.org</electronicMailAddress>');
    expect(eml).toContain('<surName>Équipe Mission Monarch</surName>');
    expect(eml).toMatch(/<westBoundingCoordinate>-73.63<\/westBoundingCoordinate>/);
    expect(eml).toMatch(/<northBoundingCoordinate>45.56<\/northBoundingCoordinate>/);
    expect(eml).toContain('<beginDate><calendarDate>2026-07-20</calendarDate></beginDate>');
    expect(eml).toContain('<endDate><calendarDate>2026-08-02</calendarDate></endDate>');
    for (const taxon of ['Danaus plexippus', 'Asclepias syriaca', 'Asclepias'])
      expect(eml).toContain(`<taxonRankValue>${taxon}</taxonRankValue>`);
    expect(eml.match(/<methodStep>/g)?.length).toBeGreaterThanOrEqual(5);
    expect(eml).toContain('<identifier>CC-BY-4.0</identifier>');
    const citation = first.files['citation.txt']!.trim();
    expect(citation).toMatch(
      new RegExp(
        `^Espace pour la vie \\(\\d{4}\\)\\. Mission Monarch: monarch butterfly and milkweed observations\\. Download ${first.id}, 11 occurrences, accessed \\d{4}-\\d{2}-\\d{2}\\. ${PUBLIC_URL}/mmapp/en/downloads/${first.id}$`,
      ),
    );
    expect(eml).toContain(`<citation identifier="urn:uuid:${first.id}">`);
    expect(first.files['rights.txt']).toContain('Creative Commons Attribution 4.0 International (CC BY 4.0): ');
    expect(first.files['rights.txt']).toContain(citation);
  });

  it("computes the EML methods from the archive's events, and the EML validates against EML 2.2.0", async () => {
    const { files } = await archive();
    const eml = files['eml.xml']!;
    const page = `${PUBLIC_URL}/mmapp/en/content/what-is-a-mission`;
    expect(eml).toContain(
      `<para>2 events with 2 samplingProtocol values: 1 event on 2026-08-02 followed &quot;Mission Monarch Flash Data (incidental sighting) ${page}&quot;; 1 event on 2026-07-20 followed &quot;Mission Monarch Mission (milkweed survey) ${page}&quot;.</para>`,
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-eml-'));
    await writeFile(path.join(dir, 'eml.xml'), eml);
    const xsd = path.resolve(import.meta.dirname, '../../../fixtures/standards/eml-2.2.0/eml.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', xsd, path.join(dir, 'eml.xml')], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('serves the latest public archive at one stable URL for GBIF, logged as a download with its reason', async () => {
    // The job's work (docs/adr/0038); the first build of this database.
    expect(await ctx.publicArchive.refresh()).toMatchObject({ built: true });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/downloads/dwca/latest.zip',
      remoteAddress: '10.18.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mission-monarch-dwca.zip"');
    const id = String(res.headers['x-download-id']);
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
    // Unfiltered: this volunteer's Mission and Flash events are in it, among everyone's.
    const events = readArchive(files).core.rows.map((r) => r.id);
    for (const checklist of [missionId, flashId])
      expect(events).toContain(`urn:uuid:${await uuidOf('checklists', checklist)}`);
    expect(files['citation.txt']!.trim().endsWith(`${PUBLIC_URL}/mmapp/en/downloads/${id}`)).toBe(true);
    const logged = await ctx.db.execute<{ reason_text: string; format: string; user_id: number | null }>(
      sql`SELECT reason_text, format, user_id FROM downloads WHERE uuid = ${id}`,
    );
    expect(logged.rows).toEqual([
      { reason_text: 'Latest public archive (GBIF DWC_ARCHIVE endpoint)', format: 'dwca', user_id: null },
    ]);
  });

  it('gives each download a public landing page with its citation in the page language, filters, reason and licence mix', async () => {
    const { files, id } = await archive();
    const page = await ctx.app.inject({ method: 'GET', url: `/api/downloads/${id}`, headers: { Language: 'fr' } });
    expect(page.statusCode).toBe(200);
    const landing = page.json<DownloadLanding>();
    expect(landing).toMatchObject({
      id,
      finished: true,
      format: 'dwca',
      filters: { username: volunteer.username },
      records: 11,
      licenses: [
        { code: 'CC-BY-4.0', records: 2 + 11 + 1, url: 'http://creativecommons.org/licenses/by/4.0/legalcode' },
      ],
    });
    expect(landing.reason).not.toBe('');
    // The page's language: French words, the French page's address; the English page cites as the archive does.
    expect(landing.citation).toMatch(
      new RegExp(
        `^.+ \\(\\d{4}\\)\\. Mission Monarch : observations de monarques et d'asclépiades\\. Téléchargement ${id}, 11 occurrences, consulté le \\d{4}-\\d{2}-\\d{2}\\. \\S*/mmapp/fr/downloads/${id}$`,
      ),
    );
    const english = await ctx.app.inject({ method: 'GET', url: `/api/downloads/${id}`, headers: { Language: 'en' } });
    expect(english.json<DownloadLanding>().citation).toBe(files['citation.txt']!.trim());
    const spanish = await ctx.app.inject({ method: 'GET', url: `/api/downloads/${id}`, headers: { Language: 'es' } });
    expect(spanish.json<DownloadLanding>().citation).toContain(
      `Descarga ${id}, 11 registros de presencia, consultada el `,
    );
    expect(spanish.json<DownloadLanding>().citation).toContain(`/mmapp/es/downloads/${id}`);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/downloads/${randomUUID()}` })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/downloads/42' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiError>().fields ?? {})).toEqual(['id']);
  });
});

describe('EML contact email', () => {
  it('is DATASET_CONTACT_EMAIL, else the contact form address when it is one address, else none', () => {
    expect(datasetContactEmail({ DATASET_CONTACT_EMAIL: 'data@example.org', CONTACT_TO: 'info@example.org' })).toBe(
      'data@example.org',
    );
    expect(datasetContactEmail({ DATASET_CONTACT_EMAIL: undefined, CONTACT_TO: ' info@example.org ' })).toBe(
      'info@example.org',
    );
    expect(datasetContactEmail({ DATASET_CONTACT_EMAIL: undefined, CONTACT_TO: 'a@example.org, b@example.org' })).toBe(
      null,
    );
    expect(datasetContactEmail({ DATASET_CONTACT_EMAIL: undefined, CONTACT_TO: undefined })).toBe(null);
  });
});
