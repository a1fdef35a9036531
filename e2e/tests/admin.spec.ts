import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { openApp } from '../support/app';

const password = 'Monarque22';
const stamp = Date.now().toString(36);
const admin = `adm${stamp}`;
const volunteer = `vol${stamp}`;
const newcomer = `new${stamp}`;
// The volunteer's sighting, named for this run: the desktop and phone projects share a server, and each
// looks for its own.
const flashLocality = `Parc Maisonneuve ${stamp}`;
const root = path.resolve(import.meta.dirname, '../..');

async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Élise',
      last_name: 'Bouchard',
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

/** The museum's way to name an administrator: the users:role command, run against the e2e server's database while it runs. */
function grantRole(username: string, role: string) {
  execFileSync('npx', ['tsx', 'apps/server/src/cli/set-role.ts', username, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

async function signInToPanel(page: Page, username = admin) {
  await page.goto('/mmadmin/');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
}

/** A volunteer's flash sighting of three adults in Montréal. */
async function submitFlash(request: APIRequestContext, token: string, locality: string) {
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const res = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: '2026-08-09',
      locality,
      city: 'Montréal',
      province_id: params.provinces.find((p) => p.administrative === 'QC')?.province_id,
      latitude: 45.5575,
      longitude: -73.5575,
      adults: 3,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
    },
  });
  expect(res.status()).toBe(201);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signUp(request, admin);
  grantRole(admin, 'admin');
  const token = await signUp(request, volunteer);
  await signUp(request, newcomer);
  await submitFlash(request, token, flashLocality);
  await request.dispose();
});

test('an admin vets a pending observation and the public Explore page shows its new status', async ({ page }) => {
  await signInToPanel(page);
  await page.getByRole('menuitem', { name: 'Observations' }).click();
  await page.getByRole('textbox', { name: 'Observer' }).fill(volunteer);
  // The filter lands in the URL once applied; then the one row of the volunteer is listed.
  await expect(page).toHaveURL(new RegExp(`filter=.*${volunteer}`));
  const row = page.getByRole('row').filter({ hasText: flashLocality });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('cell', { name: flashLocality }).click();
  await expect(page).toHaveURL(/#\/observations\/\d+\/show/);

  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Valid' }).click();
  await expect(page.getByText('1 observation is now Valid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Invalid' })).toBeVisible();

  await page.goto(`/mmapp/en/explore?view=list&username=${volunteer}`);
  const publicRow = page.getByRole('row').filter({ hasText: flashLocality });
  await expect(publicRow.getByText('Valid', { exact: true })).toBeVisible();
});

