import { randomUUID } from 'node:crypto';
import { signUpConfirmed } from '../support/accounts';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Explore for researchers: the density view of one volunteer's Missions, drawn as a chart
 * with its table, and the list order kept in the URL.
 */
const password = 'Monarque22';
const QUEBEC = 11;
const ONTARIO = 9;
let username = '';

async function signUp(request: APIRequestContext): Promise<string> {
  username = `dens${randomUUID().slice(0, 8)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Dana',
      last_name: 'Sity',
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

async function mission(
  request: APIRequestContext,
  token: string,
  site: { locality: string; province_id: number; latitude: number; longitude: number },
  date: string,
  stems: number,
  eggs: number,
  caterpillars: number,
) {
  const milkweeds = (await (await request.get('/api/utilities/loadparams')).json()) as {
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
            milkweed_id: milkweeds.milkweeds[0]?.milkweed_id,
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
  expect(res.status()).toBe(201);
}

test.beforeAll(async ({ request }) => {
  const token = await signUp(request);
  const montreal = { locality: 'Parc Jarry', province_id: QUEBEC, latitude: 45.5339, longitude: -73.6281 };
  const toronto = { locality: 'High Park', province_id: ONTARIO, latitude: 43.6465, longitude: -79.4637 };
  // Week 23: 50 stems, 10 eggs + caterpillars → 20.00 per 100 stems; week 24: 50 stems, 2 → 4.00.
  await mission(request, token, montreal, '2026-06-01', 40, 5, 2);
  await mission(request, token, montreal, '2026-06-03', 10, 0, 3);
  await mission(request, token, toronto, '2026-06-10', 50, 2, 0);
});

test('the density view draws eggs and caterpillars per 100 stems with its table, for the filters', async ({ page }) => {
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('button', { name: 'Density' }).click();
  await expect(page).toHaveURL(/view=density/);
  await expect(page.getByRole('heading', { name: 'Eggs and caterpillars per 100 milkweed stems' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Eggs and caterpillars per 100 stems, by week of the year' }),
  ).toBeVisible();
  const weeks = page.getByRole('table', { name: 'Eggs and caterpillars per 100 stems, by week of the year' });
  await expect(weeks.getByRole('row', { name: /Week 23/ })).toContainText('20.00');
  await expect(weeks.getByRole('row', { name: /Week 24/ })).toContainText('4.00');
  await expect(weeks.getByRole('row', { name: /All weeks/ })).toContainText('12.00');
  const provinces = page.getByRole('table', { name: 'Eggs and caterpillars per 100 stems, by province or state' });
  await expect(provinces.getByRole('row', { name: /Quebec|Québec/ })).toContainText('20.00');
  await expect(provinces.getByRole('row', { name: /Ontario/ })).toContainText('4.00');
  // The map colours each 1° cell by its class: Montréal 20.00 (10 to under 25), Toronto 4.00 (under 5).
  const map = page.getByRole('region', { name: 'Eggs and caterpillars per 100 stems, by 1° cell of the map' });
  await expect(map.locator('path.density-cell')).toHaveCount(2);
  await expect(map.locator('path.density-cell[fill="#78c679"]')).toHaveCount(1);
  await expect(map.locator('path.density-cell[fill="#d9f0a3"]')).toHaveCount(1);
  const legend = page.getByRole('list', { name: 'Legend: eggs and caterpillars per 100 stems' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'None',
    'Under 5',
    '5 to under 10',
    '10 to under 25',
    '25 to under 50',
    '50 or more',
  ]);

  // A filter narrows the figures; a reload keeps view and filters.
  await page.goto(`/mmapp/en/explore?view=density&username=${username}&province_id=${ONTARIO}`);
  await expect(weeks.getByRole('row', { name: /All weeks/ })).toContainText('4.00');
  await expect(weeks.getByRole('row', { name: /Week 23/ })).toHaveCount(0);
});

test('the list order is chosen in the page and kept in the URL', async ({ page }) => {
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: 'Newest submitted first' }).click();
  await expect(page).toHaveURL(/sort=submitted/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveText('Newest submitted first');
});
