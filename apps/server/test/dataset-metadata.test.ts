import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID, type ApiError, type DatasetMetadataRecord, type LoadParams } from '@mm/shared';
import { buildTestApp, createTestDatabase, signUp, submitFlash, type TestContext, unzip } from './helpers';

/**
 * The dataset metadata admins edit for the archives' eml.xml (docs/internals.md "GBIF"): stored in the
 * database, validated, audit-logged, and written into the EML in three languages where EML 2.2 allows.
 * Runs on a database of its own: the metadata is one row for the whole installation.
 */
let ctx: TestContext;
let drop: () => Promise<void>;
let admin: { token: string; userId: number; username: string };
let volunteer: { token: string; userId: number; username: string };
const emlXsd = path.resolve(import.meta.dirname, '../../../fixtures/standards/eml-2.2.0/eml.xsd');

const edited = {
  title: {
    en: 'Mission Monarch: monarchs and milkweeds of Québec',
    fr: 'Mission Monarch : monarques et asclépiades du Québec',
    es: 'Misión Monarca: monarcas y algodoncillos de Quebec',
  },
  abstract_intro: {
    en: 'Volunteers survey milkweed patches for monarch eggs and caterpillars.',
    fr: 'Des bénévoles inspectent des talles d’asclépiades à la recherche d’œufs et de chenilles de monarques.',
    es: '',
  },
  keywords: ['Danaus plexippus', 'citizen science', 'milkweed'],
  contacts: [
    { name: 'Marie Tremblay', organization: 'Insectarium de Montréal', email: 'data@insectarium.example.org' },
    { name: '', organization: 'Espace pour la vie', email: '' },
  ],
  license: 'CC-BY-NC-4.0',
  citation: 'Insectarium de Montréal (2026). Mission Monarch. Sampling event dataset.',
};

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  ctx = await buildTestApp({ PUBLIC_URL: 'https://monarch.example.org' }, database.url);
  admin = await signUp(ctx.app);
  volunteer = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  await submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2026-07-02',
    start_time: '10:00',
    locality: 'Parc La Fontaine',
    province_id: params.provinces.find((p) => p.administrative === 'QC')!.province_id,
    latitude: 45.5271,
    longitude: -73.5697,
    adults: 1,
  });
});
afterAll(async () => {
  await ctx.close();
  await drop();
});

const call = (method: 'GET' | 'PUT', token: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: '/api/admin/dataset/1',
    headers: { Authorization: token },
    payload: payload as object,
  });
/** The job's clock: each read runs a build an hour after the last, as the queue would after an edit. */
let clock = Date.now();
const eml = async () => {
  clock += 3_600_000;
  await ctx.publicArchive.refresh(new Date(clock));
  const res = await ctx.app.inject({ method: 'GET', url: '/api/downloads/dwca/latest.zip' });
  expect(res.statusCode).toBe(200);
  return (await unzip(res.rawPayload))['eml.xml']!;
};
const validates = async (xml: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-eml-'));
  await writeFile(path.join(dir, 'eml.xml'), xml);
  execFileSync('xmllint', ['--noout', '--schema', emlXsd, path.join(dir, 'eml.xml')], { stdio: 'pipe' });
};

describe('dataset metadata', () => {
  it('is for admins only, at id 1', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/dataset/2', headers: { Authorization: admin.token } }))
        .statusCode,
    ).toBe(404); // one record: another id does not exist
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('GET', volunteer.token)).statusCode).toBe(403);
    expect((await call('PUT', volunteer.token, edited)).statusCode).toBe(403);
  });

  it('starts from the configuration until an admin saves it', async () => {
    const res = await call('GET', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<DatasetMetadataRecord>()).toMatchObject({
      id: 1,
      title: { en: 'Mission Monarch: monarch butterfly and milkweed observations' },
      contacts: [{ organization: 'Espace pour la vie' }],
      license: 'CC0-1.0',
      citation: '',
      updated: null,
    });
    await validates(await eml());
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const noTitle = await call('PUT', admin.token, { ...edited, title: { en: '  ', fr: 'x', es: '' } });
    expect(noTitle.statusCode).toBe(400);
    expect(Object.keys(noTitle.json<ApiError>().fields ?? {}).join()).toContain('title');
    const badEmail = await call('PUT', admin.token, {
      ...edited,
      contacts: [{ name: '', organization: 'Insectarium', email: 'not-an-email' }],
    });
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.json<ApiError>().fields ?? {}).join()).toContain('contacts');
    const badLicense = await call('PUT', admin.token, { ...edited, license: 'GPL' });
    expect(badLicense.json<ApiError>().fields).toHaveProperty('license');
    expect((await call('GET', admin.token)).json<DatasetMetadataRecord>().updated).toBeNull();
  });

  it('saves an edit with its author in the audit log, before and after', async () => {
    const res = await call('PUT', admin.token, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DatasetMetadataRecord>()).toMatchObject({ ...edited, id: 1, updated_by: admin.username });
    const log = await ctx.db.execute<{ user_id: number; action: string; before: { license: string }; after: unknown }>(
      sql`SELECT user_id, action, before, after FROM audit_log WHERE resource = 'dataset' AND record_id = 1`,
    );
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ user_id: admin.userId, action: 'update', after: edited });
    expect(log.rows[0]?.before.license).toBe('CC0-1.0');
  });

  it('writes the edited metadata into the EML, in three languages where EML 2.2 allows, and it validates', async () => {
    const xml = await eml();
    expect(xml).toContain(
      '<title xml:lang="en">Mission Monarch: monarchs and milkweeds of Québec<value xml:lang="fr">Mission Monarch : monarques et asclépiades du Québec</value><value xml:lang="es">Misión Monarca: monarcas y algodoncillos de Quebec</value></title>',
    );
    expect(xml).toContain('<para>Volunteers survey milkweed patches for monarch eggs and caterpillars. ');
    expect(xml).toContain('<para xml:lang="fr">Des bénévoles inspectent');
    expect(xml).not.toContain('<para xml:lang="es">');
    expect(xml).toContain('<keyword>citizen science</keyword>');
    expect(xml).toContain('<keyword>Samplingevent</keyword>');
    expect(xml.match(/<contact>/g)).toHaveLength(2);
    expect(xml).toContain('<electronicMailAddress>data@insectarium.example.org</electronicMailAddress>');
    // The records are CC BY 4.0; the admins' licence is a floor, so the dataset says CC BY-NC 4.0.
    expect(xml).toContain('<identifier>CC-BY-NC-4.0</identifier>');
    expect(xml).toContain(`>${edited.citation}</citation>`);
    await validates(xml);
  });
});