test('an admin makes a volunteer a Region admin for Québec, who then reaches the panel', async ({ page, browser }) => {
  await signInToPanel(page);
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(newcomer);
  await expect(page).toHaveURL(new RegExp(`filter=.*${newcomer}`));
  await page.getByRole('cell', { name: newcomer, exact: true }).click();
  await expect(page).toHaveURL(/#\/users\/\d+\/show/);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/users\/\d+$/);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Region admin' }).click();
  await page.getByRole('combobox', { name: 'Provinces to vet' }).click();
  await page.getByRole('option', { name: 'Québec' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/users\/\d+\/show/);
  await expect(page.locator('.ra-field-role_id').getByText('Region admin', { exact: true })).toBeVisible();
  // The user's history reads the change: Role, MM User → Region admin.
  const roleChange = page
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Role' }) });
  await expect(roleChange.getByRole('cell')).toHaveText(['MM User', 'Region admin']);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/mmadmin/');
  await other.getByLabel('Username').fill(newcomer);
  await other.getByRole('textbox', { name: 'Password' }).fill(password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
  // Region admins get the vetting screens, not users or reference data.
  await expect(other.getByRole('menuitem', { name: 'Observations' })).toBeVisible();
  await expect(other.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  await context.close();
});

test('an admin adds a download reason and Explore offers it', async ({ page, browser }) => {
  await signInToPanel(page);
  await page.getByRole('menuitem', { name: 'Download reasons' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/reasons\/create/);
  const reason = `Pollinator garden ${stamp}`;
  await page.getByRole('textbox', { name: 'English' }).fill(reason);
  await page.getByRole('textbox', { name: 'French' }).fill(`Jardin de pollinisateurs ${stamp}`);
  await page.getByRole('textbox', { name: 'Spanish' }).fill(`Jardín de polinizadores ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: reason })).toBeVisible();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  // Explore's first screen comes from the server and its app starts at the visitor's first touch or key.
  await openApp(visitor, '/mmapp/en/explore');
  await visitor.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Download the data' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await expect(visitor.getByRole('option', { name: reason })).toBeVisible();
  await context.close();
});

test("the sign-in form shows before the panel's code has loaded, and again after signing out", async ({ page }) => {
  // The panel's chunk (react-admin) is held back: the form is drawn by the entry alone (docs/adr/0040).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/mmadmin\/assets\/panel-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/mmadmin/');
  await expect(page.getByRole('heading', { name: 'Mission Monarch administration' })).toBeVisible();
  await page.getByLabel('Username').fill(admin);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  release();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();

  // Signed out, react-admin's login page is the same form, and it signs in again.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('Username').fill(admin);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
});

test('the dashboard opens on the stored session while checksession is pending, and a revoked one signs out', async ({
  page,
}) => {
  await signInToPanel(page);
  // checksession held back: the dashboard is drawn on the stored staff session (docs/adr/0040).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/checksession', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
  // Released: this and every later checksession go through.
  release();

  // The token revoked elsewhere: the next opening draws the panel, the server refuses it, and the admin is
  // sent to the sign-in form with the session cleared.
  const token = await page.evaluate(() => localStorage.getItem('oauth_token') ?? '');
  expect(token).not.toBe('');
  const signOut = await page.request.post('/api/users/signout', { headers: { Authorization: token }, data: {} });
  expect(signOut.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('oauth_token'))).toBeNull();
});

test("the dashboard is drawn before the panel's code, which runs at the first key and takes over", async ({ page }) => {
  await signInToPanel(page);
  const panelRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/mmadmin\/assets\/panel-[^/]*\.js$/.test(request.url())) panelRequests.push(request.url());
  });
  await page.reload();
  // The entry's own screen (docs/adr/0040): the figures, lists and menu links, without react-admin.
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Newest submissions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review the pending observations' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveAttribute('href', '#/users');
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Its code is fetched into the cache meanwhile, not run: the first screen stays, without react-admin's menu.
  await expect.poll(() => panelRequests.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mm-first-screen')).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  // The first key starts the panel, which draws the same dashboard with its menu.
  await page.keyboard.press('Shift');
  await expect(page.getByRole('menuitem', { name: 'Observations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending queue' })).toBeVisible();
  await expect(page.locator('.mm-first-screen')).toHaveCount(0);

  // A link of the first screen followed before the panel runs opens its screen in the panel.
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: 'Checklists' }).click();
  await expect(page).toHaveURL(/#\/checklists/);
  await expect(page.locator('#react-admin-title')).toHaveText('Checklists');
});

test('the panel refuses a volunteer account', async ({ page }) => {
  await page.goto('/mmadmin/');
  await page.getByLabel('Username').fill(volunteer);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This account has no access to the administration panel.')).toBeVisible();
});

test('a Region admin promoted while signed in gets the full menu without reloading', async ({ page, context }) => {
  const promoted = `pro${stamp}`;
  await signUp(page.request, promoted);
  grantRole(promoted, 'region-admin');
  // The panel re-asks the server about the session every 30 s: the test moves the page's clock on instead of waiting.
  await page.clock.install();
  await signInToPanel(page, promoted);
  await expect(page.getByRole('menuitem', { name: 'Observations' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });

  grantRole(promoted, 'admin');
  // A bookmark opened now, with the old role still in localStorage, gets the Admin screens at once.
  const bookmark = await context.newPage();
  await bookmark.goto('/mmadmin/#/users');
  await expect(bookmark.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await expect(bookmark.getByRole('textbox', { name: 'Search' })).toBeVisible();
  await expect(bookmark.getByText('Not Found')).toHaveCount(0);
  await expect(bookmark.getByText(/\bmm\.[a-z_]+/)).toHaveCount(0);
  // A page that does not exist is titled with the panel's name, not its translation key.
  await bookmark.goto('/mmadmin/#/nowhere');
  await expect(bookmark.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(bookmark.getByRole('heading', { name: 'Mission Monarch administration' })).toBeVisible();
  await expect(bookmark.getByText(/\bmm\.[a-z_]+/)).toHaveCount(0);
  await bookmark.close();

  // The page that was already open follows at its next screen.
  await page.clock.fastForward('00:31');
  await page.getByRole('menuitem', { name: 'Checklists' }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(promoted);
  await expect(page.getByRole('cell', { name: promoted, exact: true })).toBeVisible();
  await expect(page.getByText(/\bmm\.[a-z_]+/)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('the audit log shows a status change as a readable row, in French', async ({ page }) => {
  const observer = `aud${stamp}`;
  const locality = `Jardin ${stamp}`;
  await submitFlash(page.request, await signUp(page.request, observer), locality);
  const signin = await page.request.post('/api/users/signin', { data: { username: admin, password } });
  const adminToken = ((await signin.json()) as { oauth_token: string }).oauth_token;
  const list = await page.request.get(
    `/api/admin/observations?filter=${encodeURIComponent(JSON.stringify({ username: observer }))}`,
    { headers: { Authorization: adminToken } },
  );
  const observation = ((await list.json()) as { id: number }[])[0];
  if (!observation) throw new Error(`no observation of ${observer}`);
  const change = await page.request.post('/api/admin/observations/status', {
    headers: { Authorization: adminToken },
    data: { ids: [observation.id], status_id: 4 },
  });
  expect(change.ok()).toBe(true);

  await signInToPanel(page);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
  const filter = encodeURIComponent(JSON.stringify({ resource: 'observations', record_id: String(observation.id) }));
  await page.goto(`/mmadmin/#/auditlog?filter=${filter}`);
  const entry = page.getByRole('row').filter({ hasText: 'Changement de statut' });
  await expect(entry).toHaveCount(1);
  const changes = entry.getByRole('table', { name: 'Modifications' });
  await expect(changes.getByRole('columnheader')).toHaveText(['Champ', 'Avant', 'Après']);
  const line = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Statut' }) });
  await expect(line.getByRole('cell')).toHaveText(['En attente', 'Valide']);
  await expect(entry.getByText(admin)).toBeVisible();
  await expect(page.getByText('observationstatus_id')).toHaveCount(0);
});

test('the audit log names its screens and the command line that made the first administrator', async ({ page }) => {
  await signInToPanel(page);
  const signin = await page.request.post('/api/users/signin', { data: { username: admin, password } });
  const adminToken = ((await signin.json()) as { oauth_token: string }).oauth_token;
  const session = await page.request.post('/api/users/checksession', { data: { oauth_token: adminToken } });
  const me = (await session.json()) as { user_id: number };
  const filter = encodeURIComponent(JSON.stringify({ resource: 'users', record_id: String(me.user_id) }));
  await page.goto(`/mmadmin/#/auditlog?filter=${filter}`);
  // Given with `npm run users:role` (grantRole above): the row says so, and the screen reads as in the menu.
  const entry = page.getByRole('row').filter({ hasText: 'Command line (server operator)' });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('cell', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByText(/resources\.\w+\.name/)).toHaveCount(0);
  // The Screen filter offers the screens by name too.
  await page.getByRole('combobox', { name: 'Screen' }).click();
  await expect(page.getByRole('option', { name: 'Observations', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: /resources\./ })).toHaveCount(0);
});

test('the observations list fits a 1280 px window: its filters, "Add filter" and "Rows per page" in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToPanel(page);
  await page.getByRole('menuitem', { name: 'Observations' }).click();
  await expect(page.getByRole('columnheader', { name: 'Location name' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  for (const control of [page.getByRole('button', { name: 'Add filter' }), page.getByText('Rows per page:')]) {
    const box = await control.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  }
});

test('on a phone the panel fits the screen, names its screens and says which life stage a row counts @small-screen', async ({
  page,
}) => {
  await signInToPanel(page);
  // The dashboard's counts are on the screen, not beyond its right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const title = page.locator('#react-admin-title');
  await page.goto('/mmadmin/#/observations');
  await expect(title).toHaveText('Observations');
  // The whole title is drawn: nothing cut by an ellipsis.
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const row = page.getByRole('link').filter({ hasText: flashLocality });
  await expect(row).toContainText(`${flashLocality} · Adult · 3`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // The audit log's Changes column can be reached: it scrolls with its table, inside the screen.
  await page.goto('/mmadmin/#/auditlog');
  const changes = page.getByRole('columnheader', { name: 'Changes' });
  await changes.scrollIntoViewIfNeeded();
  await expect(changes).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});

test('the panel screens have no serious or critical accessibility violation, in English and French', async ({
  page,
}) => {
  // Twenty axe runs over large DOMs.
  test.setTimeout(300_000);
  await signInToPanel(page);
  const screens = [
    '/dashboard',
    '/observations',
    '/checklists',
    '/sites',
    '/users',
    '/milkweeds',
    '/reasons',
    '/downloads',
    '/messages',
    '/auditlog',
  ];
  const failures: string[] = [];
  for (const language of ['English', 'Français']) {
    if (language !== 'English') {
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('menuitem', { name: language }).click();
      await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
    }
    for (const screen of screens) {
      await page.goto(`/mmadmin/#${screen}`);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
      for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(
          `${language} ${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
