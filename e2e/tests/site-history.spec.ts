import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';

const password = 'Monarque22';
const username = `site${Date.now().toString(36)}`;
const GARDEN = { locality: 'Jardin de Mme Roy', city: 'Outremont', latitude: 45.51234, longitude: -73.60987 };
let token = '';
let siteId = 0;
let firstVisit = 0;
let milkweedId = 0;

/** A Mission at the garden through the API: one milkweed with the given eggs and caterpillars. */
async function mission(request: APIRequestContext, site: object, date: string, eggs: number, caterpillars: number) {
  const res = await request.post('/api/observations/submit_mission', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      site,
      checklist: { checklist_date: date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 30,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: milkweedId,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs,
            caterpillars,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { checklist_id: number }).checklist_id;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Léa',
      last_name: 'Roy',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  token = ((await res.json()) as { oauth_token: string }).oauth_token;
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  };
  milkweedId = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')?.milkweed_id ?? 0;
  const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
  firstVisit = await mission(request, { ...GARDEN, province_id: qc, is_private: true }, '2026-06-29', 4, 0);
  const detail = (await (
    await request.get(`/api/checklists/${firstVisit}`, { headers: { Authorization: token } })
  ).json()) as { site: { site_id: number } };
  siteId = detail.site.site_id;
  await mission(request, { ...GARDEN, site_id: siteId, province_id: qc }, '2026-07-07', 2, 5);
  await request.dispose();
});

async function openSignedIn(page: Page, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
}

test('the owner reaches the site history from a mission and sees every visit with its week chart', async ({ page }) => {
  await openSignedIn(page, `/mmapp/en/checklists/view?id=${firstVisit}`);
  await page.getByRole('link', { name: 'History of this site' }).click();
  await expect(page).toHaveURL(new RegExp(`/mmapp/en/sites/${siteId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Site history' })).toBeVisible();
  await expect(page.getByText('Jardin de Mme Roy, Outremont, Québec')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Monarchs counted per ISO week' })).toBeVisible();
  const table = page.getByRole('table', { name: '2 visits, newest first' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Newest first: 7 July 2026 (ISO week 28), then 29 June (week 27).
  await expect(rows.nth(1)).toContainText('2026-W28');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('2');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('5');
  await expect(rows.nth(2)).toContainText('2026-W27');
});

test('a visitor sees the private site generalised, without its locality', async ({ page }) => {
  await page.goto(`/mmapp/fr/sites/${siteId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historique du site' })).toBeVisible();
  await expect(page.getByText('Un site privé, Québec (lieu exact masqué)')).toBeVisible();
  await expect(page.getByText(/^Position\s*:\s*45\.55, -73\.65$/)).toBeVisible();
  await expect(page.getByRole('table', { name: '2 visites, les plus récentes en premier' })).toBeVisible();
  await expect(page.getByText('Jardin de Mme Roy')).toHaveCount(0);
});

test('a site, a Mission or a shared report that does not exist says so, with a way on to Explore', async ({ page }) => {
  for (const [url, message] of [
    ['/mmapp/en/sites/999999999', 'Resource not found'],
    ['/mmapp/en/checklists/view?id=999999999', 'Resource not found'],
    // A well-formed token (43 characters of base64url) that no report has.
    [`/mmapp/en/report/${'A'.repeat(43)}`, 'This report does not exist, or its link was withdrawn.'],
    ['/mmapp/fr/sites/abc', 'Ressource introuvable'],
  ] as const) {
    await page.goto(url);
    const alert = page.getByRole('alert').filter({ hasText: message });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: /^(Explore data|Explorer les données)$/ })).toHaveAttribute(
      'href',
      url.includes('/fr/') ? '/mmapp/fr/explore' : '/mmapp/en/explore',
    );
  }
});
