import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLanding, LoadParams } from '@mm/shared';
import { publicUrlWarning } from '../src/config';
import { buildTestApp, signUp, submitFlash, type TestContext, unzip } from './helpers';

/**
 * Published links are absolute whether or not PUBLIC_URL is set: a citation copied out of an archive
 * must lead somewhere (docs/internals.md "Published links").
 */
let plain: TestContext;
let proxied: TestContext;
let username: string;

beforeAll(async () => {
  [plain, proxied] = await Promise.all([buildTestApp(), buildTestApp({ TRUST_PROXY: '127.0.0.1' })]);
  const volunteer = await signUp(plain.app);
  username = volunteer.username;
  const params = (await plain.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  await submitFlash(plain.app, volunteer.token, {
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
  await Promise.all([plain.close(), proxied.close()]);
});

const archive = async (ctx: TestContext, headers: Record<string, string>, remoteAddress: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/observations/download?format=dwca&reason_id=1&username=${username}`,
    headers,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return { files: await unzip(res.rawPayload), id: String(res.headers['x-download-id']) };
};

describe('published links without PUBLIC_URL', () => {
  it("writes the archive's citation, EML link, record pages and protocol page under the request's origin", async () => {
    const { files, id } = await archive(plain, { host: 'monarch.test:8080' }, '10.77.0.1');
    const origin = 'http://monarch.test:8080';
    expect(files['citation.txt']!.trim().endsWith(` ${origin}/mmapp/en/downloads/${id}`)).toBe(true);
    expect(files['rights.txt']).toContain(`${origin}/mmapp/en/downloads/${id}`);
    expect(files['eml.xml']).toContain(`<onlineUrl>${origin}/mmapp/</onlineUrl>`);
    expect(files['eml.xml']).toContain(`${origin}/mmapp/en/downloads/${id}</citation>`);
    const event = files['event.txt']!.split('\n')[1]!;
    expect(event).toContain(`\t${origin}/mmapp/en/checklists/view?id=`);
    expect(event).toContain(
      `Mission Monarch Flash Data (incidental sighting) ${origin}/mmapp/en/content/what-is-a-mission`,
    );
    // No relative link anywhere: every URL of the archive's text starts with a scheme.
    for (const [name, text] of Object.entries(files))
      expect(text, name).not.toMatch(/(^|[\s"'>])\/(mmapp|attachments)\//m);
  });

  it("gives the landing page's citation the request's origin, in the page's language", async () => {
    const { id } = await archive(plain, {}, '10.77.0.2');
    const res = await plain.app.inject({
      method: 'GET',
      url: `/api/downloads/${id}`,
      headers: { host: 'data.example.net', Language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<DownloadLanding>().citation).toMatch(
      new RegExp(` http://data\\.example\\.net/mmapp/fr/downloads/${id}$`),
    );
  });

  it('believes X-Forwarded-Proto and -Host only from a proxy listed in TRUST_PROXY', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'monarch.example.org', host: 'app:3000' };
    const viaProxy = await archive(proxied, { ...forwarded, 'x-forwarded-for': '10.77.0.3' }, '127.0.0.1');
    expect(viaProxy.files['citation.txt']!.trim()).toMatch(
      new RegExp(` https://monarch\\.example\\.org/mmapp/en/downloads/${viaProxy.id}$`),
    );
    // The same headers from an address the app does not trust are ignored.
    const direct = await archive(plain, forwarded, '10.77.0.4');
    expect(direct.files['citation.txt']!.trim()).toMatch(
      new RegExp(` http://app:3000/mmapp/en/downloads/${direct.id}$`),
    );
  });
});

describe('the PUBLIC_URL start-up warning', () => {
  const config = { HOST: '127.0.0.1', PORT: 3000, PUBLIC_URL: undefined };
  it('warns a production server without PUBLIC_URL, naming what it affects', () => {
    const warning = publicUrlWarning(config, 'production');
    expect(warning).toContain('PUBLIC_URL is not set');
    expect(warning).toContain('download citations');
    expect(warning).toContain('emails');
    expect(warning).toContain('TRUST_PROXY');
  });
  it('says nothing with PUBLIC_URL set, or outside production', () => {
    expect(publicUrlWarning({ ...config, PUBLIC_URL: 'https://monarch.example.org' }, 'production')).toBeNull();
    expect(publicUrlWarning(config, undefined)).toBeNull();
    expect(publicUrlWarning(config, 'development')).toBeNull();
  });
});
