import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { pressWhenAppStarts, startApp, throttleCpu } from '../support/app';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';
const suffix = Date.now().toString(36);
let username = '';
/** Unique localities, so that photos other tests share do not get in the way. */
const places = {
  adult: `Parc Jarry ${suffix}`,
  eggs: `Champ des Possibles ${suffix}`,
  caterpillar: `Tommy Thompson Park ${suffix}`,
};

/** Uploads one real photo and submits a Flash sighting of `stage` with it, as the form does. */
async function flashWithPhoto(
  request: APIRequestContext,
  token: string,
  file: string,
  stage: 'adults' | 'eggs' | 'caterpillars',
  locality: string,
  date: string,
  provinceId: number,
) {
  const upload = await request.post('/api/photos/uploadphotos/observations', {
    headers: { Authorization: token },
    multipart: { file: { name: file, mimeType: 'image/jpeg', buffer: await readFile(path.join(photos, file)) } },
  });
  expect(upload.status()).toBe(201);
  const { photo_name } = (await upload.json()) as { photo_name: string };
  const lifestage_id = { adults: 1, eggs: 2, caterpillars: 3 }[stage];
  const res = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: date,
      locality,
      city: 'Montréal',
      province_id: provinceId,
      latitude: 45.5339,
      longitude: -73.6281,
      adults: 0,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      [stage]: 2,
      photos: [{ photo_name, lifestage_id }],
    },
  });
  expect(res.status()).toBe(201);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = `ga${suffix}${testInfo.project.name.slice(0, 2)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Ana',
      last_name: 'Flores',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  const { oauth_token } = (await res.json()) as { oauth_token: string };
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  // Uploaded in this order, so the gallery shows the caterpillar first, then the eggs, then the adult.
  await flashWithPhoto(request, oauth_token, 'genoa_nikon_d3100_gps.jpg', 'adults', places.adult, '2026-06-02', qc);
  await flashWithPhoto(
    request,
    oauth_token,
    'squirrel_yosemite_canon600d_gps.jpg',
    'eggs',
    places.eggs,
    '2026-07-20',
    qc,
  );
  await flashWithPhoto(
    request,
    oauth_token,
    'hillside_tuscany_coolpix_gps.jpg',
    'caterpillars',
    places.caterpillar,
    '2026-08-11',
    qc,
  );
  await request.dispose();
});

test('the gallery takes the Explore filters from the URL: dates, place and observer', async ({ page }) => {
  await open(page, `/mmapp/en/photos?date_from=2026-07-01&province_id=11&username=${username}`, 'Photo gallery');
  await expect(page.getByRole('textbox', { name: 'Observer (username)' })).toHaveValue(username);
  await expect(page.getByText('2 photos', { exact: true })).toBeVisible();
  await expect(tile(page, places.eggs)).toBeVisible();
  await expect(tile(page, places.caterpillar)).toBeVisible();
  await expect(tile(page, places.adult)).toHaveCount(0);
  // Changing one filter keeps the others, in Explore's order.
  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'Eggs' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/photos\\?date_from=2026-07-01&lifestage_id=2&province_id=11&username=${username}$`),
  );
  await expect(tile(page, places.caterpillar)).toHaveCount(0);
  await expect(tile(page, places.eggs)).toBeVisible();
});

/** Fails the test on any console error (spec §8 lists the lightbox's; none may happen here). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens a page, waits for its heading (the first load fetches every translation namespace, slow on a busy
 * machine), and starts its app as a visitor's first key would: the gallery at its plain address is
 * rendered by the server and starts its app on demand (docs/adr/0039).
 */
async function open(page: Page, href: string, heading: string) {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  await startApp(page);
}

const tile = (page: Page, locality: string) =>
  page.getByRole('list', { name: 'Photos' }).getByRole('listitem').filter({ hasText: locality });
/** The lightbox counter, "current / total". */
const counter = (viewer: Locator) => viewer.getByText(/^\d+ \/ \d+$/);
async function position(viewer: Locator): Promise<[number, number]> {
  const [current, total] = (await counter(viewer).innerText()).split(' / ').map(Number);
  return [current!, total!];
}

