import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { newVolunteer } from '../support/accounts';

// Photos leave the phone as a JPEG that fits 2048 × 2048 px, upright, without metadata, made in a
// worker (docs/adr/0024-photos-resized-on-the-device.md); a HEIC Chromium cannot decode goes as it is.

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, serviceWorkers: 'allow' });

/**
 * A 12 MP phone photo made from a real one (the Berkeley squirrel, with its GPS and date): 4032 × 3024
 * pixels stored sideways with EXIF orientation 6, so it is upright only once turned to 3024 × 4032;
 * sensor-like noise keeps it as heavy as a phone's JPEG (≈ 3.7 MB at quality 92).
 */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  return sharp(path.join(photos, 'squirrel_berkeley_canon600d_gps.jpg'))
    .resize(width, height, { fit: 'fill' })
    .composite([{ input: noise, blend: 'soft-light' }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

let big: Buffer;
let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  big = await twelveMegapixelPhoto();
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const username = `tl${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  token = (await newVolunteer(request, username, 'Monarque22')).oauth_token;
  await request.dispose();
});

/** Opens an app page signed in, and waits until the service worker controls it (the app works offline). */
async function openInstalled(page: Page, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

/**
 * Every photo upload and Flash submission the page sends. The upload's file is read where the page
 * hands it to XMLHttpRequest (Playwright does not expose multipart bodies made of a Blob); the
 * request's size on the wire comes from the browser (`sizes().requestBodySize`).
 */
async function watchRequests(page: Page) {
  await page.addInitScript(() => {
    const files: Blob[] = [];
    Object.assign(window, { __uploadedFiles: files });
    const proto = XMLHttpRequest.prototype;
    // Called below with the request as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const send = proto.send;
    proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob) files.push(file);
      send.call(this, body);
    };
  });
  const uploads: Request[] = [];
  const submits: Request[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/api/photos/uploadphotos/observations')) uploads.push(r);
    if (r.url().endsWith('/api/observations/submit_flash')) submits.push(r);
  });
  return { uploads, submits };
}

/** The files the page uploaded, in order: their type and bytes. */
async function uploadedFiles(page: Page): Promise<{ type: string; bytes: Buffer }[]> {
  const files = await page.evaluate(() =>
    Promise.all(
      (window as unknown as { __uploadedFiles: Blob[] }).__uploadedFiles.map(async (f) => ({
        type: f.type,
        bytes: Array.from(new Uint8Array(await f.arrayBuffer())),
      })),
    ),
  );
  return files.map((f) => ({ type: f.type, bytes: Buffer.from(f.bytes) }));
}

/** Waits until the service worker's runtime caches hold the translations and the reference data. */
async function expectOfflineCachesFilled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const count = async (name: string) => (await (await caches.open(name)).keys()).length;
          return Math.min(await count('mm-translations'), (await count('mm-reference')) * 2);
        }),
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2);
}

async function pick(page: Page, stage: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add a picture of ${stage}` }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('button', { name: `Remove picture: ${file.name}` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0, { timeout: 30_000 });
}

async function fillTheRest(page: Page, locality: string) {
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('California');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await page.getByRole('textbox', { name: /^Locality/ }).fill(locality);
  await page.getByRole('textbox', { name: 'City' }).fill('Berkeley');
}

/** The pixel size of a JPEG, whether it carries EXIF, and the orientation it asks viewers to apply (1: none). */
async function describeJpeg(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif !== undefined,
    orientation: meta.orientation ?? 1,
  };
}

async function myFlashLocalities(request: APIRequestContext) {
  const res = await request.get('/api/checklists/mine?kind=flash&page=1&limit=50', {
    headers: { Authorization: token },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { locality: string }[] }).data.map((d) => d.locality);
}

test('a 12 MP photo leaves the phone as an upright 2048 px JPEG under 1 MB; its EXIF still fills where and when @small-screen', async ({
  page,
  request,
}) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  const sent = await watchRequests(page);
  await openInstalled(page, '/mmapp/en/submit/flash');
  await pick(page, 'Adult', { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: big });

  // Read from the original before it was shrunk: the copy has no metadata.
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(/^37\.8710/);
  await expect(page.getByLabel(/^Date/)).toHaveValue('2015-06-11');
  // Made in the photo worker; the preview is the copy, upright.
  expect(workers.some((url) => /\/travel-copy\.worker-[\w-]+\.js$/.test(url))).toBe(true);
  const preview = page.getByRole('img', { name: 'IMG_4032.jpg' });
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1536, 2048,
  ]);

  expect(big.length).toBeGreaterThan(3_000_000);
  expect(sent.uploads).toHaveLength(1);
  expect((await sent.uploads[0]!.sizes()).requestBodySize).toBeLessThan(1_000_000);
  const [file] = await uploadedFiles(page);
  expect(file!.type).toBe('image/jpeg');
  // Turned upright on the phone (the original is 4032 × 3024 with orientation 6); its EXIF (date, place:
  // the server's quality flags read them) kept with the orientation set to 1, so nothing turns it again.
  expect(await describeJpeg(file!.bytes)).toEqual({
    format: 'jpeg',
    width: 1536,
    height: 2048,
    exif: true,
    orientation: 1,
  });

  await fillTheRest(page, 'Strawberry Canyon');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  const stored = page.getByRole('region', { name: 'What was seen' }).getByRole('img', { name: 'Adult, picture 1' });
  const large = (await stored.getAttribute('src'))!.replace('/small/', '/large/');
  const res = await request.get(large);
  expect(res.status()).toBe(200);
  const kept = await describeJpeg(await res.body());
  expect([kept.width, kept.height]).toEqual([1536, 2048]);
});

