import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';

const password = 'Monarque22';
/** Province ids of the seeded reference data. */
const QUEBEC = 11;
const ONTARIO = 9;
const MICHOACAN = 80;

interface Sighting {
  locality: string;
  province_id: number;
  latitude: number;
  longitude: number;
  checklist_date: string;
  adults?: number;
  eggs?: number;
  caterpillars?: number;
  chrysalises?: number;
  milkweed_id?: number;
}

/** Sightings of the explorer: two close together in Montréal, one in Toronto, one in Michoacán with two life stages. */
const SIGHTINGS: Sighting[] = [
  {
    locality: 'Old Port, Montréal',
    province_id: QUEBEC,
    latitude: 45.5075,
    longitude: -73.554,
    checklist_date: '2024-07-10',
    adults: 2,
  },
  {
    locality: 'Parc Jarry, Montréal',
    province_id: QUEBEC,
    latitude: 45.5338,
    longitude: -73.6285,
    checklist_date: '2024-07-12',
    caterpillars: 3,
  },
  {
    locality: 'Trinity Bellwoods, Toronto',
    province_id: ONTARIO,
    latitude: 43.6475,
    longitude: -79.4137,
    checklist_date: '2024-06-20',
    eggs: 5,
  },
  {
    locality: 'El Rosario sanctuary',
    province_id: MICHOACAN,
    latitude: 19.5944,
    longitude: -100.2694,
    checklist_date: '2024-02-01',
    adults: 40,
    chrysalises: 1,
  },
];

let explorer = '';
let explorerToken = '';
let pager = '';
let stacker = '';

async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Eva',
      last_name: 'Plorer',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { oauth_token: string }).oauth_token;
}

