import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { startApp } from '../support/app';
import { LOCALES, publicRoutes } from '../support/routes';

/**
 * Every public screen on the narrowest phones still in use (320 CSS px), in the three languages: nothing
 * is wider than the screen, so no page scrolls sideways (WCAG 1.4.10 Reflow). The longest words are
 * Spanish and French, hence every language.
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

let username = '';
let checklistId = 0;
let downloadId = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = `narrow${Date.now().toString(36)}`;
  const password = 'Monarque22';
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Nora',
      last_name: 'Rowe',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'es',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  const { oauth_token: token } = (await res.json()) as { oauth_token: string };
  const flash = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: '2025-08-02',
      locality: 'Jardin botanique de Montréal, pré de l’asclépiade commune',
      city: 'Montréal',
      province_id: 11,
      latitude: 45.5597,
      longitude: -73.5631,
      adults: 3,
      eggs: 12,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
      comment: 'Trois adultes en train de butiner; des œufs sous les feuilles.',
    },
  });
  expect(flash.status()).toBe(201);
  checklistId = ((await flash.json()) as { checklist_id: number }).checklist_id;
  const download = await request.get(`/api/observations/download?format=csv&reason_id=1&username=${username}`, {
    headers: { Authorization: token },
  });
  expect(download.status()).toBe(200);
  downloadId = download.headers()['x-download-id'] ?? '';
  await request.dispose();
});

/** How much wider than the screen the page is (0 when it fits), once its data has arrived. */
async function overflow(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await startApp(page);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return page.evaluate((width) => document.documentElement.scrollWidth - width, WIDTH);
}

for (const lng of LOCALES) {
  test(`every public screen fits ${WIDTH} px in ${lng} @small-screen`, async ({ page }) => {
    test.setTimeout(240_000);
    const routes = [
      // The printable sheets are drawn as on paper (Letter or A4, print-sheets.spec.ts), not as a phone page.
      ...publicRoutes(username, checklistId).filter((route) => !route.startsWith('/print/')),
      '/explore?view=density',
      `/explore?view=grid&username=${username}`,
      `/downloads/${downloadId}`,
    ];
    const wide: string[] = [];
    for (const route of routes) {
      const extra = await overflow(page, `/mmapp/${lng}${route}`);
      if (extra > 0) wide.push(`/mmapp/${lng}${route}: ${WIDTH + extra} px`);
    }
    expect(wide).toEqual([]);
  });
}