test('offline, the outbox keeps the small copy, lists its size and sends it exactly once @small-screen', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sent = await watchRequests(page);
  await openInstalled(page, '/mmapp/en/submit/flash');
  await expectOfflineCachesFilled(page);
  await context.setOffline(true);
  // A fresh page load with no network: the worker and the resize library come from the service worker.
  await page.reload();
  await pick(page, 'Adult', { name: 'IMG_4033.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(page.getByText('On this device, sent later')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(/^37\.8710/);

  const kept = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mm-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const files = await new Promise<{ blob: Blob }[]>((resolve) => {
      const all = db.transaction('photos').objectStore('photos').getAll();
      all.onsuccess = () => resolve(all.result as { blob: Blob }[]);
    });
    db.close();
    return Promise.all(
      files.map(async ({ blob }) => {
        const bitmap = await createImageBitmap(blob);
        return { type: blob.type, bytes: blob.size, width: bitmap.width, height: bitmap.height };
      }),
    );
  });
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ type: 'image/jpeg', width: 1536, height: 2048 });
  expect(kept[0]!.bytes).toBeLessThan(1_000_000);

  await fillTheRest(page, 'Claremont Canyon');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page).toHaveURL(/\/submit\/flash-submissions$/);
  const card = page.getByRole('region', { name: 'On this device' }).getByRole('listitem', { name: 'Claremont Canyon' });
  await expect(card).toContainText('Waiting to send');
  await expect(card).toContainText(`1 photo · ${Math.round(kept[0]!.bytes / 1000)} kB`);

  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'Sent: Claremont Canyon' }).first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await myFlashLocalities(request)).toContain('Claremont Canyon');
  expect((await myFlashLocalities(request)).filter((l) => l === 'Claremont Canyon')).toHaveLength(1);
  expect(sent.submits).toHaveLength(1);
  expect(sent.uploads).toHaveLength(1);
  expect((await sent.uploads[0]!.sizes()).requestBodySize).toBeLessThan(1_000_000);
  const [file] = await uploadedFiles(page);
  expect(file!.bytes.length).toBe(kept[0]!.bytes);
  expect(await describeJpeg(file!.bytes)).toEqual({
    format: 'jpeg',
    width: 1536,
    height: 2048,
    exif: true,
    orientation: 1,
  });
});

test('an iPhone HEIC goes as it is, fills where and when, and shows its name beside an icon, clear of the delete button @small-screen', async ({
  page,
}) => {
  const sent = await watchRequests(page);
  await openInstalled(page, '/mmapp/en/submit/flash');
  const heic = readFileSync(path.join(photos, 'sicily_iphone7_gps.heic'));
  await pick(page, 'Adult', { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(/^38\.0466/);
  await expect(page.getByLabel(/^Date/)).toHaveValue('2019-10-20');
  // Chromium cannot decode it: the original is sent, and the server (which converts HEIC) accepts it.
  expect(sent.uploads).toHaveLength(1);
  const [file] = await uploadedFiles(page);
  expect(file!.bytes.equals(heic)).toBe(true);
  // No error on the photo: the only message is the pre-fill note.
  await expect(page.getByRole('alert')).toHaveText([/^Location and date were filled in from the photo's data\./]);

  // No broken image: a placeholder with the file name, which the delete button does not cover.
  const tile = page.getByRole('img', { name: 'IMG_0001.HEIC' });
  await expect(tile).toBeVisible();
  const broken = await page
    .locator('img[src^="blob:"]')
    .evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((i) => i.complete && i.naturalWidth === 0).length);
  expect(broken).toBe(0);
  const name = tile.getByText('IMG_0001.HEIC');
  await expect(name).toBeVisible();
  const a = (await name.boundingBox())!;
  const b = (await page.getByRole('button', { name: 'Remove picture: IMG_0001.HEIC' }).boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap).toBe(false);

  // A PNG's eXIf chunk still fills the point of a fresh form.
  await page.goto('/mmapp/en/submit/flash');
  await pick(page, 'Adult', {
    name: 'png_with_exif_and_gps.png',
    mimeType: 'image/png',
    buffer: readFileSync(path.join(photos, 'png_with_exif_and_gps.png')),
  });
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(/^50\.2996/);
});
