import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { signUpConfirmed } from '../support/accounts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const password = 'Monarque22';
const stamp = Date.now().toString(36);
const admin = `qadm${stamp}`;
const volunteer = `qvol${stamp}`;
const root = path.resolve(import.meta.dirname, '../..');
const photos = path.join(root, 'fixtures/photos');
let token = '';
/** The checklist id of the July Flash sighting the near-duplicate warning names. */
let summerId = 0;

async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Léa',
      last_name: 'Gagnon',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { oauth_token: string }).oauth_token;
}

/** Makes an account an administrator with the users:role command, against the e2e server's database. */
function grantAdmin(username: string) {
  execFileSync('npx', ['tsx', 'apps/server/src/cli/set-role.ts', username, 'admin'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

/** A Flash sighting in Québec City, through the API. */
async function submitFlash(
  request: APIRequestContext,
  locality: string,
  date: string,
  counts: object,
): Promise<number> {
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const res = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: date,
      locality,
      city: 'Québec',
      province_id: params.provinces.find((p) => p.administrative === 'QC')?.province_id,
      latitude: 46.81,
      longitude: -71.21,
      adults: 0,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
      ...counts,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { checklist_id: number }).checklist_id;
}

async function openSignedIn(page: Page, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signUp(request, admin);
  grantAdmin(admin);
  token = await signUp(request, volunteer);
  await submitFlash(request, 'Jardin en hiver', '2026-01-12', { eggs: 4 });
  summerId = await submitFlash(request, 'Jardin en été', '2026-07-12', { adults: 2 });
  await request.dispose();
});

test('the Flash form warns gently about eggs in January in Québec, and still submits', async ({ page }) => {
  await openSignedIn(page, '/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await page.getByLabel(/^Date/).fill('2026-01-15');
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('46.81');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-71.21');
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('spinbutton', { name: 'Number of eggs' }).fill('3');
  const warning = page.getByRole('status').filter({ hasText: 'Please check before sending' });
  await expect(warning).toContainText('Eggs in January in Québec are unusual: please check the date.');
  await expect(warning).toContainText('These are only warnings: you can still submit.');

  // In July the same eggs are expected: the warning goes away.
  await page.getByLabel(/^Date/).fill('2026-07-15');
  await expect(warning).toHaveCount(0);
  await page.getByLabel(/^Date/).fill('2026-01-15');
  await expect(warning).toBeVisible();

  await page.getByRole('textbox', { name: /^Locality/ }).fill('Plaines d’Abraham');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you! Your observation was saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash\/\d+$/);
});

const flashWarning = (page: Page) => page.getByRole('status').filter({ hasText: 'Please check before sending' });

test('the Flash form warns of a near-duplicate from the server, and only the browser rules run offline', async ({
  page,
  context,
}) => {
  await openSignedIn(page, '/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  // Installed: the service worker holds the app's files for the offline part below.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  const previews: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/quality/preview')) previews.push(r.url());
  });
  // The same two adults as the July record, about 33 m north of it, the same day.
  await page.getByLabel(/^Date/).fill('2026-07-12');
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('46.8103');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-71.21');
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('2');
  const warning = flashWarning(page);
  await expect(warning).toContainText(
    `You already recorded the same counts 33 m from here on this day (record #${summerId}): is this a duplicate?`,
  );
  await expect(warning).toContainText('These are only warnings: you can still submit.');
  // Other counts are no twin: the warning goes.
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('3');
  await expect(warning).toHaveCount(0);

  // Offline: no preview is asked, the browser's own rules still warn, and the form still queues.
  await context.setOffline(true);
  const asked = previews.length;
  await page.getByLabel(/^Date/).fill('2026-01-12');
  await page.getByRole('spinbutton', { name: 'Number of eggs' }).fill('2');
  await expect(warning).toContainText('Eggs in January in Québec are unusual: please check the date.');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('2');
  await page.waitForTimeout(1_000); // longer than the preview's debounce: nothing may be sent meanwhile
  expect(previews.length).toBe(asked);
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Jardin hors ligne');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page).toHaveURL(/\/submit\/flash-submissions$/);
  expect(previews.length).toBe(asked);
  await context.setOffline(false);
});

test('the Flash form warns of a point in another province than the one chosen; sending still refuses it', async ({
  page,
}) => {
  await openSignedIn(page, '/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await page.getByLabel(/^Date/).fill('2026-07-15');
  // Québec chosen by hand first, so the point does not replace it with a suggestion; then a Toronto point.
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Québec', exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('43.65');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-79.38');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  const warning = flashWarning(page);
  await expect(warning).toContainText('The point lies in Ontario, not in Québec: please check the location.');
  await expect(warning).toContainText('cannot be sent: please correct the point or the province.');
  await expect(warning).not.toContainText('These are only warnings');

  // The button stays enabled; the server's hard error still names the field.
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc de la Reine');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByText('this point lies in Ontario. Choose Ontario or move the point.').first()).toBeVisible();

  // The right province clears the warning.
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Ontario', exact: true }).click();
  await expect(warning).toHaveCount(0);
});

test('a Mission step warns of a photo taken far from the site, from the server', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, '/mmapp/en/submit/mission');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();
  const warning = flashWarning(page);
  await page.getByTestId('site-map').click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Champ des Possibles');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 When' })).toBeVisible();
  await page.getByLabel(/^Date/).fill('2026-07-15');
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('11:00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Step 3 What' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('40');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await row.getByRole('spinbutton', { name: 'Number of caterpillars' }).fill('2');
  await expect(warning).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Add a picture of Caterpillar' }).click();
  await (await chooser).setFiles(path.join(photos, 'genoa_nikon_d3100_gps.jpg'));
  await expect(row.getByRole('img', { name: 'Caterpillar: genoa_nikon_d3100_gps.jpg' })).toBeVisible({
    timeout: 20_000,
  });
  // Genoa, Italy: thousands of km from a point in Québec, read from the upload's EXIF on the server.
  await expect(warning).toContainText(
    /A photo was taken [\d,]+ km from the point entered: please check the location\./,
  );
  await expect(warning).toContainText('These are only warnings: you can still submit.');
});

test('an admin filters the queue by flag, reads the reason and accepts the flagged record', async ({ page }) => {
  await page.goto('/mmadmin/');
  await page.getByLabel('Username').fill(admin);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Observations' }).click();
  await page.getByRole('textbox', { name: 'Observer' }).fill(volunteer);
  await expect(page).toHaveURL(new RegExp(`filter=.*${volunteer}`));
  await expect(page.getByRole('row').filter({ hasText: 'Jardin en été' })).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Quality flag' }).click();
  await page.getByRole('option', { name: 'Out of season' }).click();
  await expect(page).toHaveURL(/out_of_season/);
  const row = page.getByRole('row').filter({ hasText: 'Jardin en hiver' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Out of season')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Jardin en été' })).toHaveCount(0);

  await row.getByRole('cell', { name: 'Jardin en hiver' }).click();
  const reasons = page.getByRole('region', { name: 'Quality flags' });
  await expect(reasons).toContainText('Eggs in January in Québec are unusual: please check the date.');
  await page.getByRole('button', { name: 'Mark as Valid' }).click();
  await expect(page.getByText('1 observation is now Valid.')).toBeVisible();
  await expect(reasons).toContainText(`Accepted by ${admin}`);
});
