import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Issue 6 "Accessibility": axe-core on every route of the app in each language, with zero serious
 * or critical violations. One page load per route and language; the members-only pages share one
 * signed-in browser context. Every violation is printed (rule, impact, help, nodes) when it fails.
 */

const LOCALES = ['en', 'fr', 'es'] as const;
const CONTENT_SLUGS = [
  'contact-us',
  'what-is-a-mission',
  'milkweed-identification',
  'monarch-identification',
  'ready-to-go',
  'mission-kit',
  'monarchs-biology',
  'life-cycle',
  'monarch-identification-annual-cycle',
  'the-research-project',
  'the-research-project-2',
  'monarch-blitz',
  'partners',
  'trousse-pedagogique',
  'faq',
];
const password = 'Monarque22';

let username = '';
let token = '';
let checklistId = 0;

/** Routes open to visitors, after the locale (`/mmapp/{lng}`). */
const publicRoutes = () => [
  '',
  ...CONTENT_SLUGS.map((slug) => `/content/${slug}`),
  '/explore',
  '/explore?view=grid',
  '/explore?view=map',
  '/photos',
  '/users/signin',
  '/users/signup',
  '/users/forgotpassword',
  '/users/resetpassword?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  `/users/profile/${username}`,
  `/checklists/view?id=${checklistId}`,
  '/no-such-page',
];

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
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `  ${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** Loads a route, waits until its content (the h1) is shown and the network is quiet, then runs axe. */
async function check(page: Page, url: string): Promise<string | null> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${url} shows its heading`).toBeVisible();
  // Nothing may still be loading (spinners) when axe looks.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.length > 0 ? `${url}\n${describe(bad)}` : null;
}

async function checkAll(page: Page, lng: string, routes: string[]) {
  const failures: string[] = [];
  for (const route of routes) {
    const failure = await check(page, `/mmapp/${lng}${route}`);
    if (failure) failures.push(failure);
  }
  expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
}

let member: BrowserContext;

async function signedInContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'oauth_token', value: token }] }] } });
}

test.beforeAll(async ({ playwright, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  username = `ax${Date.now().toString(36)}`;
  const res = await request.post('/api/users/signup', {
    data: { username, first_name: 'Inés', last_name: 'Ortega', email: `${username}@example.org`, password, confirm_password: password, language: 'en', newsletter: false },
  });
  expect(res.status()).toBe(201);
  token = ((await res.json()) as { oauth_token: string }).oauth_token;
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as { provinces: { province_id: number; administrative: string }[] };
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
  test(`axe: every public route in ${lng} has no serious or critical violation`, async ({ page }) => {
    test.setTimeout(240_000);
    await checkAll(page, lng, publicRoutes());
  });

  test(`axe: every members-only route in ${lng}, signed in, has no serious or critical violation`, async () => {
    test.setTimeout(120_000);
    const page = await member.newPage();
    await checkAll(page, lng, memberRoutes());
    await page.close();
  });
}
