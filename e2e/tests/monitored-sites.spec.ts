import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newVolunteer } from '../support/accounts';

/**
 * Monitored sites (docs/monitoring.md) on a phone: a volunteer marks a site monitored from its page,
 * sees it due in My sites, loses the network, visits it again from the copy kept on the device (the
 * form filled in from the last visit), sends it through the outbox once the network returns, and the
 * site is no longer due.
 */
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, serviceWorkers: 'allow' });

const password = 'Monarque22';
/** Below 30° N the season lasts all year, so a visit is due whatever day the suite runs. */
const HAMMOCK = { locality: 'Hammock Park', city: 'Miami', latitude: 25.7617, longitude: -80.1918 };

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function myMissions(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/checklists/mine?kind=mission&page=1&limit=50', {
    headers: { Authorization: token },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { checklist_date: string }[] }).data.map((d) => d.checklist_date).sort();
}

async function openSignedIn(page: Page, token: string, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a monitored site is visited again without network, prefilled, sent once, and no longer due @phone', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await newVolunteer(request, `mon${Date.now().toString(36)}`, password);
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  };
  const florida = params.provinces.find((p) => p.administrative === 'FL')!.province_id;
  const syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  const first = await request.post('/api/observations/submit_mission', {
    headers: { Authorization: me.oauth_token },
    data: {
      idempotency_key: randomUUID(),
      site: { ...HAMMOCK, province_id: florida },
      checklist: { checklist_date: daysAgo(8), start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: 30,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 0,
            eggs: 4,
            caterpillars: 1,
            chrysalises: 0,
          },
        ],
        photos: [],
      },
    },
  });
  expect(first.status()).toBe(201);
  const checklistId = ((await first.json()) as { checklist_id: number }).checklist_id;
  const detail = (await (
    await request.get(`/api/checklists/${checklistId}`, { headers: { Authorization: me.oauth_token } })
  ).json()) as { site: { site_id: number } };
  const siteId = detail.site.site_id;

  // Marked from the site page, pressed while the page's first list of monitored sites is still on its way (as on
  // a slow network): the page must show the change, not that list.
  let firstList = true;
  await page.route('**/api/sites/monitored', async (route) => {
    const answer = await route.fetch();
    if (firstList) await new Promise((resolve) => setTimeout(resolve, 2000));
    firstList = false;
    await route.fulfill({ response: answer });
  });
  await openSignedIn(page, me.oauth_token, `/mmapp/en/sites/${siteId}`);
  // The press is sent and accepted, and the list of monitored sites is asked again after it.
  let markedYet = false;
  const marked = page.waitForResponse((r) => {
    markedYet ||= r.url().endsWith(`/api/sites/${siteId}/monitoring`) && r.request().method() === 'PUT';
    return markedYet;
  });
  const listedAgain = page.waitForResponse(
    (r) => markedYet && r.url().endsWith('/api/sites/monitored') && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Monitor this site' }).click();
  expect((await marked).status()).toBe(200);
  expect((await listedAgain).status()).toBe(200);
  await expect(page.getByText('Monitored · Visit due this week')).toBeVisible();
  await page.unroute('**/api/sites/monitored');

  // The Mission form once online: its reference data are then kept for offline use.
  await page.goto('/mmapp/en/submit/mission');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();

  // Submit data says so; My sites lists it as due.
  await page.goto('/mmapp/en/submit/submit-data');
  await expect(page.getByText('1 of your sites is due for a visit this week.')).toBeVisible();
  await page.getByRole('link', { name: 'My sites' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My sites' })).toBeVisible();
  const card = page.getByRole('region', { name: 'My sites' });
  await expect(card.getByText('Visit due this week')).toBeVisible();
  await expect(card.getByText('1 visit this season')).toBeVisible();
  // The service worker keeps the app, its translations and reference data (as in offline-outbox.spec.ts).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
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

  // No network: the page comes back from the device, and "Visit again" still opens a filled-in Mission.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('No network: this is the copy kept on this device.')).toBeVisible();
  await card.getByRole('link', { name: 'Visit again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();
  await expect(page.getByText(/^Filled in from your visit of/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Locality' })).toHaveValue('Hammock Park');
  await expect(page.getByRole('checkbox', { name: 'Monitor this site: a visit every week' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Start time').fill('09:00');
  await page.getByLabel('End time').fill('10:15');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' })).toHaveValue('30');
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await expect(row.getByRole('combobox', { name: 'Milkweed species' })).toHaveValue(/syriaca|Common milkweed/i);
  await expect(row.getByRole('spinbutton', { name: 'Number of eggs' })).toHaveValue('0');
  await row.getByRole('spinbutton', { name: 'Number of eggs' }).fill('2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit mission' }).click();
  await expect(page.getByText('No network: saved on this device.')).toBeVisible();
  await expect(page).toHaveURL(/\/submit\/missions$/);

  // The network returns: sent once, and the site is no longer due.
  await context.setOffline(false);
  await expect.poll(() => myMissions(request, me.oauth_token), { timeout: 30_000 }).toEqual([daysAgo(8), daysAgo(0)]);
  await page.goto('/mmapp/en/submit/sites');
  await expect(card.getByText('2 visits this season')).toBeVisible();
  await expect(card.getByText('Visit due this week')).toHaveCount(0);
  await expect(card.getByText(/^Next visit from/)).toBeVisible();

  // The same page in French.
  await page.goto('/mmapp/fr/submit/sites');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes sites' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visiter de nouveau' })).toBeVisible();
  await expect(page.getByText('2 visites cette saison')).toBeVisible();
  expect(await myMissions(request, me.oauth_token)).toHaveLength(2);
});