test('visitors browse photos with captions, filter by life stage and view them in the lightbox', async ({ page }) => {
  const errors = watchConsole(page);
  await open(page, '/mmapp/en/photos', 'Photo gallery');

  // Captions: life stage, date, place and observer; newest first.
  const adult = tile(page, places.adult);
  await expect(adult).toContainText('Adult');
  await expect(adult).toContainText('Jun 2, 2026');
  await expect(adult).toContainText(`${places.adult}, Québec`);
  await expect(adult).toContainText(`by ${username}`);
  await expect(tile(page, places.caterpillar)).toContainText('Caterpillar');
  const tiles = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(tiles.nth(0)).toContainText(places.caterpillar);
  await expect(tiles.nth(1)).toContainText(places.eggs);
  await expect(tiles.nth(2)).toContainText(places.adult);
  await expect(tile(page, places.adult).getByRole('img')).toHaveAttribute('loading', 'lazy');

  // The life-stage filter lives in the URL.
  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'Eggs' }).click();
  await expect(page).toHaveURL(/\/photos\?lifestage_id=2$/);
  await expect(tile(page, places.eggs)).toBeVisible();
  await expect(tile(page, places.adult)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Life stage' })).toHaveText('Eggs', { timeout: 30_000 });
  await expect(tile(page, places.caterpillar)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'All life stages' }).click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(tile(page, places.adult)).toBeVisible();

  // The newest photo opens the lightbox on itself, with its caption.
  const first = page.getByRole('button', { name: new RegExp(`^Enlarge: Caterpillar at ${places.caterpillar}`) });
  await first.click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await expect(counter(viewer)).toHaveText(/^1 \/ \d+$/);
  const [, total] = await position(viewer);
  await expect(viewer.getByText('Caterpillar · Aug 11, 2026')).toBeVisible();
  await expect(viewer.getByText(`${places.caterpillar}, Québec · by ${username}`)).toBeVisible();

  // Next and Previous buttons; Previous from the first photo wraps to the last.
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(counter(viewer)).toHaveText(`2 / ${total}`);
  await expect(viewer.getByText('Eggs · Jul 20, 2026')).toBeVisible();
  await viewer.getByRole('button', { name: 'Previous' }).click();
  await expect(counter(viewer)).toHaveText(`1 / ${total}`);
  await viewer.getByRole('button', { name: 'Previous' }).click();
  await expect(counter(viewer)).toHaveText(`${total} / ${total}`);

  // Keyboard: ArrowRight wraps from the last to the first, ArrowLeft goes back (the library
  // ignores arrow keys for 250 ms after a move, hence the pauses).
  await page.keyboard.press('ArrowRight');
  await expect(counter(viewer)).toHaveText(`1 / ${total}`);
  await page.waitForTimeout(350);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(viewer)).toHaveText(`${total} / ${total}`);
  await page.waitForTimeout(350);
  await page.keyboard.press('ArrowRight');
  await expect(counter(viewer)).toHaveText(`1 / ${total}`);

  // Zoom: three steps (×2, ×2, capped) reach the maximum of 6; Zoom out is then available.
  const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
  const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
  await zoomIn.click();
  await expect(zoomOut).toBeEnabled();
  await zoomIn.click();
  await zoomIn.click();
  await expect(zoomIn).toBeDisabled();
  // Changing photo turns zoom off.
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(counter(viewer)).toHaveText(`2 / ${total}`);
  await expect(zoomIn).toBeEnabled();

  // Thumbnails can be hidden and shown again.
  const thumbnail = viewer.getByRole('button', { name: `1 of ${total}`, exact: true });
  await expect(thumbnail).toBeVisible();
  await viewer.getByRole('button', { name: 'Hide Thumbnails' }).click();
  await expect(thumbnail).toBeHidden();
  await viewer.getByRole('button', { name: 'Show Thumbnails' }).click();
  await expect(thumbnail).toBeVisible();
  await thumbnail.click();
  await expect(counter(viewer)).toHaveText(`1 / ${total}`);

  // Download saves "mission-monarch-{photo id}.jpg".
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download image' }).click();
  expect((await download).suggestedFilename()).toMatch(/^mission-monarch-\d+\.jpg$/);

  // Slideshow: Play advances after 3 s with a progress bar; Pause stops it.
  await viewer.getByRole('button', { name: 'Play' }).click();
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(counter(viewer)).toHaveText(`2 / ${total}`, { timeout: 5000 });
  await viewer.getByRole('button', { name: 'Pause' }).click();
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeVisible();

  // Controls fade after 3 s without activity and come back with the mouse.
  const close = viewer.getByRole('button', { name: 'Close' });
  await expect(close).toHaveCSS('opacity', '0', { timeout: 8000 });
  await page.mouse.move(200, 200);
  await expect(close).toHaveCSS('opacity', '1');

  // Escape closes, and focus goes back to the photo last shown.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^Enlarge: Eggs at ${places.eggs}`) })).toBeFocused();

  // A click outside the photo, controls and caption closes it too.
  await first.click();
  await expect(viewer).toBeVisible();
  await expect(counter(viewer)).toHaveText(`1 / ${total}`);
  // The backdrop beside the shown photo (the library marks the current slide with this class).
  const box = (await viewer.locator('.yarl__slide_current img').boundingBox())!;
  expect(box.x).toBeGreaterThan(80);
  await page.mouse.click(box.x / 2, box.y + box.height / 2);
  await expect(viewer).toBeHidden();

  expect(errors).toEqual([]);
});

