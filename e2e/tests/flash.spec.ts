import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { dismissToast } from '../support/toasts';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';
let token = '';

/** Picks a photo through the "Add a picture of …" button, as a volunteer does, and waits for its upload. */
async function addPhoto(page: Page, stage: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add a picture of ${stage}` }).click();
  await (await chooser).setFiles(path.join(photos, file));
  await expect(page.getByRole('button', { name: `Remove picture: ${file}` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Opens an app page as the volunteer signed up in beforeAll (the token is what sign-in stores). The
 * token is stored from a page of the same origin that runs no app code, which would clear it on start.
 */
async function openSignedIn(page: Page, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const username = `fl${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Ana',
      last_name: 'Flores',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  token = ((await res.json()) as { oauth_token: string }).oauth_token;
  await request.dispose();
});

test('a photo fills in where and when; the sighting is saved, shown, edited, listed and deleted', async ({ page }) => {
  await openSignedIn(page, '/mmapp/en/submit/submit-data');
  await page.getByRole('link', { name: 'Report a sighting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  const latitude = page.getByRole('spinbutton', { name: 'Latitude' });
  const longitude = page.getByRole('spinbutton', { name: 'Longitude' });
  const date = page.getByLabel(/^Date/);
  const today = await date.inputValue();
  const note = page.getByText("Location and date were filled in from the photo's data.");

  // A photo without GPS (WebP, EXIF date only) fills nothing.
  await addPhoto(page, 'Adult', 'flower_canon_s40_exif.webp');
  await expect(latitude).toHaveValue('');
  await expect(longitude).toHaveValue('');
  await expect(date).toHaveValue(today);
  await expect(note).toHaveCount(0);

  // The Berkeley photo's GPS and DateTimeOriginal fill the empty location and the default date.
  await addPhoto(page, 'Adult', 'squirrel_berkeley_canon600d_gps.jpg');
  await expect(note).toBeVisible();
  await expect(latitude).toHaveValue(/^37\.8710/);
  await expect(longitude).toHaveValue(/^-122\.2567/);
  await expect(date).toHaveValue('2015-06-11');
  await expect(page.getByText('Chosen point: 37.87109, -122.25678')).toBeVisible();
  // The province is suggested from the point (California), and says so.
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('California');
  await expect(page.getByText('Suggested from the point on the map.')).toBeVisible();

  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('2');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Tilden Park, upper meadow');
  await page.getByRole('textbox', { name: 'City' }).fill('Berkeley');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await dismissToast(page, 'Thank you! Your observation was saved.');

  // Flash Detail shows what was saved.
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  const whenWhere = page.getByRole('region', { name: 'When and where' });
  await expect(whenWhere).toContainText('Thursday, June 11, 2015');
  await expect(whenWhere).toContainText('Tilden Park, upper meadow');
  await expect(whenWhere).toContainText('Berkeley, California');
  await expect(whenWhere.getByRole('figure', { name: "Map of the observation's location" })).toBeVisible();
  const what = page.getByRole('region', { name: 'What was seen' });
  await expect(what).toContainText('2 × Adult');
  await expect(what.getByRole('img', { name: /^Adult, picture \d$/ })).toHaveCount(2);
  await expect(page.getByText('Pending')).toBeVisible();

  // Edit: the same form, prefilled; one saved picture removed, the count changed to 5.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Flash Data' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Number of adults' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: /^Locality/ })).toHaveValue('Tilden Park, upper meadow');
  await expect(page.getByLabel(/^Date/)).toHaveValue('2015-06-11');
  await page.getByRole('button', { name: 'Remove picture: Saved picture 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: /^Remove picture: Saved picture/ })).toHaveCount(1);
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('5');

  // A submission reviewed meanwhile answers 409: the form says so in words.
  await page.route(
    '**/api/checklists/*/flash',
    (route) => route.fulfill({ status: 409, json: { statusCode: 409, error: 'Conflict', message: 'x' } }),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('This submission has already been reviewed, so it can no longer be changed.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save changes' }).click();
  await dismissToast(page, 'Your changes were saved.');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
  await expect(what).toContainText('5 × Adult');
  await expect(what.getByRole('img', { name: /^Adult, picture \d$/ })).toHaveCount(1);

  // Flash Submissions lists it.
  await page.getByRole('link', { name: 'My Flash submissions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Flash submissions' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Tilden Park, upper meadow' });
  await expect(item).toContainText('5 × Adult');
  await expect(item).toContainText('Pending');
  await expect(item.getByRole('img', { name: 'Picture of the sighting at Tilden Park, upper meadow' })).toBeVisible();

  // Delete after confirmation: gone from the list.
  await item.getByRole('link', { name: 'Tilden Park, upper meadow' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this submission?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dismissToast(page, 'Your submission was deleted.');
  await expect(page).toHaveURL(/\/mmapp\/en\/submit\/flash-submissions$/);
  await expect(page.getByText('You have not reported any sighting with Flash Data yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tilden Park, upper meadow' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Report a sighting' })).toBeVisible();
});

test('odd EXIF fills nothing; "Use my location" fills the point and suggests the province @phone', async ({
  page,
  context,
}) => {
  await openSignedIn(page, '/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  const latitude = page.getByRole('spinbutton', { name: 'Latitude' });
  const date = page.getByLabel(/^Date/);
  const today = await date.inputValue();

  // Nonsense GPS values and a DateTimeOriginal in 2099: ignored, no crash.
  await addPhoto(page, 'Eggs', 'tricky_nonsense_gps_values.jpg');
  await expect(latitude).toHaveValue('');
  await expect(date).toHaveValue(today);
  await expect(page.getByText(/filled in from the photo's data/)).toHaveCount(0);

  // Refused, then granted.
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('Access to your location was refused.', { exact: false })).toBeVisible();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.55812, longitude: -73.62203 });
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(latitude).toHaveValue('45.55812');
  await expect(page.getByRole('spinbutton', { name: 'Longitude' })).toHaveValue('-73.62203');
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
});

test('a point outside Canada, the US and Mexico is refused for what it is at the first submit @small-screen', async ({
  page,
}) => {
  await openSignedIn(page, '/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();
  // A sighting typed in Paris: no province can be suggested, nor chosen rightly.
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('48.8566');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('2.3522');
  await page.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await page.getByRole('textbox', { name: /^Locality/ }).fill('Jardin des Plantes');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByText('Latitude: this point lies outside Canada, the United States and Mexico.')).toBeVisible();
  await expect(page.getByText('Province is required.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();

  // Moved to Montréal, the point gets its province and the sighting goes.
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('45.5339');
  await page.getByRole('spinbutton', { name: 'Longitude' }).fill('-73.6285');
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Detail' })).toBeVisible();
});
