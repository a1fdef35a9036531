import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newVolunteer } from '../support/accounts';

const root = path.resolve(import.meta.dirname, '../..');
const password = 'Monarque22';
const volunteer = `blitzv${Date.now().toString(36)}`;
const admin = `blitza${Date.now().toString(36)}`;
const MONTREAL = { locality: 'Parc Jarry', city: 'Montréal', latitude: 45.5339, longitude: -73.6281 };
const TORONTO = { locality: 'High Park', city: 'Toronto', latitude: 43.6465, longitude: -79.4637 };
const EVENT = {
  name: 'Monarch Blitz 2018',
  name_fr: 'Blitz du monarque 2018',
  name_es: 'Blitz de la monarca 2018',
  start_date: '2018-07-20',
  end_date: '2018-07-28',
};
let eventId = 0;

/**
 * The event covers Québec from 2018-07-20 to 2018-07-28. Counted: two Missions in Québec (40 stems, 4 eggs
 * and 2 caterpillars; 10 stems, 3 caterpillars and 1 adult). Not counted: the same in Ontario, and one in
 * Québec the day after. Whole Blitz: 1 participant, 2 sites, 2 visits, 50 stems, 4 eggs, 5 caterpillars,
 * 0 chrysalises, 1 adult, (4 + 5) × 100 / 50 = 18.00 per 100 stems. Observation rows of the download:
 * eggs, caterpillars (visit 1), caterpillars, adult (visit 2) = 4 monarch rows (+ milkweed rows).
 */
