import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newVolunteer } from '../support/accounts';
import { startApp } from '../support/app';
import { PHONE, collectErrors, holdApp, signedInContext } from '../support/signed-in';

// The Flash form, for a visitor with a session (the `mm_user` cookie), comes rendered from the server with its
// reference data, and its app starts when it is used (docs/adr/0049). Nothing done before the app runs is lost: typed
// text, a photo chosen (the browser opens the chooser itself), a press on a select, "Use my location" or Save.

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
/** EXIF date only, no GPS: it fills neither the point nor the date (flash.spec.ts). */
const PHOTO = 'flower_canon_s40_exif.webp';
/** Montréal: Quebec's province is suggested from the point. */
const MONTREAL = { latitude: 45.5017, longitude: -73.5673 };

/** The map's tiles come from an address no browser may ask (`MAP_TILE_URL` of the e2e server): not this page's errors. */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('ERR_UNSAFE_PORT'));

/** The device's local day, as the browser's clock gives it. */
const deviceDay = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

/** Quebec's name in `lng`, from the reference data. */
async function quebec(request: APIRequestContext, lng: string): Promise<string> {
  const params = (await (await request.get('/api/utilities/loadparams', { headers: { Language: lng } })).json()) as {
    provinces: { administrative: string; province: string }[];
  };
  return params.provinces.find((p) => p.administrative === 'QC')!.province;
}

test('typed text, a photo and "Use my location" before the app are kept, and the sighting is saved @phone', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `fba${Date.now().toString(36)}`, 'monarque-fba-1');
  const context = await signedInContext(browser, me, {
    ...PHONE,
    geolocation: MONTREAL,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const app = await holdApp(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.locator('#root')).toHaveAttribute('data-session', '');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash Data');
  // The date is the device's day, written before the app (the server leaves it empty), and so is its `max`.
  const date = page.getByLabel(/^Date/);
  const today = await deviceDay(page);
  await expect(date).toHaveValue(today);
  await expect(date).toHaveAttribute('max', today);
  // The map's empty box, of the map's size, until the app draws the map.
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  expect(app.requested()).toBe(false);

  // Before the app: typed text, a count, a photo (the label opens the chooser without the app).
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc Jarry, east meadow');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('3');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Typed before the app ran.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a picture of Adult' }).click();
  await (await chooser).setFiles(path.join(photos, PHOTO));
  // "Use my location", pressed before the app: held, and pressed again once the app runs.
  await page.getByRole('button', { name: 'Use my location' }).click();
  expect(app.requested()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash$/);

  app.release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(String(MONTREAL.latitude));
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText(await quebec(request, 'en'));
  await expect(page.getByRole('textbox', { name: /^Locality/ })).toHaveValue('Parc Jarry, east meadow');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Montréal');
  await expect(page.getByRole('spinbutton', { name: 'Number of adults' })).toHaveValue('3');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Typed before the app ran.');
  await expect(date).toHaveValue(today);
  // The photo chosen before the app: read from the input once the app runs, and uploaded.
  await expect(page.getByRole('button', { name: `Remove picture: ${PHOTO}` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0, { timeout: 20_000 });

  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash\/\d+$/);
  const what = page.getByRole('region', { name: 'What was seen' });
  await expect(what).toContainText('3 × Adult');
  await expect(what.getByRole('img', { name: /^Adult, picture \d$/ })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'When and where' })).toContainText('Parc Jarry, east meadow');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a select pressed before the app opens once it runs; Save pressed before the app checks the form @phone', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `fbs${Date.now().toString(36)}`, 'monarque-fbs-1');
  const context = await signedInContext(browser, me, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  let app = await holdApp(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await page.getByRole('combobox', { name: 'Milkweed' }).click();
  app.release();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: /\(Asclepias syriaca\)$/ }).click();
  await expect(page.getByRole('combobox', { name: 'Milkweed' })).toHaveText(/\(Asclepias syriaca\)$/);

  // Save pressed before the app: the browser does not send the form itself; the app's Save, pressed again,
  // names what is missing, and the typed text is kept.
  await page.unrouteAll();
  app = await holdApp(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Before the app');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash$/);
  app.release();
  await expect(page.getByText('Please select a location on map.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Locality/ })).toHaveValue('Before the app');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a key that opens a select, pressed before the app, opens it once the app runs @phone', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `fbk${Date.now().toString(36)}`, 'monarque-fbk-1');
  const context = await signedInContext(browser, me, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const app = await holdApp(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  const milkweed = page.getByRole('combobox', { name: 'Milkweed' });
  await milkweed.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  app.release();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: /\(Asclepias syriaca\)$/ }).click();
  await expect(milkweed).toHaveText(/\(Asclepias syriaca\)$/);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('in French on a wide screen the app hydrates the form in place; `?outbox=` is drawn by the browser', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `fbf${Date.now().toString(36)}`, 'monarque-fbf-1');
  const context = await signedInContext(browser, me, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/fr/submit/flash');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Données Flash');
  const locality = page.getByRole('textbox', { name: /^Lieu/ });
  await expect(locality).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter une photo : Adulte' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Province/ })).toBeVisible();
  const box = await page.locator('form').boundingBox();
  await startApp(page);
  // Hydrated, not drawn again: the same form, where it was, the map drawn in its box.
  await expect(page.locator('.leaflet-container')).toBeVisible();
  expect(await page.locator('form').boundingBox()).toEqual(box);
  await page.getByRole('combobox', { name: /^Province/ }).click();
  await page.getByRole('option', { name: await quebec(request, 'fr') }).click();
  await expect(page.getByRole('combobox', { name: /^Province/ })).toHaveText(await quebec(request, 'fr'));
  expect(pageErrors(errors)).toEqual([]);

  await page.goto('/mmapp/fr/submit/flash?outbox=00000000-0000-4000-8000-000000000000');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.locator('#root')).not.toHaveAttribute('data-session', /.*/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Données Flash');
  await context.close();
});

test('an expired session on the Flash form gets the sign-in page with the way back (spec §4, §2)', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `fbx${Date.now().toString(36)}`, 'monarque-fbx-1');
  const signout = await request.post('/api/users/signout', { headers: { Authorization: me.oauth_token } });
  expect(signout.status()).toBe(204);
  const context = await signedInContext(browser, me, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page).toHaveURL(/\/mmapp\/en\/users\/signin\?next=%2Fen%2Fsubmit%2Fflash$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  expect(await page.evaluate(() => localStorage.getItem('oauth_token'))).toBeNull();
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
