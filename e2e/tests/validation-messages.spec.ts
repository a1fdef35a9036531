import { expect, test, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';

/**
 * Spec §5 messages of the Flash Data and Mission forms, each triggered once, in the exact words the
 * volunteer sees. The location, monarch, milkweed, stems, Locality/City required and end-before-start
 * messages are covered by walking-skeleton.spec.ts, flash.spec.ts and mission.spec.ts.
 */

const password = 'Monarque22';
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** A new account through the API, its token stored as the app stores it once the app has started. */
async function signUp(page: Page) {
  const username = `val${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await signUpConfirmed(page.request, {
    data: {
      username,
      first_name: 'Zoé',
      last_name: 'Roy',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  const { oauth_token: token } = (await res.json()) as { oauth_token: string };
  // Stored from a page of the same origin that runs no app code: the app's start-up session check
  // clears a token stored while it starts (a server-rendered page shows its heading before that).
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('oauth_token', t), token);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('Flash Data: number, length, province and picture messages, an image delete confirmation, and French', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/mmapp/en/submit/flash');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data' })).toBeVisible();

  const adults = page.getByRole('spinbutton', { name: 'Number of adults' });
  const locality = page.getByRole('textbox', { name: /^Locality/ });
  await adults.fill('');
  await locality.fill('a'.repeat(201));
  await page.getByRole('button', { name: 'Submit observation' }).click();
  await expect(adults).toHaveAccessibleDescription('Please enter a number');
  await expect(locality).toHaveAccessibleDescription('Maximum allowed characters are 200');
  await expect(page.getByText('Province is required.', { exact: true })).toBeVisible();

  // Pictures: a file that is not an image (refused once uploaded), then one over 10 MB (refused at once).
  await page.locator('#photos-1').setInputFiles({
    name: 'field-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Not a picture of a monarch.\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'File type is not supported' })).toHaveText(
    'File type is not supported',
  );
  await page
    .locator('#photos-2')
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1) });
  await expect(page.getByRole('alert').filter({ hasText: 'Max image size' })).toHaveText('Max image size is 10MB');

  // Removing a picture asks first; Cancel keeps it, Delete removes it.
  const remove = page.getByRole('button', { name: 'Remove picture: huge.jpg' });
  await remove.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Delete this image?', { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(confirm.getByText('Delete this image?', { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toHaveCount(0);

  // French: the same limit, translated and interpolated.
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/submit\/flash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Données Flash' })).toBeVisible();
  const lieu = page.getByRole('textbox', { name: /^Lieu/ });
  await lieu.fill('a'.repeat(201));
  await page.getByRole('button', { name: "Soumettre l'observation" }).click();
  await expect(lieu).toHaveAccessibleDescription('Ce texte peut compter 200 caractères au maximum.');
});

test('Mission: required date and times, participants greater than 0, and a milkweed delete confirmation', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/mmapp/en/submit/mission');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();

  // Step 1 Where, valid.
  await page.getByTestId('site-map').click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Jardin botanique, pré est');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await next(page);

  // Step 2 When: nothing filled in, no participant.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 When' })).toBeVisible();
  const date = page.getByLabel('Date');
  const start = page.getByLabel('Start time');
  const end = page.getByLabel('End time');
  const participants = page.getByRole('spinbutton', { name: 'Number of participants' });
  await date.fill('');
  await participants.fill('0');
  await next(page);
  await expect(date).toHaveAccessibleDescription('Date is required.');
  await expect(start).toHaveAccessibleDescription('Start time is required.');
  await expect(end).toHaveAccessibleDescription('End time is required.');
  await expect(participants).toHaveAccessibleDescription('Please enter a number greater than 0');
  await date.fill('2025-07-20');
  await start.fill('09:00');
  await end.fill('10:30');
  await participants.fill('2');
  await next(page);

  // Step 3 What: deleting a milkweed row asks first; Cancel keeps it, Delete removes it.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 3 What' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await expect(row).toBeVisible();
  const confirm = page.getByRole('dialog', { name: 'Delete milkweed 1?' });
  await row.getByRole('button', { name: 'Delete milkweed 1' }).click();
  await expect(confirm).toContainText(
    'This milkweed, its monarch counts and its pictures will be removed from the mission.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete milkweed 1' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
});