async function mission(request: APIRequestContext, token: string, site: object, date: string, counts: object) {
  const res = await request.post('/api/observations/submit_mission', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      site,
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: (counts as { stems: number }).stems,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: 1,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 0,
            caterpillars: 0,
            chrysalises: 0,
            ...counts,
            stems: undefined,
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
  const v = await newVolunteer(request, volunteer, password);
  await newVolunteer(request, admin, password);
  execFileSync('npx', ['tsx', 'apps/server/src/cli/set-role.ts', admin, 'admin'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
  const signin = await request.post('/api/users/signin', { data: { username: admin, password } });
  const adminToken = ((await signin.json()) as { oauth_token: string }).oauth_token;
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
  const on = params.provinces.find((p) => p.administrative === 'ON')?.province_id;
  await mission(request, v.oauth_token, { ...MONTREAL, province_id: qc }, '2018-07-21', {
    stems: 40,
    eggs: 4,
    caterpillars: 2,
  });
  await mission(request, v.oauth_token, { ...MONTREAL, province_id: qc }, '2018-07-25', {
    stems: 10,
    caterpillars: 3,
    adults: 1,
  });
  await mission(request, v.oauth_token, { ...TORONTO, province_id: on }, '2018-07-22', { stems: 40, eggs: 4 });
  await mission(request, v.oauth_token, { ...MONTREAL, province_id: qc }, '2018-07-29', { stems: 40, eggs: 4 });
  const created = await request.post('/api/admin/blitz-events', {
    headers: { Authorization: adminToken },
    data: { ...EVENT, country_ids: [], province_ids: [qc] },
  });
  expect(created.status(), await created.text()).toBe(200);
  eventId = ((await created.json()) as { id: number }).id;
  await request.dispose();
});

test.describe('server-rendered, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [lng, title, lead] of [
    ['en', 'International Monarch Monitoring Blitz', /One week each summer/],
    ['fr', 'Blitz international de suivi du monarque', /Pendant une semaine chaque été/],
  ] as const) {
    test(`the Blitz page has its title and lead in ${lng}`, async ({ page }) => {
      await page.goto(`/mmapp/${lng}/blitz`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(lead)).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
      await page.goto(`/mmapp/${lng}/blitz/${eventId}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
});

test('the Blitz page shows the event and its totals in English and French', async ({ page }) => {
  await page.goto('/mmapp/en/blitz');
  await expect(page.getByRole('heading', { name: EVENT.name })).toBeVisible();
  const whole = page.getByRole('row', { name: /Whole Blitz/ });
  // participants, sites, visits, stems, eggs, caterpillars, chrysalises, adults, per 100 stems
  await expect(whole.getByRole('cell')).toHaveText(['1', '2', '2', '50', '4', '5', '0', '1', '18.00']);
  // From 768 px wide the figures are tables; the phone's cards are not drawn.
  await expect(page.getByRole('listitem', { name: 'Whole Blitz' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await expect(page.getByRole('row', { name: /^Quebec|^Québec/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Ontario/ })).toHaveCount(0);

  await page.goto(`/mmapp/fr/blitz/${eventId}`);
  await expect(page.getByRole('heading', { name: EVENT.name_fr })).toBeVisible();
  await expect(page.getByRole('row', { name: /Tout le Blitz/ }).getByRole('cell')).toHaveText([
    '1',
    '2',
    '2',
    '50',
    '4',
    '5',
    '0',
    '1',
    '18,00',
  ]);
});

test.describe('on a phone (375 px wide)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the totals are one card per place, a province behind its name, nothing scrolling sideways', async ({
    page,
  }) => {
    await page.goto(`/mmapp/en/blitz/${eventId}`);
    const whole = page.getByRole('listitem', { name: 'Whole Blitz' });
    await expect(whole.getByRole('term')).toHaveText([
      'Participants',
      'Sites',
      'Visits',
      'Stems inspected',
      'Eggs',
      'Caterpillars',
      'Chrysalises',
      'Adults',
      'Eggs + caterpillars per 100 stems',
    ]);
    await expect(whole.getByRole('definition')).toHaveText(['1', '2', '2', '50', '4', '5', '0', '1', '18.00']);
    // The wide tables are not drawn (nor in the accessibility tree) at this width.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: 'Canada' }).getByRole('definition').nth(3)).toHaveText('50');

    const provinces = page.getByRole('list', { name: 'By province or state' });
    await expect(provinces.getByRole('listitem')).toHaveCount(1);
    const quebec = provinces.getByText(/^Qu[ée]bec$/);
    await expect(provinces.getByText('2 visits')).toBeVisible();
    await expect(provinces.getByRole('definition').first()).toBeHidden();
    await quebec.click();
    await expect(provinces.getByRole('definition')).toHaveText(['1', '2', '2', '50', '4', '5', '0', '1', '18.00']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // axe (as Lighthouse's accessibility audit runs it) on the cards, a disclosure open and one closed.
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.goto(`/mmapp/fr/blitz/${eventId}`);
    const tout = page.getByRole('listitem', { name: 'Tout le Blitz' });
    await expect(tout.getByRole('term').last()).toHaveText('Œufs + chenilles par 100 tiges');
    await expect(tout.getByRole('definition').last()).toHaveText('18,00');
    await expect(page.getByRole('list', { name: 'Par province ou État' }).getByText('2 visites')).toBeVisible();
  });
});

test.describe('on a tablet (768 px wide)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the totals are tables whose ten columns fit without a sideways scroll', async ({ page }) => {
    await page.goto(`/mmapp/en/blitz/${eventId}`);
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals.getByRole('row', { name: /Whole Blitz/ }).getByRole('cell')).toHaveText([
      '1',
      '2',
      '2',
      '50',
      '4',
      '5',
      '0',
      '1',
      '18.00',
    ]);
    await expect(totals.getByRole('columnheader', { name: 'Eggs + caterpillars per 100 stems' })).toBeInViewport();
    expect(await totals.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
  });
});

test("Explore names the Blitz filter in the page's language, in a chip the visitor removes", async ({ page }) => {
  await page.goto(`/mmapp/en/explore?blitz_id=${eventId}`);
  await expect(page.getByRole('button', { name: 'Blitz: Monarch Blitz 2018' })).toBeVisible();
  await page.goto(`/mmapp/fr/explore?blitz_id=${eventId}`);
  const chip = page.getByRole('button', { name: 'Blitz : Blitz du monarque 2018' });
  await expect(chip).toBeVisible();
  // The chip's ✕, as the keyboard reaches it: Delete on the focused chip.
  await chip.press('Delete');
  await expect(page).not.toHaveURL(/blitz_id/);
  await expect(page.getByRole('button', { name: /Blitz du monarque/ })).toHaveCount(0);
});

test('the Blitz content page links the current event', async ({ page }) => {
  await page.goto('/mmapp/fr/content/monarch-blitz');
  await page.getByRole('link', { name: 'Voir le Blitz en cours' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/blitz$/);
  await expect(page.getByRole('heading', { name: EVENT.name_fr })).toBeVisible();
});

test("'Download this Blitz's data' downloads the event's observations with a reason", async ({ page }) => {
  await page.goto(`/mmapp/en/blitz/${eventId}`);
  await page.getByRole('button', { name: "Download this Blitz's data" }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByText('Reason is required.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Scientific research' }).click();
  const arriving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await arriving;
  await expect(dialog.getByText('Your download is saved.')).toBeVisible();
  const rows = parse<Record<string, string>>(await readFile(await download.path()), { columns: true });
  const monarchs = rows.filter((r) => r.scientificName?.startsWith('Danaus'));
  expect(monarchs.map((r) => r.eventDate).sort()).toEqual(['2018-07-21', '2018-07-21', '2018-07-25', '2018-07-25']);
  expect(new Set(rows.map((r) => r.recordedBy))).toEqual(new Set([volunteer]));
});
