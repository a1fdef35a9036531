import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newVolunteer } from '../support/accounts';

/**
 * "Leave out flagged records" (docs/adr/0035) in Explore and the download dialog, and the admins'
 * "Exact positions of private sites" box: a volunteer with one ordinary sighting and one whose 5,000
 * eggs (over the 1,000 ceiling) carry a quality flag.
 */
const root = path.resolve(import.meta.dirname, '../..');
let username = '';
let admin: { token: string; user: string } = { token: '', user: '' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const stamp = `${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  username = `fl${stamp}`;
  const volunteer = await newVolunteer(request, username, 'Monarque22');
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
  for (const [locality, eggs] of [
    ['Parc Jarry', 4],
    ['Champ des Possibles', 5000],
  ] as const) {
    const res = await request.post('/api/observations/submit_flash', {
      headers: { Authorization: volunteer.oauth_token },
      data: {
        idempotency_key: randomUUID(),
        locality,
        city: 'Montréal',
        province_id: qc,
        latitude: locality === 'Parc Jarry' ? 45.5339 : 45.5293,
        longitude: locality === 'Parc Jarry' ? -73.6281 : -73.5862,
        checklist_date: '2026-07-14',
        adults: 0,
        eggs,
        caterpillars: 0,
        chrysalises: 0,
        photos: [],
      },
    });
    expect(res.status()).toBe(201);
  }
  const adminName = `fa${stamp}`;
  const session = await newVolunteer(request, adminName, 'Monarque22');
  // The museum's way to name an administrator: the users:role command against the e2e server's database.
  execFileSync('npx', ['tsx', 'apps/server/src/cli/set-role.ts', adminName, 'admin'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
  admin = {
    token: session.oauth_token,
    user: JSON.stringify({ user_id: session.user_id, username: adminName, role_id: 1 }),
  };
  await request.dispose();
});

/** A page signed in as the admin (token and current user in local storage, as the app keeps them). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(({ token, user }) => {
    localStorage.setItem('oauth_token', token);
    localStorage.setItem('currentUser', user);
  }, admin);
  return context.newPage();
}

test('a researcher leaves flagged records out of Explore and the download starts with the same choice', async ({
  page,
}) => {
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await expect(page.getByText('Champ des Possibles').first()).toBeVisible();
  await expect(page.getByText('Parc Jarry').first()).toBeVisible();
  const box = page.getByRole('checkbox', { name: 'Leave out flagged records', exact: true });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page).toHaveURL(/[?&]exclude_flagged=1/);
  await expect(page.getByText('Champ des Possibles')).toHaveCount(0);
  await expect(page.getByText('Parc Jarry').first()).toBeVisible();

  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  await expect(dialog.getByRole('checkbox', { name: 'Leave out flagged records', exact: true })).toBeChecked();
  // Only admins may ask for exact positions.
  await expect(dialog.getByRole('checkbox', { name: 'Exact positions of private sites' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Leave out flagged records', exact: true })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Leave out flagged records', exact: true }).uncheck();
  await expect(page).not.toHaveURL(/exclude_flagged/);
  await expect(page.getByText('Champ des Possibles').first()).toBeVisible();
});

test('en français : « Exclure les données signalées »', async ({ page }) => {
  await page.goto(`/mmapp/fr/explore?username=${username}`);
  await expect(page.getByText('Champ des Possibles').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Exclure les données signalées', exact: true }).check();
  await expect(page).toHaveURL(/[?&]exclude_flagged=1/);
  await expect(page.getByText('Champ des Possibles')).toHaveCount(0);
  await expect(page.getByText('Parc Jarry').first()).toBeVisible();
});

test('the charts and the density view leave flagged records out until the visitor keeps them', async ({ page }) => {
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await expect(page.getByText('Champ des Possibles').first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Leave out flagged records', exact: true })).not.toBeChecked();
  // The charts load when they come near the screen.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const charts = page.getByRole('checkbox', { name: 'Leave out flagged records from the charts' });
  await expect(charts).toBeChecked();
  const kept = page.waitForRequest((r) => r.url().includes('/api/observations/stats?'));
  await charts.uncheck();
  expect(new URL((await kept).url()).searchParams.get('exclude_flagged')).toBe('0');
  await expect(page).toHaveURL(/[?&]exclude_flagged=0/);
  // The list keeps flagged records either way.
  await expect(page.getByText('Champ des Possibles').first()).toBeVisible();

  await page.goto(`/mmapp/en/explore?view=density&username=${username}`);
  const box = page.getByRole('checkbox', { name: 'Leave out flagged records', exact: true });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page).toHaveURL(/[?&]exclude_flagged=0/);
  await box.check();
  await expect(page).not.toHaveURL(/exclude_flagged/);
});

test('an admin may ask the download for the exact positions of private sites, with what that means', async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  const exact = dialog.getByRole('checkbox', { name: 'Exact positions of private sites' });
  await expect(exact).not.toBeChecked();
  await expect(
    dialog.getByText(/each such record says so in dataGeneralizations\. Do not publish this file\./),
  ).toBeVisible();
  await exact.check();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Scientific research' }).click();
  const asked = page.waitForRequest((r) => r.url().includes('/api/observations/download?'));
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get('exact_positions')).toBe('1');
  await expect(dialog.getByText('Your download is saved.')).toBeVisible();
  await page.context().close();
});
