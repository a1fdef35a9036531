import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { dismissToast } from '../support/toasts';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, serviceWorkers: 'allow' });

/**
 * A browser with a profile on disk (not an incognito context): what a phone keeps between two
 * launches (IndexedDB, service worker, caches), and what Chromium's installability check needs.
 */
function browserProfile(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'monarch-profile-'));
  const { launchOptions, baseURL } = testInfo.project.use;
  return {
    launch: (): Promise<BrowserContext> =>
      playwright.chromium.launchPersistentContext(dir, {
        ...launchOptions,
        baseURL,
        viewport: PHONE,
        serviceWorkers: 'allow',
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const firstPage = async (context: BrowserContext) => context.pages()[0] ?? (await context.newPage());

/** A new volunteer through the API; answers the username and token. */
async function signUp(request: APIRequestContext): Promise<{ username: string; token: string }> {
  const username = `off${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Noé',
      last_name: 'Tremblay',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  return { username, token: ((await res.json()) as { oauth_token: string }).oauth_token };
}

/**
 * Opens the app signed in (token stored from a page that runs no app code) and waits until the
 * service worker controls the page and keeps the translations and reference data for offline use.
 */
async function openInstalled(page: Page, token: string, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await expectOfflineCachesFilled(page);
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

async function addFlashPhoto(page: Page, stage: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add a picture of ${stage}` }).click();
  await (await chooser).setFiles(path.join(photos, file));
  await expect(page.getByRole('button', { name: `Remove picture: ${file}` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0, { timeout: 20_000 });
}

async function choose(page: Page, scope: Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function pickProvince(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText(name);
}

const strip = (page: Page) => page.getByRole('status', { name: 'Entries kept on this device' });
const outboxCard = (page: Page, place: string) =>
  page.getByRole('region', { name: 'On this device' }).getByRole('listitem', { name: place });

/** Localities of my Flash submissions or Missions on the server, one per checklist. */
async function myLocalities(request: APIRequestContext, token: string, kind: 'flash' | 'mission') {
  const res = await request.get(`/api/checklists/mine?kind=${kind}&page=1&limit=50`, {
    headers: { Authorization: token },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { locality: string }[] }).data.map((d) => d.locality).sort();
}

async function recordFlashOffline(page: Page) {
  // Offline, the photo is kept on this device; its EXIF still fills where and when (read in the page).
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await addFlashPhoto(page, 'Adult', 'squirrel_yosemite_canon600d_gps.jpg');
  await expect(page.getByText('On this device, sent later')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(/^37\.7467/);
  await expect(page.getByLabel(/^Date/)).toHaveValue('2015-06-12');
  // No server to ask: the province is suggested on the device, from the boundaries the service worker keeps.
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('California');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('2');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Tuolumne Meadows');
  await page.getByRole('textbox', { name: 'City' }).fill('Yosemite');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'No network: saved on this device.');
  await expect(page).toHaveURL(/\/submit\/flash-submissions$/);
  await expect(outboxCard(page, 'Tuolumne Meadows')).toContainText('Waiting to send');
}

/** A sighting whose photo the server will refuse (a truncated JPEG: 400 "damaged or incomplete"). */
async function recordDoomedFlashOffline(page: Page) {
  await page.goto('/mmapp/en/submit/flash');
  await addFlashPhoto(page, 'Adult', 'broken_truncated.jpg');
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('45.5339');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-73.6285');
  await pickProvince(page, 'Québec');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc Jarry');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'No network: saved on this device.');
  await expect(outboxCard(page, 'Parc Jarry')).toContainText('Waiting to send');
}

async function recordMissionOffline(page: Page) {
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await page.goto('/mmapp/en/submit/mission');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();
  await page.getByTestId('site-map').click();
  await pickProvince(page, 'Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Champ hors ligne');
  await page.getByRole('textbox', { name: 'City' }).fill('Chibougamau');
  await next();
  await page.getByLabel('Start time').fill('09:00');
  await page.getByLabel('End time').fill('10:30');
  await next();
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('60');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await row.getByRole('combobox', { name: 'Milkweed species' }).fill('syriaca');
  await page.getByRole('option', { name: /Asclepias syriaca/ }).click();
  await choose(page, row, 'Abundance', 'Abundant (10-50/m2)');
  await choose(page, row, 'Location size', 'Patch');
  await row.getByRole('spinbutton', { name: 'Number of eggs' }).fill('4');
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Add a picture of Eggs' }).click();
  await (await chooser).setFiles(path.join(photos, 'genoa_nikon_d3100_gps.jpg'));
  await expect(row.getByRole('img', { name: 'Eggs: genoa_nikon_d3100_gps.jpg' })).toBeVisible();
  await expect(row.getByText('On this device, sent later')).toBeVisible();
  await next();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 4 Confirmation' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit mission' }).click();
  await dismissToast(page, 'No network: saved on this device.');
  await expect(page).toHaveURL(/\/submit\/missions$/);
  await expect(outboxCard(page, 'Champ hors ligne')).toContainText('Waiting to send');
}

test('offline: Flash and Mission wait on the device through a reload and a browser restart, then are sent once each; a refused one is fixed and re-sent', async ({
  playwright,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { username, token } = await signUp(request);
  const profile = browserProfile(playwright, testInfo);
  let context = await profile.launch();
  let page = await firstPage(context);
  await openInstalled(page, token, '/mmapp/en/submit/submit-data');

  // Chromium's own installability check: manifest, icons, service worker, scope, start URL offline.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[];
  };
  expect(installabilityErrors).toEqual([]);
  await cdp.detach();

  await context.setOffline(true);
  await recordFlashOffline(page);
  await recordDoomedFlashOffline(page);
  await recordMissionOffline(page);
  await expect(strip(page)).toContainText('You are offline.');
  await expect(strip(page)).toContainText('3 waiting to send');

  // A reload with no network opens the app, not the browser's error page; the entries are there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
  await expect(outboxCard(page, 'Champ hors ligne')).toContainText('Waiting to send');
  await expect(page.getByText('This page needs the network.', { exact: false })).toBeVisible();

  // The browser is closed, then started again on the same profile, still without network.
  await context.close();
  context = await profile.launch();
  await context.setOffline(true);
  page = await firstPage(context);
  await page.goto('/mmapp/en/submit/flash-submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'My Flash submissions' })).toBeVisible();
  await expect(outboxCard(page, 'Tuolumne Meadows')).toContainText('Waiting to send');
  await expect(outboxCard(page, 'Parc Jarry')).toContainText('Waiting to send');
  await expect(strip(page)).toContainText('3 waiting to send');

  // The network returns: the outbox sends, in order; the broken photo is refused with its reason.
  await context.setOffline(false);
  // Sent in one pass, they are told in one toast.
  await expect(page.getByRole('alert').filter({ hasText: 'Sent: Tuolumne Meadows and Champ hors ligne' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(strip(page)).toContainText('1 to fix');
  await expect(strip(page)).not.toContainText('waiting to send');
  await expect(outboxCard(page, 'Tuolumne Meadows')).toContainText('Sent');
  const refused = outboxCard(page, 'Parc Jarry');
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText('This image is damaged or incomplete.');
  expect(await myLocalities(request, token, 'flash')).toEqual(['Tuolumne Meadows']);
  expect(await myLocalities(request, token, 'mission')).toEqual(['Champ hors ligne']);

  // Fixed in its form (same idempotency key) and sent again.
  await refused.getByRole('link', { name: 'Edit and send again' }).click();
  await expect(page.getByText('This image is damaged or incomplete.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Locality/ })).toHaveValue('Parc Jarry');
  await page.getByRole('button', { name: 'Remove picture: broken_truncated.jpg' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'Thank you! Your observation was saved.');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  await expect(strip(page)).toHaveCount(0);
  expect(await myLocalities(request, token, 'flash')).toEqual(['Parc Jarry', 'Tuolumne Meadows']);

  // A second pass (app start, online event) sends nothing again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  expect(await myLocalities(request, token, 'flash')).toEqual(['Parc Jarry', 'Tuolumne Meadows']);
  expect(await myLocalities(request, token, 'mission')).toEqual(['Champ hors ligne']);

  // Explore shows them.
  await page.goto(`/mmapp/en/explore?username=${username}`);
  for (const place of ['Tuolumne Meadows', 'Parc Jarry', 'Champ hors ligne'])
    await expect(page.getByText(place).first()).toBeVisible();
  await context.close();
  profile.remove();
});

test('a controlled page that finds its offline translations gone keeps them again', async ({ page, request }) => {
  const { token } = await signUp(request);
  await openInstalled(page, token, '/mmapp/en/submit/flash');
  // As if the browser had evicted them, or the worker's first "offline ready" had been missed.
  await page.evaluate(async () => {
    await caches.delete('mm-translations');
    await caches.delete('mm-reference');
  });
  await page.reload();
  await expectOfflineCachesFilled(page);
});

test('ten queued Flash sightings with photos are sent once each when the network returns (sync time reported)', async ({
  context,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await signUp(request);
  await openInstalled(page, token, '/mmapp/en/submit/flash');
  await context.setOffline(true);
  const started = Date.now();
  for (let i = 1; i <= 10; i += 1) {
    await page.goto('/mmapp/en/submit/flash');
    await addFlashPhoto(page, 'Adult', 'squirrel_yosemite_canon600d_gps.jpg');
    await pickProvince(page, 'California');
    await page.getByRole('spinbutton', { name: 'Number of adults' }).fill(String(i));
    await page.getByRole('textbox', { name: /^Locality/ }).fill(`Meadow ${String(i).padStart(2, '0')}`);
    await page.getByRole('textbox', { name: 'City' }).fill('Yosemite');
    await page.getByRole('button', { name: 'Submit observation' }).click();
    await expect(page).toHaveURL(/\/submit\/flash-submissions$/);
  }
  testInfo.annotations.push({ type: 'record 10 offline (s)', description: ((Date.now() - started) / 1000).toFixed(1) });
  await expect(strip(page)).toContainText('10 waiting to send');

  const t0 = Date.now();
  await context.setOffline(false);
  await expect(strip(page)).toHaveCount(0, { timeout: 60_000 });
  const syncMs = Date.now() - t0;
  testInfo.annotations.push({ type: 'outbox sync, 10 entries with photos (ms)', description: String(syncMs) });
  console.log(`outbox sync of 10 entries with photos: ${syncMs} ms`);

  const sent = await myLocalities(request, token, 'flash');
  expect(sent).toEqual(Array.from({ length: 10 }, (_, i) => `Meadow ${String(i + 1).padStart(2, '0')}`));
});

test('online: a Flash the server refuses (400) shows its errors in the form and never enters the outbox', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request);
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  // A point in Montréal filed under Ontario: the server refuses it on province_id.
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('45.5339');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-73.6285');
  await pickProvince(page, 'Ontario');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc Jarry en ligne');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await page.getByRole('button', { name: 'Submit observation' }).click();

  // The reason shows on the field, in the form, as before the outbox; nothing waits or needs fixing.
  await expect(page.getByText('this point lies in Québec. Choose Québec or move the point.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Locality/ })).toHaveValue('Parc Jarry en ligne');
  await expect(strip(page)).toHaveCount(0);
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mm-outbox');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const count = open.result.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
      }),
  );
  expect(kept).toBe(0);
  expect(await myLocalities(request, token, 'flash')).toEqual([]);

  // Fixed in place and sent once.
  await pickProvince(page, 'Québec');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  // Toasts close by themselves after 5 s (spec §8): on a loaded machine it may be gone before a click.
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you! Your observation was saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  expect(await myLocalities(request, token, 'flash')).toEqual(['Parc Jarry en ligne']);
  await page.goto('/mmapp/en/submit/flash-submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'My Flash submissions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'On this device' })).toHaveCount(0);
});

/** A sighting with no photo, typed in while offline. */
async function recordPlainFlashOffline(page: Page, place: string) {
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('45.5573');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-73.5540');
  await pickProvince(page, 'Québec');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('2');
  await page.getByRole('textbox', { name: /^Locality/ }).fill(place);
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'No network: saved on this device.');
  await expect(outboxCard(page, place)).toContainText('Waiting to send');
}

test('a session that ended while offline asks to sign in again, then sends what waited @small-screen', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { username, token } = await signUp(request);
  await openInstalled(page, token, '/mmapp/en/submit/flash');
  await context.setOffline(true);
  await recordPlainFlashOffline(page, 'Jardin botanique');
  // Meanwhile the session ends elsewhere (signed out from another device): the stored token is revoked.
  expect((await request.post('/api/users/signout', { headers: { Authorization: token } })).ok()).toBe(true);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/users\/signin\?next=/, { timeout: 30_000 });
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('oauth_token'))).toBeNull();
  await expect(strip(page)).toContainText('1 waiting to send');
  await expect(strip(page).getByRole('link', { name: 'Sign in to send them' })).toBeVisible();
  await expect(page.getByText('Please try again')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Username or email' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Flash submissions' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Sent: Jardin botanique' })).toBeVisible({ timeout: 30_000 });
  expect(await myLocalities(request, await freshToken(request, username), 'flash')).toEqual(['Jardin botanique']);
});

/** A new session of `username` (the test's first token was revoked). */
async function freshToken(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/users/signin', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { oauth_token: string }).oauth_token;
}

test('entries sent together are told in one toast in dark text, and a refused one gives its reason once @small-screen', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token } = await signUp(request);
  await openInstalled(page, token, '/mmapp/en/submit/flash');
  await context.setOffline(true);
  await recordPlainFlashOffline(page, 'Parc Lafontaine');
  await recordPlainFlashOffline(page, 'Parc La Fontaine nord');
  await recordDoomedFlashOffline(page);
  await expect(strip(page)).toContainText('3 waiting to send');

  await context.setOffline(false);
  const toasts = page.locator('.Toastify__toast');
  const sent = toasts.filter({ hasText: 'Sent: Parc Lafontaine and Parc La Fontaine nord' });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Not accepted: Parc Jarry. Open it to fix it.' }),
  ).toBeVisible();
  // One toast per kind of news, never one per entry: at most two cover the top of the page.
  await expect(toasts).toHaveCount(2);
  await expect(sent).toHaveCSS('color', 'rgba(0, 0, 0, 0.87)');

  const refused = outboxCard(page, 'Parc Jarry');
  await expect(refused).toContainText('Refused');
  await expect(refused.getByText('This image is damaged or incomplete.')).toHaveCount(1);
});

test('online, a Flash the server refuses is told in its form only, with no outbox toast @small-screen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request);
  // Installed: the service worker controls the page and relays Background Sync, as on a volunteer's phone.
  await openInstalled(page, token, '/mmapp/en/submit/flash');
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('45.5339');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-73.6285');
  await pickProvince(page, 'Ontario');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc Jarry refusé');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByText('this point lies in Québec. Choose Québec or move the point.')).toBeVisible();
  // Nothing is kept on the device, so nothing says to open it from there.
  await page.waitForTimeout(3_000);
  await expect(page.getByRole('alert').filter({ hasText: 'Not accepted' })).toHaveCount(0);
  await expect(strip(page)).toHaveCount(0);
});
