import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { signUpConfirmed } from '../support/accounts';
import { expect, test, type Page } from '@playwright/test';
import yauzl from 'yauzl';

/**
 * End to end: a volunteer's Mission with a life stage counted 0, a milkweed and a photo
 * becomes a sampling event in a Darwin Core Archive whose citation the dialog and the landing page show.
 */
const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';

/** Every file of a zip, as UTF-8 text. */
function unzip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

/** The rows of a tab-separated archive file as header name → cell. */
function rows(text: string | undefined): Record<string, string>[] {
  const [header, ...lines] = (text ?? '').split('\n').filter((l) => l !== '');
  const names = (header ?? '').split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [names[i] ?? '', cell] as const)));
}

async function signUp(page: Page): Promise<string> {
  const username = `dwca${Date.now().toString(36)}`;
  const res = await signUpConfirmed(page.request, {
    data: {
      username,
      first_name: 'Léa',
      last_name: 'Gagnon',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { oauth_token: token } = (await res.json()) as { oauth_token: string };
  // Stored from a page of the same origin that runs no app code: the app's start-up session check
  // clears a token stored while it starts (a server-rendered page shows its heading before that).
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('oauth_token', t), token);
  return username;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('a Mission with a zero count, a milkweed and a photo is downloaded as a cited sampling-event archive', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const username = await signUp(page);

  // The Mission: one milkweed, 4 eggs (with a photo), no adult, caterpillar or chrysalis.
  await page.goto('/mmapp/en/submit/mission');
  await page.getByTestId('site-map').click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Parc Frédéric-Back');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await next(page);
  await page.getByLabel('Start time').fill('09:00');
  await page.getByLabel('End time').fill('10:30');
  await page.getByRole('spinbutton', { name: 'Number of participants' }).fill('2');
  await next(page);
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('25');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await row.getByRole('combobox', { name: 'Milkweed species' }).fill('syriaca');
  await page.getByRole('option', { name: /Asclepias syriaca/ }).click();
  await row.getByRole('combobox', { name: 'Abundance' }).click();
  await page.getByRole('option', { name: 'Abundant (10-50/m2)' }).click();
  await row.getByRole('combobox', { name: 'Location size' }).click();
  await page.getByRole('option', { name: 'Patch' }).click();
  await row.getByRole('spinbutton', { name: 'Number of eggs' }).fill('4');
  await expect(row.getByRole('spinbutton', { name: 'Number of caterpillars' })).toHaveValue('0');
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Add a picture of Eggs' }).click();
  await (await chooser).setFiles(path.join(photos, 'field_path_czechia_pixel_gps.jpg'));
  await expect(row.getByRole('img', { name: 'Eggs: field_path_czechia_pixel_gps.jpg' })).toBeVisible({
    timeout: 20_000,
  });
  await next(page);
  await page.getByRole('button', { name: 'Submit mission' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/checklists\/view\?id=\d+$/);
  const checklistId = new URL(page.url()).searchParams.get('id');

  // The download dialog: every public status ticked, a Darwin Core Archive, a reason.
  await page.goto(`/mmapp/en/explore?username=${username}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the data' });
  const statuses = dialog.getByRole('group', { name: 'Statuses' });
  for (const status of ['Pending', 'Vetted', 'Valid']) await expect(statuses.getByLabel(status)).toBeChecked();
  await expect(statuses.getByRole('checkbox')).toHaveCount(3);
  const gbif = dialog.getByRole('checkbox', { name: 'Also include the records that GBIF already publishes' });
  await expect(gbif).toHaveCount(0);
  await dialog.getByRole('radio', { name: /^Darwin Core Archive/ }).check();
  // The archive leaves out what GBIF already publishes unless asked.
  await expect(gbif).not.toBeChecked();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Scientific research' }).click();
  const arriving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await arriving;
  expect(download.suggestedFilename()).toMatch(/^mission-monarch-observations-\d{4}-\d{2}-\d{2}\.zip$/);
  // No session token or ticket in any URL: the file came through the page with its session.
  expect(download.url()).toMatch(/^blob:/);

  // The citation once the file is saved (5 records: the milkweed, the eggs and 3 absent stages), with a copy button.
  await expect(dialog.getByText('Your download is saved.')).toBeVisible();
  const citation = dialog.getByTestId('download-citation');
  const today = new Date().toISOString().slice(0, 10);
  await expect(citation).toContainText(
    new RegExp(
      `^Espace pour la vie \\(${today.slice(0, 4)}\\)\\. Mission Monarch: monarch butterfly and milkweed observations\\. ` +
        `Download [0-9a-f-]{36}, 5 occurrences, accessed ${today}\\. \\S*/mmapp/en/downloads/[0-9a-f-]{36}$`,
    ),
  );
  const citationText = (await citation.textContent()) ?? '';
  const downloadId = /Download ([0-9a-f-]{36})/.exec(citationText)?.[1] ?? '';
  await dialog.getByRole('button', { name: 'Copy the citation' }).click();
  await expect(dialog.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(citationText);

  // The archive: the event, its present and absent occurrences, the milkweed and the photo.
  const files = await unzip(await readFile(await download.path()));
  expect(Object.keys(files).sort()).toEqual([
    'citation.txt',
    'eml.xml',
    'event.txt',
    'meta.xml',
    'multimedia.txt',
    'occurrence.txt',
    'rights.txt',
  ]);
  expect(files['citation.txt']?.trim()).toBe(citationText);
  expect(files['rights.txt']).toContain('CC BY 4.0');
  expect(files['eml.xml']).toContain(`packageId="urn:uuid:${downloadId}"`);
  const [event, ...otherEvents] = rows(files['event.txt']);
  expect(otherEvents).toEqual([]);
  expect(event).toMatchObject({
    type: 'Event',
    sampleSizeValue: '25',
    sampleSizeUnit: 'milkweed stems inspected',
    samplingEffort: '2 participants; 90 minutes',
    locality: 'Parc Frédéric-Back',
    stateProvince: 'Québec',
  });
  expect(event?.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}T09:00\/\d{4}-\d{2}-\d{2}T10:30$/);
  // The point was clicked on the map: its uncertainty is the click's ground size at that zoom.
  expect(Number(event?.coordinateUncertaintyInMeters)).toBeGreaterThan(0);
  const occurrences = rows(files['occurrence.txt']);
  expect(occurrences.every((o) => o.eventID === event?.eventID)).toBe(true);
  const summary = occurrences.map((o) => [
    o.scientificName,
    o.lifeStage,
    o.occurrenceStatus,
    o.individualCount,
    o.organismQuantity,
  ]);
  expect(summary).toEqual(
    expect.arrayContaining([
      ['Asclepias syriaca', '', 'present', '', '25'],
      ['Danaus plexippus', 'egg', 'present', '4', ''],
      ['Danaus plexippus', 'adult', 'absent', '0', ''],
      ['Danaus plexippus', 'larva', 'absent', '0', ''],
      ['Danaus plexippus', 'pupa', 'absent', '0', ''],
    ]),
  );
  expect(occurrences).toHaveLength(5);
  expect(occurrences.every((o) => o.identificationVerificationStatus === 'Pending')).toBe(true);
  const [photo, ...otherPhotos] = rows(files['multimedia.txt']);
  expect(otherPhotos).toEqual([]);
  expect(photo).toMatchObject({ eventID: event?.eventID, type: 'StillImage', format: 'image/jpeg', creator: username });
  expect(photo?.identifier).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/attachments\/observations\/large\/[0-9a-f-]{36}\.jpg$/,
  );
  expect((await page.request.get(photo?.identifier ?? '')).status()).toBe(200);
  expect(checklistId).not.toBeNull();
  // Every published link is absolute, from the request's origin when PUBLIC_URL is unset (as here).
  expect(event?.references).toBe(new URL(`/mmapp/en/checklists/view?id=${checklistId}`, page.url()).href);

  // The landing page: the same citation, and what the download holds, in words.
  await dialog.getByRole('link', { name: 'Open the page of this download' }).click();
  await expect(page).toHaveURL(`/mmapp/en/downloads/${downloadId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Data download' })).toBeVisible();
  await expect(page.getByTestId('download-citation')).toHaveText(citationText);
  const contents = page.getByRole('region', { name: 'What it holds' });
  await expect(contents).toContainText('5 occurrences');
  await expect(contents).toContainText('Darwin Core Archive');
  await expect(contents).toContainText('Scientific research');
  await expect(contents).toContainText(`Observer: ${username}`);
  await expect(contents).toContainText('Statuses: Pending, Vetted, Valid');
  await expect(contents.getByRole('link', { name: /CC BY 4\.0/ })).toHaveAttribute(
    'href',
    'http://creativecommons.org/licenses/by/4.0/legalcode',
  );

  // In French, and a 404 page for an id no download has.
  await page.goto(`/mmapp/fr/downloads/${downloadId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Téléchargement de données' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contenu' })).toContainText('5 occurrences');
  await page.goto(`/mmapp/en/downloads/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resource not found' })).toBeVisible();
});
