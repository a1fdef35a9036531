import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newVolunteer, type VolunteerSession } from '../support/accounts';
import { startApp } from '../support/app';
import { PHONE, collectErrors, holdApp, signedInContext } from '../support/signed-in';

// Submit data, for a visitor with a session (the `mm_user` cookie), comes rendered from the server as a signed-in
// volunteer sees it, and its app starts when it is used (docs/adr/0048): its links work before, the due notice
// shows without a touch, and an expired session still gets the app's own notice and the sign-in page.

/** Below 30° N the season lasts all year, so a visit is due whatever day the suite runs. */
const HAMMOCK = { locality: 'Hammock Park', city: 'Miami', latitude: 25.7617, longitude: -80.1918 };

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A Mission 8 days ago at a site the volunteer then monitors weekly: one site due. */
async function oneSiteDue(request: APIRequestContext, me: VolunteerSession): Promise<void> {
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  };
  const headers = { Authorization: me.oauth_token };
  const mission = await request.post('/api/observations/submit_mission', {
    headers,
    data: {
      idempotency_key: randomUUID(),
      site: { ...HAMMOCK, province_id: params.provinces.find((p) => p.administrative === 'FL')!.province_id },
      checklist: { checklist_date: daysAgo(8), start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 30,
        monarchs_seen: false,
        milkweeds: [
          {
            milkweed_id: params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 0,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(mission.status(), await mission.text()).toBe(201);
  const { checklist_id } = (await mission.json()) as { checklist_id: number };
  const detail = (await (await request.get(`/api/checklists/${checklist_id}`, { headers })).json()) as {
    site: { site_id: number };
  };
  const monitored = await request.put(`/api/sites/${detail.site.site_id}/monitoring`, { headers, data: {} });
  expect(monitored.status(), await monitored.text()).toBe(200);
}

test('Submit data is whole before the app: signed-in header, due notice, working links @phone', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `sds${Date.now().toString(36)}`, 'monarque-sds-1');
  await oneSiteDue(request, me);
  const context = await signedInContext(browser, me, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const app = await holdApp(page);
  await page.goto('/mmapp/en/submit/submit-data');
  await expect(page.locator('#root')).toHaveAttribute('data-session', '');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit data');
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/submit-data$/);
  // The due notice, without a touch and without the app.
  await expect(page.getByText('1 of your sites is due for a visit this week.')).toBeVisible();
  expect(app.requested()).toBe(false);
  // The header as signed in (the small screen's: its account links are in its menu), no sign-in link.
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // A link followed before the app runs: the page it opens.
  await page.getByRole('link', { name: 'Report a sighting' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash$/);
  // The Flash form (rendered by the server for a session too, docs/adr/0049), the app's code let through.
  app.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash Data');
  expect(errors).toEqual([]);
  await context.close();
});

test('the app hydrates Submit data in place and keeps the due notice; the wide header has the account links', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `sdh${Date.now().toString(36)}`, 'monarque-sdh-1');
  await oneSiteDue(request, me);
  const context = await signedInContext(browser, me, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/fr/submit/submit-data');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soumettre des données');
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByText('1 de vos sites attend une visite cette semaine.')).toBeVisible();
  await startApp(page);
  // The app's own notice in the same place, once; the page hydrated, not drawn again.
  await expect(page.getByText('1 de vos sites attend une visite cette semaine.')).toHaveCount(1);
  await expect(page.getByText('1 de vos sites attend une visite cette semaine.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('an expired session on Submit data gets the app at once, as on a page the browser draws (spec §4, §2)', async ({
  browser,
  request,
}) => {
  const me = await newVolunteer(request, `sdx${Date.now().toString(36)}`, 'monarque-sdx-1');
  const signout = await request.post('/api/users/signout', { headers: { Authorization: me.oauth_token } });
  expect(signout.status()).toBe(204);
  for (const pagePath of ['submit/submit-data', 'submit/mission']) {
    const context = await signedInContext(browser, me, PHONE);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/mmapp/en/${pagePath}`);
    // Without any touch: the sign-in page with the way back, the stored session forgotten.
    await expect(page).toHaveURL(new RegExp(`/mmapp/en/users/signin\\?next=${encodeURIComponent(`/en/${pagePath}`)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    expect(await page.evaluate(() => localStorage.getItem('oauth_token'))).toBeNull();
    expect(errors, pagePath).toEqual([]);
    await context.close();
  }
});

test('a cookie without a stored token on Submit data gets the sign-in page at once (spec §2)', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'mm_user', value: '1', url: 'http://127.0.0.1/' }]);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/en/submit/submit-data');
  await expect(page).toHaveURL(/\/mmapp\/en\/users\/signin\?next=%2Fen%2Fsubmit%2Fsubmit-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  expect(errors).toEqual([]);
  await context.close();
});
