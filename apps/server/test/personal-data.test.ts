import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE_ID,
  type ChecklistDetail,
  type LoadParams,
  type ObservationListResponse,
  type PublicProfile,
} from '@mm/shared';
import { fillPublicText } from '../src/db/public-text';
import { EMAIL_REMOVED, PHONE_REMOVED, redactPersonalData } from '../src/lib/personal-data';
import { parseSightingsCsv } from '../src/modules/imports/sightings-csv';
import { buildTestApp, openObservationsCsv, signUp, unzip, type TestContext } from './helpers';

/**
 * Personal data in free text: email addresses and phone numbers in comments, localities and
 * cities are kept in the database, shown to admins and to the record's own observer, and removed from
 * every public answer and export, which then say so in `informationWithheld`.
 */

describe('redactPersonalData', () => {
  it.each([
    ['please contact me at Gcayse1@aol.com thanks', `please contact me at ${EMAIL_REMOVED} thanks`],
    ['Mail: Jane.Doe+monarchs@sub.example.qc.ca.', `Mail: ${EMAIL_REMOVED}.`],
    ['jane [at] example [dot] com', EMAIL_REMOVED],
    ['Paty is the contact there: patbet25(at)yahoo.com.mx', `Paty is the contact there: ${EMAIL_REMOVED}`],
    ['write to jane at example dot com', `write to ${EMAIL_REMOVED}`],
    ['Call (514) 555-1234 today', `Call ${PHONE_REMOVED} today`],
    ['514.555.1234', PHONE_REMOVED],
    ['+1 514 555 1234', PHONE_REMOVED],
    ['1-800-555-0199 or 819 555 0123', `${PHONE_REMOVED} or ${PHONE_REMOVED}`],
    ['Mi teléfono es 55 1234 5678', `Mi teléfono es ${PHONE_REMOVED}`],
    ['cel. +52 1 55 1234 5678', `cel. ${PHONE_REMOVED}`],
    ['marcar 044 55 1234 5678', `marcar ${PHONE_REMOVED}`],
    ['llámame al 222 123 4567', `llámame al ${PHONE_REMOVED}`],
    ['tél. 555-1234 le soir', `tél. ${PHONE_REMOVED} le soir`],
    ['phone #555-1234', `phone #${PHONE_REMOVED}`],
    // libphonenumber reads ", 45" as a dialling pause and an extension: here it is a count.
    ['call 514-555-0123, 45 eggs', `call ${PHONE_REMOVED}, 45 eggs`],
  ])('removes %j', (text, expected) => {
    expect(redactPersonalData(text).text).toBe(expected);
  });

  it.each([
    'from 2019-2020 we saw more than ever',
    'counted 12 stems, 45 eggs and 3 larvae',
    'stems inspected: 1500, eggs 2000, larvae 1200',
    'a roost of 300-1500 monarchs',
    'on 7/31/2021 at 10:30, then 1999-12-01',
    '32.339440195, -110.9815906253',
    '31.54776037',
    '-112.269164192',
    'lat 45.50884 long -73.58781 (45.5088, -73.5878)',
    '31.54776037,-110.123456 and 45.508843, -73.587814',
    '45.508, -73.587',
    'Sterling, Va 39.0066993 / -77.42912988/19 - Released 2',
    'http://www.flickr.com/photos/38018189@N00/5794511343/ nice',
    'record 1452975620 of Journey North',
    'we looked at the park. Com…',
    'Zip 97500, Saint-Pierre',
  ])('keeps %j', (text) => {
    expect(redactPersonalData(text)).toEqual({ text, emails: 0, phones: 0 });
  });

  it('finds in the real files exactly the four addresses people wrote, and no phone number', async () => {
    const files = [
      'az_monarchs_inat_gbif_2000-2022.csv',
      'gbif_inat_asclepias_speciosa_2020.csv',
      'gbif_showy_milkweed_asclepias_speciosa.csv',
      'journeynorth_milkweed_2002-2020.csv',
      'journeynorth_monarch_adult_first_spring2021.csv',
      'journeynorth_monarch_egg_2007-2020.csv',
      'journeynorth_monarch_larva_first_1999-2020.csv',
    ];
    const found: string[] = [];
    let texts = 0;
    for (const file of files) {
      for await (const row of parseSightingsCsv(openObservationsCsv(file))) {
        if ('issues' in row) continue;
        const { remarks, locality, decimalLatitude, decimalLongitude } = row.record;
        // A place without a name is stored as its point ("32.339, -110.982"): it must stay whole.
        for (const text of [remarks, locality ?? `${decimalLatitude.toFixed(3)}, ${decimalLongitude.toFixed(3)}`]) {
          if (text === null) continue;
          texts++;
          const { emails, phones } = redactPersonalData(text);
          if (emails + phones > 0) found.push(`${file.split('_')[0]}:${row.row}:${emails}:${phones}`);
        }
      }
    }
    expect(texts).toBeGreaterThan(40_000);
    // Gcayse1@aol.com, mattmjgmar@yahoo.com, SoWestLep@yahoogroups.com and patbet25(at)yahoo.com.mx.
    expect(found.sort()).toEqual([
      'journeynorth:1259:1:0',
      'journeynorth:1854:1:0',
      'journeynorth:335:1:0',
      'journeynorth:603:1:0',
    ]);
  });
});

