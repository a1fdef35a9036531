import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newVolunteer } from '../support/accounts';

/** The admin panel's "Dataset" screen: what every archive's eml.xml says of the dataset (docs/internals.md "GBIF"). */
const root = path.resolve(import.meta.dirname, '../..');
const password = 'Monarque22';
let admin = '';
let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  admin = `ds${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  token = (await newVolunteer(request, admin, password)).oauth_token;
  // The museum's way to name an administrator: the users:role command against the e2e server's database.
  execFileSync('npx', ['tsx', 'apps/server/src/cli/set-role.ts', admin, 'admin'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
  await request.dispose();
});

test('an admin edits the dataset title in French and the EML metadata keeps it', async ({ page, request }) => {
  await page.goto('/mmadmin/');
  await page.getByLabel('Username').fill(admin);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Dataset' }).click();
  await expect(page.getByLabel('Title (English)')).toHaveValue(/^Mission Monarch/);
  const french = page.getByLabel('Title (French)');
  await french.fill('Mission Monarch : monarques et asclépiades');
  await page.getByLabel('Abstract, first paragraph (English)').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  // English is required: nothing is sent.
  await expect(page.getByText('Required').first()).toBeVisible();
  await page
    .getByLabel('Abstract, first paragraph (English)')
    .fill('Volunteers survey milkweed patches for monarch eggs and caterpillars.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Element updated')).toBeVisible();

  const saved = await request.get('/api/admin/dataset/1', { headers: { Authorization: token } });
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toMatchObject({
    title: { fr: 'Mission Monarch : monarques et asclépiades' },
    abstract_intro: { en: 'Volunteers survey milkweed patches for monarch eggs and caterpillars.' },
    updated_by: admin,
  });
});
