import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { startApp } from '../support/app';
import { LOCALES, publicRoutes } from '../support/routes';

/**
 * "Accessibility": axe-core on every route of the app in each language, with zero serious
 * or critical violations; and each page's head (title, meta description, lang, hreflang alternates).
 * One visit per route and language; the members-only pages share one signed-in browser context.
 * Every violation is printed (rule, impact, help, nodes) when it fails.
 */

const password = 'Monarque22';

let username = '';
let token = '';
let checklistId = 0;

/** Members-only routes, visited signed in. */
const memberRoutes = () => [
  '/users/myprofile',
  '/submit/submit-data',
  '/submit/flash',
  `/submit/flash/${checklistId}`,
  `/submit/flash/${checklistId}/edit`,
  '/submit/flash-submissions',
  '/submit/mission',
  '/submit/missions',
];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per serious or critical violation, with the elements concerned. */
function describe(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  ${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Opens `url`: the first time (or for another query of the same path) with a page load; after that
 * the way the app itself navigates, through the router (history + popstate), which saves reloading
 * the scripts and translations for each route. Waits for the new page's h1.
 */
async function open(page: Page, url: string): Promise<void> {
  const before = await page
    .evaluate(() => ({ path: location.pathname, h1: document.querySelector('h1')?.textContent ?? null }))
    .catch(() => null);
  if (!before?.h1 || before.path === url.split('?')[0]) {
    await page.goto(url);
  } else {
    // A page rendered for reading starts its app on demand (docs/adr/0033): the router must run first.
    await startApp(page);
    await page.evaluate((u) => {
      history.pushState(null, '', u);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('h1')?.textContent ?? null), {
        message: `${url} replaces the previous page`,
        intervals: [50],
      })
      .not.toBe(before.h1);
  }
  await expect(page.getByRole('heading', { level: 1 }).first(), `${url} shows its heading`).toBeVisible();
}

/**
 * "each page sets its <title>, meta description, lang and hreflang alternates for the
 * other two languages": what is wrong with the head of the page shown, or nothing.
 */
async function headProblems(page: Page, lng: string, route: string): Promise<string[]> {
  const head = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    descriptions: [...document.querySelectorAll('head meta[name="description"]')].map(
      (m) => m.getAttribute('content') ?? '',
    ),
    alternates: Object.fromEntries(
      [...document.querySelectorAll('head link[rel="alternate"]')].map(
        (l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href') ?? ''] as const,
      ),
    ),
  }));
  const problems: string[] = [];
  if (head.lang !== lng) problems.push(`lang is "${head.lang}"`);
  // "<page> · <site>" on every page but the home page, which is the site.
  const titleShape = route ? /^\S.* · (Mission Monarch|Misión Monarca)$/ : /^(Mission Monarch|Misión Monarca)$/;
  if (!titleShape.test(head.title)) problems.push(`title is "${head.title}"`);
  if (head.descriptions.length !== 1 || head.descriptions[0]!.length < 40)
    problems.push(`meta description: ${JSON.stringify(head.descriptions)}`);
  const path = route.split('?')[0];
  for (const other of LOCALES.filter((l) => l !== lng)) {
    // The mission kit does not exist in Spanish (spec §2): no Spanish alternate.
    if (other === 'es' && path === '/content/mission-kit') continue;
    const href = head.alternates[other] ?? '';
    if (!href.endsWith(`/mmapp/${other}${path}`)) problems.push(`hreflang ${other} is "${href}"`);
  }
  return problems;
}

/** Opens a route, waits until nothing is loading, then runs axe and checks the page head. */
async function check(page: Page, lng: string, route: string): Promise<string | null> {
  const url = `/mmapp/${lng}${route}`;
  await open(page, url);
  // Nothing may still be loading (spinners) when axe looks.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const head = await headProblems(page, lng, route);
  if (bad.length === 0 && head.length === 0) return null;
  return `${url}\n${describe(bad)}${head.map((h) => `\n  head: ${h}`).join('')}`;
}

async function checkAll(page: Page, lng: string, routes: string[]) {
  const failures: string[] = [];
  for (const route of routes) {
    const failure = await check(page, lng, route);
    if (failure) failures.push(failure);
  }
  expect(failures, `serious or critical axe violations, or head problems:\n${failures.join('\n')}`).toEqual([]);
}

let member: BrowserContext;

async function signedInContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'oauth_token', value: token }] }],
    },
  });
}

test.beforeAll(async ({ playwright, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  username = `ax${Date.now().toString(36)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Inés',
      last_name: 'Ortega',
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
  };
  const flash = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: new Date().toISOString().slice(0, 10),
      locality: 'Jardin botanique',
      city: 'Montréal',
      province_id: params.provinces.find((p) => p.administrative === 'QC')!.province_id,
      latitude: 45.56,
      longitude: -73.56,
      adults: 2,
      eggs: 3,
      caterpillars: 1,
      chrysalises: 0,
      photos: [],
    },
  });
  expect(flash.status()).toBe(201);
  checklistId = ((await flash.json()) as { checklist_id: number }).checklist_id;
  await request.dispose();
  member = await signedInContext(browser, baseURL);
});

test.afterAll(async () => {
  await member?.close();
});

for (const lng of LOCALES) {
  test(`axe and head: every public route in ${lng} has no serious or critical violation`, async ({ page }) => {
    test.setTimeout(240_000);
    await checkAll(page, lng, publicRoutes(username, checklistId));
  });

  test(`axe and head: every members-only route in ${lng}, signed in, has no serious or critical violation`, async () => {
    test.setTimeout(120_000);
    const page = await member.newPage();
    await checkAll(page, lng, memberRoutes());
    await page.close();
  });
}

/**
 * Serious or critical violations inside `selector` only (an open menu or drawer), once its opening
 * transition has ended: axe reads colours as painted, and a menu still fading in reads lighter.
 */
async function checkPart(page: Page, selector: string, what: string): Promise<string | null> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .include(selector)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.length > 0 ? `${what}\n${describe(bad)}` : null;
}

test('axe: the open header menus (wide) and the open small-screen menu, in each language', async ({ page }) => {
  const failures: string[] = [];
  for (const lng of LOCALES) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/mmapp/${lng}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const buttons = page.getByRole('navigation').first().locator('button[aria-haspopup="true"]');
    await expect(buttons).toHaveCount(5);
    // The menus are built alike: all five in English, the one with the Steps submenu in the others.
    for (let i = 0; i < (lng === 'en' ? 5 : 1); i++) {
      await buttons.nth(i).click();
      await expect(page.getByRole('menu')).toBeVisible();
      const failure = await checkPart(page, '[role="menu"]', `${lng} wide menu ${i + 1}`);
      if (failure) failures.push(failure);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    await expect(page.locator('.MuiDrawer-paper')).toBeVisible();
    const failure = await checkPart(page, '.MuiDrawer-paper', `${lng} small-screen menu`);
    if (failure) failures.push(failure);
  }
  expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
});