let ctx: TestContext;
let owner: { token: string; userId: number; username: string };
let other: { token: string; userId: number; username: string };
let admin: { token: string; userId: number; username: string };
let checklistId: number;

const COMMENT = 'Lots of eggs! Questions: marie.tremblay@example.org or (819) 555-0123, 12 stems in 2019-2020.';
const PUBLIC_COMMENT = `Lots of eggs! Questions: ${EMAIL_REMOVED} or ${PHONE_REMOVED}, 12 stems in 2019-2020.`;
const LOCALITY = 'Ferme Tremblay, tél. 819-555-0199';
const PUBLIC_LOCALITY = `Ferme Tremblay, tél. ${PHONE_REMOVED}`;
const CITY = 'Gatineau (info: ferme@example.com)';
const PUBLIC_CITY = `Gatineau (info: ${EMAIL_REMOVED})`;
const PERSONAL = ['marie.tremblay@example.org', '555-0123', '555-0199', 'ferme@example.com'];
const WITHHELD = 'Email addresses and phone numbers removed from the remarks, locality and municipality';

const get = (url: string, token = '') =>
  ctx.app.inject({ method: 'GET', url, headers: { Authorization: token }, remoteAddress: `10.29.0.${++ip}` });
let ip = 0;
const leaks = (text: string) => PERSONAL.filter((s) => text.includes(s));
const mine = () => `username=${owner.username}`;
const csv = (body: string) => parse<Record<string, string>>(body, { columns: true, bom: true });
const tsv = (body: string) => parse<Record<string, string>>(body, { columns: true, delimiter: '\t', quote: false });

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${ADMIN_ROLE_ID} WHERE user_id = ${admin.userId}`);
  const params = (await get('/api/utilities/loadparams')).json<LoadParams>();
  const qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  const syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: owner.token },
    payload: {
      idempotency_key: randomUUID(),
      site: { locality: LOCALITY, city: CITY, province_id: qc, latitude: 45.4765, longitude: -75.7013 },
      checklist: { checklist_date: '2026-07-03', start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 12,
        monarchs_seen: true,
        comment: COMMENT,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 1,
            eggs: 4,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  checklistId = res.json<{ checklist_id: number }>().checklist_id;
});
afterAll(() => ctx.close());

describe('personal data in public answers', () => {
  it('is stored as typed, with its public text beside it', async () => {
    const stored = await ctx.db.execute<Record<string, string>>(sql`
      SELECT c.comment, c.public_comment, s.locality, s.public_locality, s.city, s.public_city
      FROM checklists c JOIN sites s ON s.site_id = c.site_id WHERE c.checklist_id = ${checklistId}`);
    expect(stored.rows[0]).toEqual({
      comment: COMMENT,
      public_comment: PUBLIC_COMMENT,
      locality: LOCALITY,
      public_locality: PUBLIC_LOCALITY,
      city: CITY,
      public_city: PUBLIC_CITY,
    });
  });

  it('the record page, observation, site history, Explore list and profile show the public text to others', async () => {
    for (const token of ['', other.token]) {
      const detail = await get(`/api/checklists/${checklistId}`, token);
      expect(leaks(detail.body)).toEqual([]);
      expect(detail.json<ChecklistDetail>()).toMatchObject({
        comment: PUBLIC_COMMENT,
        site: { locality: PUBLIC_LOCALITY, city: PUBLIC_CITY },
      });
      const siteId = detail.json<ChecklistDetail>().site.site_id;
      const history = await get(`/api/sites/${siteId}/history`, token);
      expect(leaks(history.body)).toEqual([]);
      expect(history.json()).toMatchObject({ site: { locality: PUBLIC_LOCALITY, city: PUBLIC_CITY } });
      const observation = detail.json<ChecklistDetail>().observations[0]!.observation_id;
      const one = await get(`/api/observations/${observation}`, token);
      expect(leaks(one.body)).toEqual([]);
      expect(one.json()).toMatchObject({ locality: PUBLIC_LOCALITY });
      const list = await get(`/api/observations?${mine()}`, token);
      expect(leaks(list.body)).toEqual([]);
      expect(list.json<ObservationListResponse>().data[0]).toMatchObject({ locality: PUBLIC_LOCALITY });
    }
    const profile = await get(`/api/users/profile/${owner.username}`);
    expect(leaks(profile.body)).toEqual([]);
    expect(profile.json<PublicProfile>().recent_observations[0]).toMatchObject({ locality: PUBLIC_LOCALITY });
  });

  it('its observer and admins read the text as stored', async () => {
    for (const token of [owner.token, admin.token]) {
      const detail = (await get(`/api/checklists/${checklistId}`, token)).json<ChecklistDetail>();
      expect(detail).toMatchObject({ comment: COMMENT, site: { locality: LOCALITY, city: CITY } });
    }
    const adminList = await get(`/api/observations?${mine()}`, admin.token);
    expect(adminList.json<ObservationListResponse>().data[0]).toMatchObject({ locality: LOCALITY });
  });

  it('CSV (every language), GeoJSON and the Darwin Core Archive carry no address or number, and say so', async () => {
    for (const language of ['en', 'fr', 'es']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/observations/download?format=csv&reason_text=test&${mine()}`,
        headers: { Language: language },
        remoteAddress: `10.29.1.${++ip}`,
      });
      expect(res.statusCode).toBe(200);
      expect(leaks(res.body), language).toEqual([]);
      for (const row of csv(res.body))
        expect(row).toMatchObject({
          occurrenceRemarks: expect.stringContaining(PUBLIC_COMMENT) as string,
          locality: PUBLIC_LOCALITY,
          municipality: PUBLIC_CITY,
          informationWithheld: WITHHELD,
        });
    }
    const geo = await get(`/api/observations/download?format=geojson&reason_text=test&${mine()}`);
    expect(leaks(geo.body)).toEqual([]);
    const features = geo.json<{ features: { properties: Record<string, unknown> }[] }>().features;
    expect(features.every((f) => f.properties.informationWithheld === WITHHELD)).toBe(true);
    const archive = await get(`/api/observations/download?format=dwca&reason_text=test&${mine()}`);
    const files = await unzip(archive.rawPayload);
    for (const [name, text] of Object.entries(files)) expect(leaks(text), name).toEqual([]);
    const [event] = tsv(files['event.txt'] ?? '');
    expect(event).toMatchObject({
      eventRemarks: PUBLIC_COMMENT,
      locality: PUBLIC_LOCALITY,
      municipality: PUBLIC_CITY,
      informationWithheld: WITHHELD,
    });
  });

  it("an admin's download keeps the text as stored, without the note, when the admin asks for exact data", async () => {
    // By default an admin's download is the public one (a file meant for GBIF holds nothing private).
    const shared = await get(`/api/observations/download?format=csv&reason_text=test&${mine()}`, admin.token);
    for (const row of csv(shared.body))
      expect(row).toMatchObject({ locality: PUBLIC_LOCALITY, municipality: PUBLIC_CITY });
    const res = await get(
      `/api/observations/download?format=csv&reason_text=test&exact_positions=1&${mine()}`,
      admin.token,
    );
    const rows = csv(res.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row).toMatchObject({ locality: LOCALITY, municipality: CITY, informationWithheld: '' });
    expect(rows[0]?.occurrenceRemarks).toContain(COMMENT);
  });

  it('an admin correcting the comment or place writes its public text with it', async () => {
    const put = (url: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url, headers: { Authorization: admin.token }, payload });
    expect((await put(`/api/admin/checklists/${checklistId}`, { comment: 'Call me: 613-555-0142' })).statusCode).toBe(
      200,
    );
    const detail = (await get(`/api/checklists/${checklistId}`)).json<ChecklistDetail>();
    expect(detail.comment).toBe(`Call me: ${PHONE_REMOVED}`);
    expect(
      (await put(`/api/admin/sites/${detail.site.site_id}`, { locality: 'Ferme T., cell 613 555 0143' })).statusCode,
    ).toBe(200);
    expect((await get(`/api/checklists/${checklistId}`)).json<ChecklistDetail>().site.locality).toBe(
      `Ferme T., cell ${PHONE_REMOVED}`,
    );
  });

  it('a text changed without its public text shows nothing until the public text is computed again', async () => {
    await ctx.db.execute(
      sql`UPDATE checklists SET comment = 'Reach me at jo@example.net' WHERE checklist_id = ${checklistId}`,
    );
    const hidden = (await get(`/api/checklists/${checklistId}`)).json<ChecklistDetail>();
    expect(hidden.comment).toBeNull();
    const rows = csv((await get(`/api/observations/download?format=csv&reason_text=test&${mine()}`)).body);
    expect(rows[0]?.informationWithheld).toContain('removed from the remarks');
    expect((await fillPublicText(ctx.db)).checklists).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/checklists/${checklistId}`)).json<ChecklistDetail>().comment).toBe(
      `Reach me at ${EMAIL_REMOVED}`,
    );
  });
});