async function submitFlash(request: APIRequestContext, token: string, s: Sighting) {
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
  expect(res.status()).toBe(201);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const stamp = `${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  explorer = `ex${stamp}`;
  pager = `pg${stamp}`;
  stacker = `st${stamp}`;
  explorerToken = await signUp(request, explorer);
  const milkweeds = (
    (await (await request.get('/api/utilities/loadparams')).json()) as {
      milkweeds: { milkweed_id: number; latin_name: string }[];
    }
  ).milkweeds;
  const syriaca = milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')?.milkweed_id;
  for (const s of SIGHTINGS)
    await submitFlash(request, explorerToken, s.adults === 40 ? { ...s, milkweed_id: syriaca } : s);
  // 55 one-observation sightings: more than one page of 50 (spec §9).
  const pagerToken = await signUp(request, pager);
  await Promise.all(
    Array.from({ length: 55 }, (_, i) =>
      submitFlash(request, pagerToken, {
        locality: `Meadow ${i + 1}`,
        province_id: QUEBEC,
        latitude: 46 + i / 100,
        longitude: -72,
        checklist_date: '2023-08-15',
        adults: 1,
      }),
    ),
  );
  // Three visits at exactly one point: a cluster that zooming can never split.
  const stackerToken = await signUp(request, stacker);
  const feeder = { locality: 'Backyard feeder', province_id: QUEBEC, latitude: 45.4765, longitude: -75.7013 };
  for (const [date, adults] of [
    ['2024-05-01', 1],
    ['2024-06-01', 2],
    ['2024-07-01', 3],
  ] as const)
    await submitFlash(request, stackerToken, { ...feeder, checklist_date: date, adults });
  await request.dispose();
});

/** The explorer's own observations, so that other suites' data do not matter. */
const mine = (extra = '') => `/mmapp/en/explore?username=${explorer}${extra}`;

async function expectView(page: Page, view: 'List' | 'Grid' | 'Map') {
  await expect(page.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('list, grid and map views; the URL keeps the view through a reload @phone', async ({ page }) => {
  await page.goto(mine());
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Data' })).toBeVisible();
  await expectView(page, 'List');
  await expect(page.getByText('5 observations', { exact: true })).toBeVisible();
  for (const s of SIGHTINGS) await expect(page.getByText(s.locality).first()).toBeVisible();

  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=grid/);
  // The grid shows the same records as the list (a drawing where there is no photo); it sets no filter.
  await expect(page).not.toHaveURL(/with_photos/);
  const cards = page.getByRole('list', { name: 'Observations' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: 'Trinity Bellwoods, Toronto, Ontario' })).toContainText('5 × Eggs');
  await expect(cards.filter({ hasText: 'Trinity Bellwoods' })).toContainText('Pending');
  await page.reload();
  await expectView(page, 'Grid');
  await expect(cards).toHaveCount(5);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByText('5 observations in this area')).toBeVisible();
  await page.reload();
  await expectView(page, 'Map');
  await expect(page.getByRole('region', { name: /^Map of the observations/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`username=${explorer}`));
});

test('a grid card without a photo shows the drawing of its life stage, with alt text', async ({ page }) => {
  await page.goto(mine('&view=grid'));
  const cards = page.getByRole('list', { name: 'Observations' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  const drawings: [string, string, string][] = [
    ['Parc Jarry', 'Caterpillar', 'caterpillar'],
    ['Trinity Bellwoods', 'Eggs', 'egg'],
    ['Old Port', 'Adult', 'adult'],
  ];
  for (const [place, stage, file] of drawings) {
    const img = cards.filter({ hasText: place }).getByRole('img', { name: `No photo — drawing: ${stage}` });
    await expect(img).toHaveAttribute('src', `/mmapp/img/illustrations/${file}.svg`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(
    cards.filter({ hasText: 'El Rosario' }).getByRole('img', { name: 'No photo — drawing: Chrysalis' }),
  ).toBeVisible();
  await expect(page.locator('img[src$="/img/dummy.svg"]')).toHaveCount(0);
  // The same in French.
  await page.goto(mine('&view=grid').replace('/en/', '/fr/'));
  await expect(page.getByRole('img', { name: 'Pas de photo — dessin : Chenille' })).toBeVisible();
});

test('filters by life stage and by province narrow the rows and go into the URL', async ({ page }) => {
  await page.goto(mine());
  await expect(page.getByText('5 observations', { exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'Caterpillar' }).click();
  await expect(page).toHaveURL(/lifestage_id=3/);
  await expect(page.getByText('1 observation', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Parc Jarry, Montréal' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Old Port, Montréal' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Life stage' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/lifestage_id/);
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Canada' }).click();
  await expect(page).toHaveURL(/country_id=1/);
  await expect(page.getByText('3 observations', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Province or state' }).click();
  await expect(page.getByRole('option', { name: 'Texas' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Ontario' }).click();
  await expect(page).toHaveURL(/province_id=9/);
  await expect(page.getByText('1 observation', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Trinity Bellwoods, Toronto' })).toBeVisible();

  // A shared link shows the same rows and filters.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Province or state' })).toHaveText('Ontario');
  await expect(page.getByRole('cell', { name: 'Trinity Bellwoods, Toronto' })).toBeVisible();

  // Dates are typed in the browser's order (MM/DD/YYYY in US English) and kept as yyyy-MM-dd.
  await page.getByLabel('From', { exact: true }).focus();
  await page.keyboard.type('07012024');
  await expect(page).toHaveURL(/date_from=2024-07-01/);
  await expect(page.getByText('No observations to show.')).toBeVisible();

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('textbox', { name: 'Observer (username)' })).toHaveValue('');
});

test('paging: 50 a page, next and previous, and "Load more" appends the next page', async ({ page }) => {
  const rows = page.getByRole('table', { name: 'Explore Data' }).getByRole('row');
  await page.goto(`/mmapp/en/explore?username=${pager}`);
  await expect(page.getByText('55 observations', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(51);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // Each row links to its visit's details, as grid cards and map popups do.
  await expect(rows.nth(1).getByRole('link')).toHaveAttribute('href', /\/mmapp\/en\/checklists\/view\?id=\d+$/);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(6);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows).toHaveCount(51);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(56);
  await expect(page.getByText('Pages 1–2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('map: several visits at one exact place open a list of their observations, each linking to its details', async ({
  page,
}) => {
  await page.goto(`/mmapp/en/explore?username=${stacker}&view=map`);
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  await expect(page.getByText('3 observations in this area')).toBeVisible();
  await map.getByRole('button', { name: '3 observations at this exact place, from several visits' }).click();
  const popup = page.getByTestId('place-popup');
  await expect(popup.getByRole('heading', { name: 'Observations at this exact place' })).toBeVisible();
  const links = popup.getByRole('list', { name: 'Observations at this exact place' }).getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAccessibleName(/^Details of the visit of .+2024: 3 × Adult$/);
  await links.first().click();
  await expect(page).toHaveURL(/\/mmapp\/en\/checklists\/view\?id=\d+$/);
});

test('map: a cluster zooms in and splits, a pin opens a popup with counts and a link; clear map and my locations', async ({
  page,
}) => {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), explorerToken);
  await page.goto(mine('&view=map'));
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  await expect(page.getByText('5 observations in this area')).toBeVisible();

  // The Michoacán checklist holds two observations: one pin, not a cluster.
  await expect(map.getByRole('button', { name: '2 observations of one visit: show the details' })).toBeVisible();
  await expect(map.getByRole('button', { name: '1 observation: show the details' })).toHaveCount(1);
  const montreal = map.getByRole('button', { name: '2 observations: zoom in' });
  await montreal.click();
  await expect(montreal).toHaveCount(0);
  const pins = map.getByRole('button', { name: '1 observation: show the details' });
  await expect(pins).toHaveCount(2);
  await expect(page.getByText('2 observations in this area')).toBeVisible();

  await pins.first().click();
  const popup = page.getByTestId('checklist-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('list', { name: 'Monarchs counted' })).toContainText(/Adult: 2|Caterpillar: 3/);
  const link = popup.getByRole('link', { name: 'View details' });
  await expect(link).toHaveAttribute('href', /\/mmapp\/en\/checklists\/view\?id=\d+$/);

  await page.getByRole('button', { name: 'Show my locations' }).click();
  await expect(map.getByRole('button', { name: 'My location: El Rosario sanctuary' })).toBeAttached();
  await expect(map.getByRole('button', { name: /^My location: / })).toHaveCount(4);

  await page.getByRole('button', { name: 'Clear map' }).click();
  await expect(page).toHaveURL(/\/explore\?view=map$/);
  await expect(map.getByRole('button', { name: /^My location: / })).toHaveCount(0);

  // The details page of a Flash checklist.
  await page.goto(mine('&view=map'));
  await map.getByRole('button', { name: '2 observations of one visit: show the details' }).click();
  await expect(popup).toContainText('Adult: 40');
  await expect(popup).toContainText('Chrysalis: 1');
  await expect(popup).toContainText('Common milkweed');
  await popup.getByRole('link', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data details' })).toBeVisible();
  await expect(page.getByText('El Rosario sanctuary').first()).toBeVisible();
});
