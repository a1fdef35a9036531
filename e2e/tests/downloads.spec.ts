import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { parse } from 'csv-parse/sync';

const password = 'Monarque22';
let username = '';
let token = '';

/** A volunteer with two Flash sightings (adults + eggs, then caterpillars): three observations. */
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = `dl${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const signup = await signUpConfirmed(request, {
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
  expect(signup.status()).toBe(201);
  token = ((await signup.json()) as { oauth_token: string }).oauth_token;
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
  const sightings = [
    { checklist_date: '2026-07-14', adults: 2, eggs: 3, caterpillars: 0 },
    { checklist_date: '2026-08-02', adults: 0, eggs: 0, caterpillars: 1 },
  ];
  for (const sighting of sightings) {
    const res = await request.post('/api/observations/submit_flash', {
      headers: { Authorization: token },
      data: {
        idempotency_key: randomUUID(),
        locality: 'Jardin botanique',
        city: 'Montréal',
        province_id: qc,
        latitude: 45.56,
        longitude: -73.56,
        chrysalises: 0,
        photos: [],
        ...sighting,
      },
    });
    expect(res.status()).toBe(201);
  }
  await request.dispose();
});

test('a visitor states a reason and downloads exactly the observations Explore shows, as CSV', async ({
  page,
  request,
}) => {
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  await expect(dialog.getByRole('radio', { name: /^CSV/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Darwin Core Archive/ })).toBeVisible();

  // Spec §5: no reason, no download.
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByText('Reason is required.')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Scientific research' }).click();
  await expect(dialog.getByText('Reason is required.')).toHaveCount(0);
  const arriving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await arriving;
  // The dialog stays to show the download's citation.
  await expect(dialog.getByText('Your download is saved.')).toBeVisible();
  await expect(dialog.getByTestId('download-citation')).toContainText(', 3 occurrences, accessed ');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  expect(download.suggestedFilename()).toMatch(/^mission-monarch-observations-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse<Record<string, string>>(await readFile(await download.path()), { columns: true });
  const list = (await (await request.get(`/api/observations?username=${username}`)).json()) as {
    paginator: { total: number };
  };
  expect(list.paginator.total).toBe(3);
  expect(rows).toHaveLength(list.paginator.total);
  expect(rows.map((r) => r.recordedBy)).toEqual([username, username, username]);
  expect(rows.map((r) => r.lifeStage).sort()).toEqual(['adult', 'egg', 'larva']);
});

test('a signed-in user downloads with their session: no token or ticket appears in any URL', async ({ page }) => {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  await dialog.getByRole('textbox', { name: 'Your reason, in your own words' }).fill('Checking my own data');
  const arriving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await arriving;
  // The page fetched the file with its Authorization header and handed it over as a blob (ADR 0015).
  expect(download.url()).toMatch(/^blob:/);
  const rows = parse<Record<string, string>>(await readFile(await download.path()), { columns: true });
  expect(rows).toHaveLength(3);
});