test('the gallery and its lightbox speak French', async ({ page }) => {
  const errors = watchConsole(page);
  await open(page, '/mmapp/fr/photos', 'Galerie de photos');
  const adult = tile(page, places.adult);
  await expect(adult).toContainText('Adulte');
  await expect(adult).toContainText('2 juin 2026');
  await expect(adult).toContainText(`par ${username}`);
  await page.getByRole('button', { name: new RegExp(`^Agrandir : Adulte à ${places.adult}`) }).click();
  const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
  await expect(viewer.getByText('Adulte · 2 juin 2026')).toBeVisible();
  for (const name of [
    'Lecture',
    'Masquer les vignettes',
    "Télécharger l'image",
    'Zoom avant',
    'Plein écran',
    'Suivante',
    'Précédente',
  ]) {
    await expect(viewer.getByRole('button', { name })).toBeVisible();
  }
  await viewer.getByRole('button', { name: 'Fermer' }).click();
  await expect(viewer).toBeHidden();
  expect(errors).toEqual([]);
});

test('on a phone the arrows are hidden and the controls stay @small-screen', async ({ page }) => {
  await open(page, '/mmapp/en/photos', 'Photo gallery');
  await page.getByRole('button', { name: new RegExp(`^Enlarge: Caterpillar at ${places.caterpillar}`) }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(counter(viewer)).toHaveText(/^1 \/ \d+$/);
  await expect(viewer.getByRole('button', { name: 'Next' })).toBeHidden();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeVisible();
  const thumbnail = viewer.getByRole('button', { name: /^1 of \d+$/ });
  expect((await thumbnail.boundingBox())?.height).toBe(60);
  await page.keyboard.press('ArrowUp');
  await expect(counter(viewer)).toHaveText(/^2 \/ \d+$/);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
});

test('a photo pressed the moment the app starts, on the photos the server drew, opens in the viewer', async ({
  page,
}) => {
  const errors = watchConsole(page);
  // The app's own grid is drawn in a transition after start-up (long on a slow phone); until then the tiles
  // the server drew are on screen.
  await throttleCpu(page, 6);
  const pressedServerDrawn = await pressWhenAppStarts(
    page,
    `[aria-label^="Enlarge: Caterpillar at ${places.caterpillar}"]`,
  );
  await open(page, '/mmapp/en/photos', 'Photo gallery');
  expect(await pressedServerDrawn()).toBe(true);
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer.getByText('Caterpillar · Aug 11, 2026')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  expect(errors).toEqual([]);
});

test('the gallery says when there is nothing to show and when loading fails', async ({ page }) => {
  const empty = {
    data: [],
    paginator: { current: 1, total: 0, limit: 24, totalpage: 1, hasPre: false, hasNext: false },
  };
  await page.route('**/api/photos/gallery?*', (route) => route.fulfill({ json: empty }));
  await open(page, '/mmapp/en/photos?lifestage_id=4', 'Photo gallery');
  await expect(page.getByText('No photos of this life stage yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all life stages' }).click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByText('No photos have been shared yet.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Submit data' })).toBeVisible();

  await page.unroute('**/api/photos/gallery?*');
  // The query client retries a 5xx once: fail both tries.
  let failures = 2;
  await page.route('**/api/photos/gallery?*', (route) =>
    failures-- > 0
      ? route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'x' } })
      : route.continue(),
  );
  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'Adult' }).click();
  await expect(page.getByText('The photos could not be loaded. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tile(page, places.adult)).toBeVisible();
});
