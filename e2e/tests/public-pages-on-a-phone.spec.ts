import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { openApp, pressWhenAppStarts, startApp, throttleCpu } from '../support/app';

/**
 * The public pages as a volunteer, a teacher and a visitor meet them on a 375 px touch screen, in the
 * language each was tried in: Explore's views and filters, touch target sizes, the photo viewer's zoom,
 * the density tables, a tapped map cluster, French and Spanish wording and a download's citation.
 */
test.use({ viewport: { width: 375, height: 812 } });

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';
const QUEBEC = 11;
const ONTARIO = 9;
let username = '';
let token = '';
let downloadId = '';

async function flash(request: APIRequestContext, s: Record<string, unknown>) {
  const res = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      city: null,
      comment: null,
      photos: [],
      milkweed_id: null,
      adults: 0,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      ...s,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function mission(request: APIRequestContext, site: Record<string, unknown>, date: string, stems: number) {
  const { milkweeds } = (await (await request.get('/api/utilities/loadparams')).json()) as {
    milkweeds: { milkweed_id: number }[];
  };
  const res = await request.post('/api/observations/submit_mission', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      site: { ...site, city: 'Ville' },
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: stems,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: milkweeds[0]?.milkweed_id,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 3,
            caterpillars: 2,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = `ph${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Pia',
      last_name: 'Hone',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  token = ((await res.json()) as { oauth_token: string }).oauth_token;
  // Two sightings without a photo and one with: the grid, list and map must show all three.
  const jarry = { locality: 'Parc Jarry', province_id: QUEBEC, latitude: 45.5338, longitude: -73.6285 };
  await flash(request, { ...jarry, checklist_date: '2025-07-12', adults: 2 });
  await flash(request, {
    locality: 'Old Port',
    province_id: QUEBEC,
    latitude: 45.5075,
    longitude: -73.554,
    checklist_date: '2025-07-10',
    eggs: 4,
  });
  const upload = await request.post('/api/photos/uploadphotos/observations', {
    headers: { Authorization: token },
    multipart: {
      file: {
        name: 'monarch.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(path.join(photos, 'genoa_nikon_d3100_gps.jpg')),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { photo_name } = (await upload.json()) as { photo_name: string };
  await flash(request, {
    ...jarry,
    checklist_date: '2025-07-14',
    adults: 1,
    photos: [{ photo_name, lifestage_id: 1 }],
  });
  // Missions for the density tables.
  await mission(request, jarry, '2025-06-02', 40);
  await mission(
    request,
    { locality: 'High Park', province_id: ONTARIO, latitude: 43.6465, longitude: -79.4637 },
    '2025-06-10',
    25,
  );
  // A download of these observations, for its citation.
  const download = await request.get(`/api/observations/download?format=csv&reason_id=1&username=${username}`, {
    headers: { Authorization: token },
  });
  expect(download.status()).toBe(200);
  downloadId = download.headers()['x-download-id'] ?? '';
  expect(downloadId).toMatch(/^[0-9a-f-]{36}$/);
  await request.dispose();
});

/** Stores the session as the app does, from a same-origin page that runs no app code. */
async function signIn(page: Page) {
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('oauth_token', t), token);
}

/** The rendered box of `locator`, px. */
async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const b = await locator.boundingBox();
  expect(b, String(locator)).not.toBeNull();
  return b!;
}

/** WCAG 2.5.5: at least 44 × 44 CSS px. */
async function expectTouchSize(locator: Locator, what: string) {
  const b = await box(locator);
  expect(b.width, `${what} width`).toBeGreaterThanOrEqual(44);
  expect(b.height, `${what} height`).toBeGreaterThanOrEqual(44);
}

const count = (page: Page) => page.getByText(/^\d+ observations?$/);

test('Explore: the grid shows every record and turns no filter on; list and map keep the same count @small-screen', async ({
  page,
}) => {
  // The three Flash sightings, one of them with a photo.
  await openApp(page, `/mmapp/en/explore?username=${username}&kind=flash`);
  await expect(count(page)).toHaveText('3 observations');
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=grid/);
  await expect(page).not.toHaveURL(/with_photos/);
  await expect(count(page)).toHaveText('3 observations');
  await expect(page.getByRole('list', { name: 'Observations' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByText('3 observations in this area')).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(count(page)).toHaveText('3 observations');
  // "With photos only" is the visitor's filter, unticked.
  await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(page.getByRole('checkbox', { name: 'With photos only' })).not.toBeChecked();
});

test('"Show filters" pressed the moment the app starts, on the Explore page the server drew, opens them @small-screen', async ({
  page,
}) => {
  // The app's own controls are drawn in a transition after start-up (long on a slow phone); until then the
  // server's are on screen.
  await throttleCpu(page, 6);
  const pressedServerDrawn = await pressWhenAppStarts(page, '[data-replay="explore-filters"]');
  await page.goto('/mmapp/en/explore');
  await startApp(page);
  expect(await pressedServerDrawn()).toBe(true);
  await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
});

test('touch targets of the header, Explore, the map, the photo viewer and My profile are 44 px @small-screen', async ({
  page,
}) => {
  await signIn(page);
  await openApp(page, `/mmapp/en/explore?username=${username}`);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await expectTouchSize(page.getByRole('banner').getByRole('link', { name: 'Submit data' }), 'Submit data');
  await expectTouchSize(page.getByRole('button', { name: 'Open the menu' }), 'menu');
  for (const view of ['List', 'Grid', 'Map', 'Density'])
    await expectTouchSize(page.getByRole('button', { name: view, exact: true }), `${view} view`);
  await expectTouchSize(page.getByRole('button', { name: 'Show filters' }), 'Show filters');

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expectTouchSize(page.getByRole('button', { name: 'Zoom in', exact: true }), 'map Zoom in');
  await expectTouchSize(page.getByRole('button', { name: 'Zoom out', exact: true }), 'map Zoom out');

  await openApp(page, `/mmapp/en/photos?username=${username}`);
  await page.getByRole('button', { name: /^Enlarge: Adult at Parc Jarry/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  for (const name of ['Close', 'Zoom in', 'Download image', 'Play'])
    await expectTouchSize(viewer.getByRole('button', { name }), `viewer ${name}`);
  await page.keyboard.press('Escape');

  await openApp(page, '/mmapp/en/users/myprofile');
  await expectTouchSize(page.getByRole('link', { name: 'See my public profile' }), 'See my public profile');
});

test('the photo viewer: a tap on the photo zooms it and a second tap zooms back; Zoom out only while zoomed @small-screen', async ({
  page,
}) => {
  await openApp(page, `/mmapp/en/photos?username=${username}`);
  await page.getByRole('button', { name: /^Enlarge: Adult at Parc Jarry/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
  const photo = viewer.locator('.yarl__slide_current img');
  await expect(photo).toBeVisible();
  await expect(zoomOut).toHaveCount(0);
  const before = await box(photo);
  await photo.tap();
  await expect(zoomOut).toBeVisible();
  await expect.poll(async () => (await photo.boundingBox())?.width ?? 0).toBeGreaterThan(before.width * 1.5);
  await photo.tap();
  await expect(zoomOut).toHaveCount(0);
  await expect.poll(async () => Math.round((await photo.boundingBox())?.width ?? 0)).toBe(Math.round(before.width));
  // Zoom in, then Zoom out, with the buttons: Zoom out goes away at the photo's fitted size.
  await viewer.getByRole('button', { name: 'Zoom in' }).tap();
  await zoomOut.tap();
  await expect(zoomOut).toHaveCount(0);
  await expect(viewer).toBeVisible();
});

test('the density tables fit a phone: one block per week or province, the caption whole @small-screen', async ({
  page,
}) => {
  await openApp(page, `/mmapp/en/explore?view=density&username=${username}`);
  const weeks = page.getByRole('region', { name: 'Eggs and caterpillars per 100 stems, by week of the year' });
  await expect(weeks.getByRole('heading', { name: 'Week 23' })).toBeVisible();
  await expect(weeks.getByRole('listitem').filter({ hasText: 'Week 23' })).toContainText('12.50');
  const provinces = page.getByRole('region', { name: 'Eggs and caterpillars per 100 stems, by province or state' });
  await expect(provinces.getByRole('listitem').filter({ hasText: 'Ontario' })).toContainText('20.00');
  // Nothing in the view scrolls sideways, and the captions are read whole.
  // Polled: the week chart sizes itself to its box once it has measured it. Only boxes a finger can scroll
  // count (overflow auto or scroll): a map's panes overflow its hidden box by design.
  await expect
    .poll(() =>
      page.locator('#density-title').evaluate((title) => {
        const section = title.closest('section')!;
        return [section, ...section.querySelectorAll('*')]
          .filter(
            (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
          )
          .map((el) => `${el.tagName}.${el.className}`);
      }),
    )
    .toEqual([]);
  for (const caption of [weeks, provinces]) {
    const heading = caption.getByRole('heading', { level: 3 });
    const b = await box(heading);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a tapped cluster zooms so that what it held is clear of the zoom buttons @small-screen', async ({ page }) => {
  await openApp(page, `/mmapp/en/explore?view=map&username=${username}`);
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  const bubble = map.locator('.mm-cluster').first();
  await expect(bubble).toBeVisible();
  await bubble.tap();
  // Once the zoom has settled: every marker and bubble lies outside the zoom buttons.
  await page.waitForTimeout(800);
  const controls = await box(map.locator('.leaflet-control-zoom'));
  const markers = map.locator('.leaflet-marker-icon');
  await expect(markers.first()).toBeVisible();
  for (const marker of await markers.all()) {
    const b = await marker.boundingBox();
    if (!b) continue;
    const overlaps =
      b.x < controls.x + controls.width &&
      b.x + b.width > controls.x &&
      b.y < controls.y + controls.height &&
      b.y + b.height > controls.y;
    expect(overlaps, `marker at ${b.x},${b.y} under the zoom buttons`).toBe(false);
  }
});

test('French and Spanish: messages are sentences with their article, and Flash Data has one name @small-screen', async ({
  page,
}) => {
  await signIn(page);
  await openApp(page, '/mmapp/fr/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Données Flash' })).toBeVisible();
  const adults = page.getByRole('spinbutton', { name: "Nombre d'adultes" });
  await adults.fill('-2');
  await page.getByRole('textbox', { name: /^Lieu/ }).fill('');
  await page.getByRole('button', { name: "Soumettre l'observation" }).click();
  await expect(adults).toHaveAccessibleDescription("Le nombre d'adultes doit valoir au moins 0.");
  await expect(page.getByText('Le lieu est obligatoire.', { exact: true })).toBeVisible();

  await openApp(page, '/mmapp/es/submit/flash-submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis observaciones Flash' })).toBeVisible();
  await openApp(page, '/mmapp/es/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Datos Flash' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Número de adultos' }).fill('-2');
  await page.getByRole('textbox', { name: /^Localidad/ }).fill('');
  await page.getByRole('button', { name: /^Enviar/ }).click();
  await expect(page.getByText('La localidad es obligatoria.', { exact: true })).toBeVisible();
  await expect(page.getByText('El número de adultos debe ser como mínimo 0.', { exact: true })).toBeVisible();
});

test("a download's citation on the Spanish page is in Spanish and links the Spanish page @small-screen", async ({
  page,
}) => {
  await openApp(page, `/mmapp/es/downloads/${downloadId}`);
  const citation = page.getByTestId('download-citation');
  await expect(citation).toContainText(
    new RegExp(`Descarga ${downloadId}, \\d+ registros de presencia, consultada el \\d{4}-\\d{2}-\\d{2}\\. `),
  );
  await expect(citation).toContainText(`/mmapp/es/downloads/${downloadId}`);
  await expect(citation).not.toContainText('/mmapp/en/');
  await expect(citation).not.toContainText('records');
});
