import { expect, test, type Page } from '@playwright/test';
import { newVolunteer } from '../support/accounts';
import { startApp } from '../support/app';
import { PHONE, holdApp } from '../support/signed-in';

// The sign-in page comes rendered from the server, at its address and on the members-only pages a visitor
// without a session opens, and its app starts when it is used (docs/adr/0047): nothing typed or pressed
// before then is lost.

/**
 * The map tiles' address in these tests (`MAP_TILE_URL` in playwright.config.ts): a port the browser refuses,
 * as no machine here reaches a tile server. Flash Data's map asks for tiles once it shows.
 */
const REFUSED_TILE = 'Failed to load resource: net::ERR_UNSAFE_PORT';

/** Console errors and page errors (a hydration mismatch is both), but for the refused map tiles. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text() !== REFUSED_TILE) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a visitor on a members-only page signs in before the app runs and is taken back to it @phone', async ({
  browser,
  request,
}) => {
  const username = `sif${Date.now().toString(36)}`;
  await newVolunteer(request, username, 'monarque-sif-1');
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const app = await holdApp(page);
  await page.goto('/mmapp/en/submit/flash');
  // The sign-in page, from the server, at the address the app's redirect gives (spec §2).
  await expect(page.locator('#root')).toHaveAttribute('data-ssr', '');
  await expect(page).toHaveURL(/\/mmapp\/en\/users\/signin\?next=%2Fen%2Fsubmit%2Fflash$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  await expect(page.getByLabel('Username or email')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
  // Typed and pressed while the app's code is on its way.
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill('monarque-sif-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(app.requested).toBe(true);
  // The browser did not send the form itself (its fields would be in the address).
  expect(page.url()).not.toContain('password');
  await expect(page.getByLabel('Username or email')).toHaveValue(username);
  app.release();
  // The press is made again once the app runs: signed in, and back on the page asked for.
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash Data');
  expect(errors).toEqual([]);
  await context.close();
});

test('text typed before the app runs survives hydration, and a wrong password gets its message', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/fr/users/signin?next=%2Ffr%2Fsubmit%2Fmission');
  await expect(page.locator('#root')).toHaveAttribute('data-ssr', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  // The language links keep the way back.
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute(
    'href',
    '/mmapp/en/users/signin?next=%2Ffr%2Fsubmit%2Fmission',
  );
  await expect(page.getByRole('link', { name: "Nom d'utilisateur ou mot de passe oublié?" })).toHaveAttribute(
    'href',
    '/mmapp/fr/users/forgotpassword',
  );
  const hold = await holdApp(page);
  await page.getByLabel("Nom d'utilisateur ou courriel").fill('personne-inconnue');
  await page.getByLabel(/^Mot de passe/).fill('pas-le-bon');
  hold.release();
  await startApp(page);
  await expect(page.getByLabel("Nom d'utilisateur ou courriel")).toHaveValue('personne-inconnue');
  await expect(page.getByLabel(/^Mot de passe/)).toHaveValue('pas-le-bon');
  // The field focused before the app is drawn focused by it, without a new focus.
  await expect(page.getByLabel(/^Mot de passe/)).toBeFocused();
  await expect(page.locator('.MuiOutlinedInput-root:has(input[type="password"])')).toHaveClass(/Mui-focused/);
  // The password toggle works once the app runs.
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel(/^Mot de passe/)).toHaveAttribute('type', 'text');
  // The app's form has the typed values: the server's answer, not a "required" message.
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("Nom d'utilisateur ou mot de passe invalide.")).toBeVisible();
  expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
  await context.close();
});

test('a volunteer with a stored session and no cookie gets the members-only page, not the sign-in form', async ({
  browser,
  request,
}) => {
  const username = `sit${Date.now().toString(36)}`;
  const { oauth_token, user_id, role_id } = await newVolunteer(request, username, 'monarque-sit-1');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('oauth_token', token);
      localStorage.setItem('currentUser', user);
    },
    { token: oauth_token, user: JSON.stringify({ user_id, username, role_id }) },
  );
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash Data');
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
