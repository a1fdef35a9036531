import { expect, test, type Page } from '@playwright/test';
import { newVolunteer } from '../support/accounts';
import { startApp } from '../support/app';

// The home page and the content pages come rendered from the server, and the app takes them
// over (hydration) without redrawing them and without an error.

const PHONE = {
  viewport: { width: 375, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};

/** Console errors and page errors (a hydration mismatch is both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('without JavaScript, the home page and a content page show their text, title and description', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...PHONE });
  const page = await context.newPage();
  await page.goto('/mmapp/fr/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comptez les monarques, protégez leurs asclépiades');
  await expect(page.getByRole('link', { name: 'Explorer les observations' })).toBeVisible();
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await page.goto('/mmapp/en/content/monarchs-biology');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Monarch biology');
  await expect(page).toHaveTitle('Monarch biology · Mission Monarch');
  await expect(page.locator('head link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
    'href',
    /\/mmapp\/fr\/content\/monarchs-biology$/,
  );
  await context.close();
});

test("Explore's HTML announces its route's code, and every announced file is served", async ({ request }) => {
  // At its plain address and its map's (`?view=map`) Explore starts its app on demand and announces no code
  // (docs/adr/0039, 0042); with another query string (here the grid) the app starts at once and its route's
  // code is announced.
  expect(await (await request.get('/mmapp/en/explore')).text()).not.toContain('rel="modulepreload"');
  expect(await (await request.get('/mmapp/en/explore?view=map')).text()).not.toContain('rel="modulepreload"');
  const html = await (await request.get('/mmapp/en/explore?view=grid')).text();
  const hrefs = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
    (m) => m[1] ?? '',
  );
  expect(hrefs.some((h) => /\/mmapp\/assets\/explore-[\w-]+\.js$/.test(h))).toBe(true);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
});

for (const [size, options] of [
  ['phone', PHONE],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test(`on a ${size}, the app takes over the rendered page without an error and runs it`, async ({ browser }) => {
    const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/mmapp/en/content/life-cycle');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life cycle');
    // A content page starts its app once used (docs/adr/0033).
    await startApp(page);
    // One description and one set of alternates: the server's head tags gave way to the app's.
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
    await page.goto('/mmapp/en/');
    await startApp(page);
    // Parts drawn from live data appear once the page has hydrated.
    await expect(page.getByTestId('figure-total')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Life cycle', exact: true }).click();
    await expect(page).toHaveURL(/\/mmapp\/en\/content\/life-cycle$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life cycle');
    // Explore and the gallery: their heads come rendered, filters and data follow the hydration.
    await page.goto('/mmapp/en/explore?sort=submitted');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore Data');
    await expect(page.getByText(/^\d+ observations$/)).toBeVisible();
    await page.goto('/mmapp/en/photos?lifestage_id=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photo gallery');
    // The filter shows the URL's life stage: drawn after hydration, from the URL the browser has.
    await expect(page.getByRole('combobox', { name: 'Life stage' })).toHaveText('Adult');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a content page is read without the app, and a press on its menu before the app runs opens the menu', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const appCode: string[] = [];
  page.on('request', (r) => {
    if (/\/mmapp\/assets\/start-[\w-]+\.js$/.test(r.url())) appCode.push(r.url());
  });
  await page.goto('/mmapp/en/content/life-cycle');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life cycle');
  await page.waitForLoadState('networkidle');
  expect(appCode).toEqual([]);
  // The press starts the app; the menu opens once the app runs the page.
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  expect(appCode).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('a content page read without the app stores its language, counts its page view and registers the offline worker', async ({
  browser,
}) => {
  // Its start-up runs in small tasks (docs/adr/0046): none of this waits for the app, nor loads workbox-window.
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  const pageView = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/utilities/pageview'));
  await page.goto('/mmapp/fr/content/life-cycle');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  // A beacon: its body (a Blob) is not shown to Playwright, only that it went out.
  await pageView;
  expect(await page.evaluate(() => localStorage.getItem('mm_lang'))).toBe('fr');
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.scope.endsWith('/mmapp/'));
  expect(scripts.filter((url) => /\/(start|workbox-window[\w.]*)-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-in volunteer gets the page drawn in the browser, not the visitor’s rendered page', async ({
  browser,
  request,
}) => {
  const username = `ssr${Date.now().toString(36)}`;
  const { oauth_token, user_id, role_id } = await newVolunteer(request, username, 'monarque-ssr-1');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(
    ({ token, user }) => {
      if (!localStorage.getItem('oauth_token')) {
        localStorage.setItem('oauth_token', token);
        localStorage.setItem('currentUser', user);
      }
    },
    { token: oauth_token, user: JSON.stringify({ user_id, username, role_id }) },
  );
  const page = await context.newPage();
  const errors = collectErrors(page);
  // The first visit still gets the visitor's page (no cookie yet): the app draws the volunteer's over it.
  await page.goto('/mmapp/en/');
  await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  // From then on the mm_user cookie tells the server not to render.
  await page.goto('/mmapp/en/content/faq');
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
