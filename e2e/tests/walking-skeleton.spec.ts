import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from '../support/app';
import { confirmationLink } from '../support/accounts';
import { dismissToast } from '../support/toasts';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const username = `vol${Date.now().toString(36)}`;
const password = 'Monarque22';

async function signOutFromHeader(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await dismissToast(page, 'You are signed out.');
  await expect(page).toHaveURL(/\/mmapp\/en$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
}

test('a volunteer signs up, reports 3 adult monarchs with a photo, and finds them in Explore in three languages', async ({
  page,
}) => {
  // The journey now includes the emailed confirmation (and a resent link): room on a loaded machine.
  test.setTimeout(120_000);
  await page.goto('/mmapp/');
  await expect(page).toHaveURL(/\/mmapp\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Count monarchs, protect their milkweed');

  // Sign up (spec §3 form) — the account exists, signed in, once the emailed link is followed.
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Tremblay');
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Password must match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    `We sent a message to ${username}@example.org`,
  );
  const firstLink = await confirmationLink(`${username}@example.org`);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByText(`If a sign-up waits for ${username}@example.org, a new link is on its way`),
  ).toBeVisible();
  // The resent link replaces the first one; wait for it (the mail is written just after the answer).
  await expect
    .poll(async () => (await confirmationLink(`${username}@example.org`)) !== firstLink, { timeout: 10_000 })
    .toBe(true);
  await page.goto(await confirmationLink(`${username}@example.org`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await dismissToast(page, `Welcome to Mission Monarch, ${username}!`);
  await signOutFromHeader(page);

  // Sign in.
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dismissToast(page, `Welcome back, ${username}!`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Flash Data: 3 adults, a real photo, a point chosen on the map.
  await page.getByRole('link', { name: 'Submit data' }).first().click();
  await page.getByRole('link', { name: 'Report a sighting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByText('Please select a location on map.')).toBeVisible();
  await expect(page.getByText('Please enter at least one monarch observation.')).toBeVisible();
  await expect(page.getByText('Locality is required.')).toBeVisible();

  // The map opens centred in Québec (DEFAULT_MAP_CENTER): its centre is a point the server places in Québec.
  const map = page.getByTestId('location-map');
  const box = await map.boundingBox();
  await map.click({ position: { x: (box?.width ?? 400) / 2, y: (box?.height ?? 300) / 2 } });
  await expect(page.getByText(/Chosen point: -?\d+\.\d{5}, -?\d+\.\d{5}/)).toBeVisible();
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Parc Jarry, prairie nord');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Québec' }).click();
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('3');
  await page.locator('#photos-1').setInputFiles(path.join(photos, 'squirrel_berkeley_canon600d_gps.jpg'));
  await expect(page.getByRole('button', { name: 'Remove picture: squirrel_berkeley_canon600d_gps.jpg' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'Thank you! Your observation was saved.');

  // Flash Detail shows what was saved; Explore data (list view) shows it with its photo thumbnail.
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  // Newest submission first: the photo's date is older than the demo rows' (default: newest observed).
  await page.goto('/mmapp/en/explore?sort=submitted');
  const row = page.getByRole('row').filter({ hasText: 'Parc Jarry, prairie nord' }).first();
  await expect(row).toContainText('Adult');
  await expect(row).toContainText('3');
  await expect(row).toContainText(username);
  const thumb = row.getByRole('img');
  await expect(thumb).toHaveAttribute('src', /^\/attachments\/observations\/small\/[0-9a-f-]{36}\.jpg$/);
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // French: the language switch reloads the same page, and every string changes.
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/explore/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explorer les données');
  await expect(page.getByRole('row').filter({ hasText: 'Parc Jarry, prairie nord' }).first()).toContainText('Adulte');
  expect(await page.evaluate(() => localStorage.getItem('mm_lang'))).toBe('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Spanish.
  await page.goto('/mmapp/es/explore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explorar datos');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/explore/);
  await signOutFromHeader(page);
});

test('a visitor is sent to sign in for protected pages, and fr-CA is French @phone', async ({ page }) => {
  await page.goto('/mmapp/fr-CA/submit/flash');
  await expect(page).toHaveURL(/\/mmapp\/fr\/users\/signin\?next=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  await page.goto('/mmapp/en/explore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore Data');
});

test('the small-screen menu lists all three languages and switches to Spanish @small-screen', async ({ page }) => {
  await openApp(page, '/mmapp/en/explore?page=1');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Français' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/mmapp\/es\/explore\?page=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explorar datos');
});
