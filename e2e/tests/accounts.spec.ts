import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { dismissToast } from '../support/toasts';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

// Each journey crosses several pages and an upload; give a loaded machine room.
test.describe.configure({ timeout: 120_000 });

/** A new account made through the API; answers its username and first session token. */
async function createAccount(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Élise',
      last_name: 'Bouchard',
      email: `${username}@example.org`,
      password: 'monarque1',
      confirm_password: 'monarque1',
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  return { username, token: ((await res.json()) as { oauth_token: string }).oauth_token };
}

/** The reset link of the newest email to `email` in the server's outbox folder (quoted-printable undone). */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const files = (await readdir(outbox))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(`To: ${email}`)) continue;
      link = /https?:\/\/\S+\/users\/resetpassword\?token=[A-Za-z0-9_-]{43}/.exec(raw)?.[0] ?? '';
      break;
    }
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return link;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/mmapp/en/users/signin');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dismissToast(page, `Welcome back, ${username}!`);
}

test('forgot password: the emailed link resets the password, signs in afresh and revokes the old session', async ({
  page,
  request,
}) => {
  const { username, token: oldToken } = await createAccount(request, 'rec');
  const email = `${username}@example.org`;

  await page.goto('/mmapp/en/users/signin');
  await page.getByRole('link', { name: 'Forgot username or password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot username/password' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByText('Email is not valid.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText(`Choose a new password for ${username}.`)).toBeVisible();
  await page.getByLabel(/^Password/).fill('papillon22');
  await page.getByLabel('Confirm Password').fill('papillon23');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByText('Password must match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('papillon22');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await dismissToast(page, 'Your password was changed. You are signed in.');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(`@${username}`)).toBeVisible();

  // The session from before the reset is rejected.
  const old = await request.get('/api/users/myprofile', { headers: { Authorization: oldToken } });
  expect(old.status()).toBe(401);

  // The link works once; the page offers to ask again.
  await page.goto(link);
  await expect(page.getByText(/This link has already been used/)).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot username/password' })).toBeVisible();

  // Sign out, then in with the new password.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await dismissToast(page, 'You are signed out.');
  await signIn(page, username, 'papillon22');
});

test('a volunteer edits their profile and photo; a visitor sees the public profile without the email', async ({
  page,
  request,
  browser,
}) => {
  const { username } = await createAccount(request, 'pro');
  await signIn(page, username, 'monarque1');
  await page.goto('/mmapp/en/users/myprofile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Club or organisation').fill('Club des naturalistes de Laval');
  await page.getByLabel('About me').fill('I look for monarchs along the Rivière des Prairies.');
  await page.getByRole('button', { name: 'Save' }).click();
  await dismissToast(page, 'Your profile was saved.');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles(path.join(photos, 'field_path_czechia_pixel_gps.jpg'));
  await dismissToast(page, 'Your photo was saved.');
  await expect(page.getByRole('img', { name: `Photo of ${username}` })).toBeVisible();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/mmapp/en/users/profile/${username}`);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Élise Bouchard' })).toBeVisible();
  await expect(publicPage.getByText('I look for monarchs along the Rivière des Prairies.')).toBeVisible();
  await expect(publicPage.getByText(/Club des naturalistes de Laval/)).toBeVisible();
  await expect(publicPage.getByRole('img', { name: `Photo of ${username}` })).toBeVisible();
  await expect(publicPage.getByText('No public observations yet.')).toBeVisible();
  await expect(publicPage.getByText('@example.org')).toHaveCount(0);
  await visitor.close();
});

test('a visitor writes to the team with the contact form', async ({ page }) => {
  await page.goto('/mmapp/fr/content/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Nous joindre' })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Le nom est obligatoire.')).toBeVisible();
  await page.getByLabel('Votre nom').fill('Léa Gagnon');
  await page.getByLabel('Votre courriel').fill('lea@example.org');
  await page.getByLabel('Objet').fill('Semences d’asclépiade');
  await page.getByLabel('Message').fill('Où trouver des semences d’asclépiade près de Laval?');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await dismissToast(page, 'Merci! Votre message a été envoyé.');
});

test('a volunteer follows another from their public profile and finds them on My profile', async ({
  page,
  request,
}) => {
  const followed = await createAccount(request, 'lgarcia');
  const me = await createAccount(request, 'fan');
  await signIn(page, me.username, 'monarque1');
  await page.goto('/mmapp/en/users/myprofile');
  await expect(page.getByText('You do not follow anyone yet.', { exact: false })).toBeVisible();
  // Any part of the name, case and accents ignored: "GARCÍA…" finds "lgarcia…".
  await page.getByLabel('Find a volunteer by username').fill(`GARCÍA${followed.username.slice('lgarcia'.length, -2)}`);
  await page.getByRole('option', { name: followed.username }).click();
  await expect(page).toHaveURL(new RegExp(`/users/profile/${followed.username}$`));
  await page.getByRole('button', { name: 'Follow' }).click();
  await dismissToast(page, `You now follow ${followed.username}.`);
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '1' })).toHaveCount(1);

  await page.goto('/mmapp/en/users/myprofile');
  const section = page.getByRole('region', { name: 'Volunteers I follow' });
  await section.getByRole('link', { name: `Élise Bouchard (@${followed.username})` }).click();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await dismissToast(page, `You no longer follow ${followed.username}.`);
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
});

test('a volunteer downloads their data, then deletes their account', async ({ page, request }) => {
  const { username } = await createAccount(request, 'del');
  await signIn(page, username, 'monarque1');
  await page.goto('/mmapp/en/users/myprofile');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data and photos (.zip)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`mission-monarch-${username}.zip`);
  const zip = await readFile(await file.path());
  // A zip (PK signature) whose directory names data.json; the API tests check its content.
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes('data.json')).toBe(true);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('wrong-one');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Password').fill('monarque1');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await dismissToast(page, 'Your account was deleted.');
  await expect(page).toHaveURL(/\/mmapp\/en$/);

  await page.goto('/mmapp/en/users/signin');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill('monarque1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
});
