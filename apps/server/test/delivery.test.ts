import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, signUp, submitFlash, type TestContext } from './helpers';

// Built files precompressed and cached by kind, source maps never served, every client route
// answered with the app (and its language's translations), API answers compressed without breaking
// the ETag/304 revalidation or the answer cache.

let ctx: TestContext;
const script = `export const monarch = ${JSON.stringify('Danaus plexippus '.repeat(200))};\n`;
const INDEX = `<!doctype html>
<html lang="en">
  <head><title>Mission Monarch</title></head>
  <body><div id="root"></div><script type="module" src="/mmapp/assets/index-Ab12Cd34.js"></script></body>
</html>
`;

/** A build as Vite writes it: hashed assets with `.br`/`.gz` beside them, a hidden source map, public files. */
async function fakeBuild(root: string, entry: string) {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'img'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), INDEX);
  await writeFile(path.join(root, 'assets', entry), script);
  await writeFile(path.join(root, 'assets', `${entry}.br`), brotliCompressSync(script));
  await writeFile(path.join(root, 'assets', `${entry}.gz`), gzipSync(script));
  await writeFile(path.join(root, 'assets', `${entry}.map`), '{"version":3,"sources":["src/main.tsx"]}');
  await writeFile(path.join(root, 'img', 'monarch.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
}

// A database of its own: Explore's ETags carry the data version, which a write by another test file
// running at the same time would change between two requests of one test.
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-dist-'));
  await fakeBuild(path.join(dir, 'web'), 'index-Ab12Cd34.js');
  await fakeBuild(path.join(dir, 'admin'), 'admin-Ef56Gh78.js');
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  ctx = await buildTestApp({}, database.url, {
    webDist: path.join(dir, 'web'),
    adminDist: path.join(dir, 'admin'),
  });
});
afterAll(async () => {
  await ctx.close();
  await dropDatabase();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('built files', () => {
  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ] as const)('serves the precompressed %s file of a hashed asset, cached for a year', async (encoding, decode) => {
    const res = await get('/mmapp/assets/index-Ab12Cd34.js', { 'accept-encoding': `${encoding}, identity` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(res.rawPayload).toString()).toBe(script);
  });

  it('serves the plain file to a client that accepts no compression', async () => {
    const res = await get('/mmapp/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('answers 404 to source maps, of the site and of the admin panel', async () => {
    expect((await get('/mmapp/assets/index-Ab12Cd34.js.map')).statusCode).toBe(404);
    expect((await get('/mmadmin/assets/admin-Ef56Gh78.js.map')).statusCode).toBe(404);
  });

  it('has the service worker and other unhashed files revalidated, images kept a day', async () => {
    const sw = await get('/mmapp/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await get('/mmapp/img/monarch.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the admin panel: its page revalidated, its hashed assets immutable and precompressed', async () => {
    const page = await get('/mmadmin/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await get('/mmadmin/assets/admin-Ef56Gh78.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('client routes', () => {
  it.each([
    '/mmapp/en/users/profile/marie.tremblay',
    '/mmapp/en/users/profile/jean-luc.o_brien.v2',
    '/mmapp/fr/content/faq',
    '/mmapp/es/explore',
    '/mmapp/en/',
    '/mmapp/',
    '/mmapp/explore',
  ])('%s answers the app', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/mmapp/assets/missing-Zz99.js', '/mmapp/img/missing.png', '/mmapp/missing.js', '/mmapp/en/old.js.map'])(
    '%s (a file path) answers 404',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );

  it("carries the page language's translations, so the first screen needs no request for them", async () => {
    const fr = await get('/mmapp/fr/explore');
    expect(fr.body).toContain('<html lang="fr"');
    const block = /<script type="application\/json" id="mm-i18n">(.*?)<\/script>/s.exec(fr.body)?.[1];
    const data = JSON.parse(block ?? 'null') as { lng: string; resources: Record<string, Record<string, unknown>> };
    expect(data.lng).toBe('fr');
    expect(Object.keys(data.resources)).toEqual(expect.arrayContaining(['common', 'explore', 'content']));
    const common = await get('/api/localetranslations/getjsonfile/web/common/fr');
    expect(data.resources.common).toEqual(common.json());
    // A "<" in a translation cannot end the block early.
    expect(block).not.toContain('</');
    // It ends the body, after what is shown (the first paint need not parse it).
    expect(fr.body.indexOf('id="mm-i18n"')).toBeGreaterThan(fr.body.indexOf('<div id="root"'));
    expect(fr.body.indexOf('id="mm-i18n"')).toBeLessThan(fr.body.indexOf('</body>'));
  });

  it('is revalidated with an ETag per language, and sent compressed', async () => {
    const first = await get('/mmapp/es/photos', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/mmapp/es/explore', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/mmapp/en/explore', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('API answers', () => {
  it('are compressed over 1 KB, as the request accepts', async () => {
    const url = '/api/localetranslations/getjsonfile/web/common/en';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Small answers are not worth it.
    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('from the explore cache keep their ETag/304 and are served compressed from the cache', async () => {
    const volunteer = await signUp(ctx.app);
    const params = (await get('/api/utilities/loadparams')).json<{
      provinces: { administrative: string; province_id: number }[];
    }>();
    const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
    for (let i = 0; i < 8; i++) {
      await submitFlash(ctx.app, volunteer.token, {
        checklist_date: '2026-07-0' + (i + 1),
        locality: `Parc Jarry ${i}`,
        province_id: qc,
        latitude: 45.5339,
        longitude: -73.6281,
        adults: i + 1,
      });
    }
    const url = `/api/observations?username=${volunteer.username}`;
    const accept = { 'accept-encoding': 'gzip, deflate, br' };
    // The submissions' notifications change the data version when they arrive: wait until it holds still.
    let plain = await get(url);
    await expect
      .poll(async () => {
        const previous = plain.headers.etag;
        plain = await get(url);
        return plain.headers.etag === previous;
      })
      .toBe(true);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    // Asked a second time the answer is kept; the third comes from the cache, compressed once there.
    const second = await get(url, accept);
    const third = await get(url, accept);
    for (const res of [second, third]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get(url)).body).toBe(plain.body);
    const revalidated = await get(url, { ...accept, 'if-none-match': plain.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // Hits and 304s, answered before the other hooks, carry the security headers of any
    // answer; a signed-in volunteer's hits come from the same cache through Fastify's reply.
    const security = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];
    const signedIn = { ...accept, authorization: volunteer.token };
    const signedInHit = await get(url, signedIn);
    expect(signedInHit.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(signedInHit.rawPayload).toString()).toBe(plain.body);
    const signedIn304 = await get(url, { ...signedIn, 'if-none-match': plain.headers.etag as string });
    expect(signedIn304.statusCode).toBe(304);
    for (const res of [third, revalidated, signedInHit, signedIn304]) {
      for (const name of security) expect(res.headers[name], name).toBe(plain.headers[name]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(third.headers['content-length']).toBe(String(third.rawPayload.length));
    expect(third.headers['content-type']).toBe(plain.headers['content-type']);
  });
});
