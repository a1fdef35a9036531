import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';
import { dismissToast } from '../support/toasts';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const password = 'Monarque22';

/** A new account through the API, its token stored as the app stores it; answers the username and token. */
async function signUp(page: Page): Promise<{ username: string; token: string }> {
  const username = `mis${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
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
  expect(res.status()).toBe(201);
  const { oauth_token: token } = (await res.json()) as { oauth_token: string };
  // Stored from a page of the same origin that runs no app code: the app's start-up session check
  // clears a token stored while it starts (a server-rendered page shows its heading before that).
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('oauth_token', t), token);
  return { username, token };
}

async function choose(page: Page, scope: Page | Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function addPhoto(page: Page, row: Locator, stage: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: `Add a picture of ${stage}` }).click();
  await (await chooser).setFiles(path.join(photos, file));
  await expect(row.getByRole('img', { name: `${stage}: ${file}` })).toBeVisible({ timeout: 20_000 });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const stepHeading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

test('a volunteer records a mission with two milkweeds, resumes the draft after a reload, submits it and finds it in Missions @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto('/mmapp/en/submit/mission');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Form' })).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Mission steps' });
  for (const name of ['Step 1 Where', 'Step 2 When', 'Step 3 What', 'Step 4 Confirmation'])
    await expect(steps).toContainText(name);

  // Step 1 Where: every rule of the site, then a point on the map with its suggested province.
  await stepHeading(page, 'Step 1 Where');
  await next(page);
  await expect(page.getByText('Please select a location on map.')).toBeVisible();
  await expect(page.getByText('Locality is required.')).toBeVisible();
  await expect(page.getByText('City is required.')).toBeVisible();
  await page.getByTestId('site-map').click();
  await expect(page.getByText(/Chosen point: 5\d\.\d{5}, -7\d\.\d{5}/)).toBeVisible();
  await expect(page.getByText('Suggested from the point on the map. Please check it.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Champ des Possibles');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await next(page);

  // Step 2 When.
  await stepHeading(page, 'Step 2 When');
  await expect(page).toHaveURL(/step=checklist/);
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('09:15');
  await page.getByRole('spinbutton', { name: 'Number of participants' }).fill('3');
  await next(page);
  await expect(page.getByText('End time cannot be earlier than start time.')).toBeVisible();
  await page.getByLabel('End time').fill('11:15');
  await next(page);

  // Step 3 What: stems, two milkweeds, monarchs on each with a photo.
  await stepHeading(page, 'Step 3 What');
  await next(page);
  await expect(page.getByText('Must have at least one milkweed stem inspected.')).toBeVisible();
  await expect(page.getByText('Please enter at least one milkweed observation.')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('120');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row1 = page.getByRole('group', { name: 'Milkweed 1' });
  await row1.getByRole('combobox', { name: 'Milkweed species' }).fill('syriaca');
  await page.getByRole('option', { name: /Asclepias syriaca/ }).click();
  await choose(page, row1, 'Abundance', 'Abundant (10-50/m2)');
  await choose(page, row1, 'Location size', 'Dotted (1-10/m2)');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row2 = page.getByRole('group', { name: 'Milkweed 2' });
  await row2.getByRole('combobox', { name: 'Milkweed species' }).fill('Swamp');
  await page.getByRole('option', { name: /Asclepias incarnata/ }).click();
  await choose(page, row2, 'Abundance', 'Rare (less than 1/m2)');
  await choose(page, row2, 'Location size', 'Patch');
  await next(page);
  await expect(page.getByText('Please enter at least one monarch observation.')).toBeVisible();

  await row1.getByRole('spinbutton', { name: 'Number of eggs' }).fill('14');
  await addPhoto(page, row1, 'Eggs', 'field_path_czechia_pixel_gps.jpg');
  await row2.getByRole('spinbutton', { name: 'Number of caterpillars' }).fill('3');
  await addPhoto(page, row2, 'Caterpillar', 'genoa_nikon_d3100_gps.jpg');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Ciel dégagé, 24 °C');

  // Reload in the middle: the browser asks first, then the draft is offered and resumed intact.
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toBe(true);
  const resume = page.getByRole('dialog', { name: 'Resume your mission?' });
  await expect(resume).toContainText('Champ des Possibles');
  await resume.getByRole('button', { name: 'Resume' }).click();
  await expect(page).toHaveURL(/step=observation/);
  await expect(page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' })).toHaveValue('120');
  await expect(row1.getByRole('combobox', { name: 'Milkweed species' })).toHaveValue(
    /Common milkweed \(Asclepias syriaca\)/,
  );
  await expect(row1.getByRole('spinbutton', { name: 'Number of eggs' })).toHaveValue('14');
  await expect(row1.getByRole('img', { name: 'Eggs: field_path_czechia_pixel_gps.jpg' })).toBeVisible();
  await expect(row2.getByRole('combobox', { name: 'Location size' })).toHaveText('Patch');
  await expect(row2.getByRole('spinbutton', { name: 'Number of caterpillars' })).toHaveValue('3');
  await expect(row2.getByRole('img', { name: 'Caterpillar: genoa_nikon_d3100_gps.jpg' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Ciel dégagé, 24 °C');
  await next(page);

  // Step 4 Confirmation: the summary, and an Edit link back to a step that keeps what was typed.
  await stepHeading(page, 'Step 4 Confirmation');
  await expect(page.getByRole('region', { name: 'Step 1 Where' })).toContainText('Champ des Possibles');
  await expect(page.getByRole('region', { name: 'Step 1 Where' })).toContainText('Québec, Canada');
  await expect(page.getByRole('region', { name: 'Step 2 When' })).toContainText('10:00 to 11:15');
  const summary1 = page.getByRole('article', { name: 'Milkweed 1' });
  await expect(summary1).toContainText('Asclepias syriaca');
  await expect(summary1.getByRole('img', { name: /^Eggs on / })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Milkweed 2' })).toContainText('Asclepias incarnata');
  await page.getByRole('link', { name: 'Edit Step 2 When' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Number of participants' })).toHaveValue('3');
  await next(page);
  await stepHeading(page, 'Step 3 What');
  await next(page);
  await stepHeading(page, 'Step 4 Confirmation');
  await page.getByRole('button', { name: 'Submit mission' }).click();
  await dismissToast(page, 'Thank you! Your mission was submitted.');

  // Mission details: both rows with their counts and photos; the draft is gone.
  await expect(page).toHaveURL(/\/mmapp\/en\/checklists\/view\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mission details' })).toBeVisible();
  const detail1 = page.getByRole('article', { name: 'Milkweed 1' });
  await expect(detail1).toContainText('Common milkweed');
  await expect(detail1).toContainText('Asclepias syriaca');
  await expect(detail1).toContainText('Abundant (10-50/m2)');
  await expect(detail1).toContainText(/Eggs\s*14/);
  await expect(detail1).toContainText('Pending');
  await expect(detail1.getByRole('img')).toHaveAttribute(
    'src',
    /^\/attachments\/observations\/small\/[0-9a-f-]{36}\.jpg$/,
  );
  const detail2 = page.getByRole('article', { name: 'Milkweed 2' });
  await expect(detail2).toContainText('Asclepias incarnata');
  await expect(detail2).toContainText(/Caterpillar\s*3/);
  await expect(detail2.getByRole('img')).toBeVisible();
  await expect(page.getByText('Ciel dégagé, 24 °C')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('mm_mission_draft'))).toBeNull();

  // Missions: the new one, newest first, with its counts and a link back to its details.
  await page.goto('/mmapp/en/submit/missions');
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Champ des Possibles' });
  await expect(card).toContainText('Eggs 14');
  await expect(card).toContainText('Caterpillar 3');
  await expect(card).toContainText('2 milkweeds');
  await expect(card).toContainText('Pending');
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mission details' })).toBeVisible();
});

test('the owner edits a mission, reuses its location, is asked before leaving a draft, and deletes the mission', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUp(page);
  const params = (await (await page.request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')?.province_id;
  const syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')?.milkweed_id;
  const created = await page.request.post('/api/observations/submit_mission', {
    headers: { Authorization: token },
    data: {
      idempotency_key: crypto.randomUUID(),
      site: {
        locality: 'Parc Frédéric-Back',
        city: 'Montréal',
        province_id: qc,
        latitude: 45.5611,
        longitude: -73.6311,
      },
      checklist: { checklist_date: '2025-07-20', start_time: '09:30', end_time: '10:45', participants: 2 },
      observation: {
        stems_inspected: 40,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: syriaca,
            abundance_id: 2,
            locationsize_id: 1,
            adults: 1,
            eggs: 0,
            caterpillars: 0,
            chrysalises: 0,
          },
        ],
        photos: [],
        comment: null,
      },
    },
  });
  expect(created.status()).toBe(201);
  const { checklist_id: id } = (await created.json()) as { checklist_id: number };

  // Edit: the saved mission fills the form; the change is saved with PUT and shown.
  await page.goto(`/mmapp/en/checklists/view?id=${id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit mission' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Locality' })).toHaveValue('Parc Frédéric-Back');
  await next(page);
  await stepHeading(page, 'Step 2 When');
  await page.getByRole('spinbutton', { name: 'Number of participants' }).fill('5');
  await next(page);
  await expect(
    page.getByRole('group', { name: 'Milkweed 1' }).getByRole('spinbutton', { name: 'Number of adults' }),
  ).toHaveValue('1');
  await next(page);
  await stepHeading(page, 'Step 4 Confirmation');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await dismissToast(page, 'Your mission was updated.');
  await expect(page.getByRole('region', { name: 'When' })).toContainText(/Number of participants\s*5/);

  // A new mission at one of "my locations"; leaving the page asks first and keeps the draft.
  await page.goto('/mmapp/en/submit/mission');
  await page.getByRole('button', { name: 'Show my locations' }).click();
  await page
    .getByRole('list', { name: 'My locations' })
    .getByRole('button', { name: /Parc Frédéric-Back/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Locality' })).toHaveValue('Parc Frédéric-Back');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Montréal');
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await expect(page.getByText('Using your location “Parc Frédéric-Back”.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Missions' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the mission?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/submit\/mission$/);
  await page.getByRole('link', { name: 'Missions' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
  await page.goto('/mmapp/en/submit/mission');
  await page.getByRole('dialog', { name: 'Resume your mission?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('textbox', { name: 'Locality' })).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('mm_mission_draft'))).toBeNull();

  // Delete, after confirmation: the Missions list is empty again.
  await page.goto(`/mmapp/en/checklists/view?id=${id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this submission?' }).getByRole('button', { name: 'Delete' }).click();
  await dismissToast(page, 'The submission was deleted.');
  await expect(page).toHaveURL(/\/submit\/missions$/);
  await expect(page.getByText('You have not submitted any mission yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a mission' })).toBeVisible();
});

/** Picks a photo through Step 1's "Use a photo's location" button (read on the page, not uploaded). */
async function usePhotoLocation(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: "Use a photo's location" }).click();
  await (await chooser).setFiles(path.join(photos, file));
}

// As in Flash, a photo's EXIF fills the empty place and the untouched date, never what was typed.
test("a photo's EXIF fills the Mission's empty location and date, and never replaces a typed date", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/mmapp/en/submit/mission');
  await stepHeading(page, 'Step 1 Where');
  const latitude = page.getByRole('spinbutton', { name: 'Latitude' });
  await expect(
    page.getByText('A photo taken at the site fills in the point and the date.', { exact: false }),
  ).toBeVisible();

  // A photo without GPS (WebP, EXIF date only) fills nothing, and says so.
  await usePhotoLocation(page, 'flower_canon_s40_exif.webp');
  await expect(page.getByText('This photo has no location data. Choose the point on the map.')).toBeVisible();
  await expect(latitude).toHaveValue('');

  // The Berkeley photo fills the point (its province suggested) and the still-default date.
  await usePhotoLocation(page, 'squirrel_berkeley_canon600d_gps.jpg');
  await expect(
    page.getByText("Location and date were filled in from the photo's data.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('This photo has no location data.', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Chosen point: 37.87109, -122.25678')).toBeVisible();
  await expect(latitude).toHaveValue(/^37\.8710/);
  await expect(page.getByRole('spinbutton', { name: 'Longitude' })).toHaveValue(/^-122\.2567/);
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('California');
  await expect(page.getByText('Suggested from the point on the map. Please check it.')).toBeVisible();
  // With a point, the button goes: a photo never moves a chosen point.
  await expect(page.getByRole('button', { name: "Use a photo's location" })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Locality' }).fill('Tilden Park, upper meadow');
  await page.getByRole('textbox', { name: 'City' }).fill('Berkeley');
  await next(page);

  // Step 2: the photo's day; the volunteer corrects it by hand.
  await stepHeading(page, 'Step 2 When');
  const date = page.getByLabel(/^Date/);
  await expect(date).toHaveValue('2015-06-11');
  await date.fill('2015-06-12');
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('11:00');
  await next(page);

  // Step 3: a picture from another day and place changes neither the typed date nor the point.
  await stepHeading(page, 'Step 3 What');
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('30');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await row.getByRole('combobox', { name: 'Milkweed species' }).fill('syriaca');
  await page.getByRole('option', { name: /Asclepias syriaca/ }).click();
  await choose(page, row, 'Abundance', 'Rare (less than 1/m2)');
  await choose(page, row, 'Location size', 'Patch');
  await row.getByRole('spinbutton', { name: 'Number of adults' }).fill('1');
  await addPhoto(page, row, 'Adult', 'thermal_drone_newjersey_dji_gps_tz.jpg');
  await expect(page.getByText(/filled in from the photo's data/)).toHaveCount(0);
  await next(page);
  await stepHeading(page, 'Step 4 Confirmation');
  const where = page.getByRole('region', { name: 'Step 1 Where' });
  await expect(where).toContainText('California, United States');
  await expect(where).toContainText('37.87109, -122.25678');
  await expect(page.getByRole('region', { name: 'Step 2 When' })).toContainText('Jun 12, 2015');
});

// The date shown in Step 2 is the volunteer's: a later photo of another day offers its day, never replaces it.
test('a picture added in Step 3 offers its date and never replaces the date kept in Step 2 @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/mmapp/en/submit/mission');
  await page.getByTestId('site-map').click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveText('Québec');
  await page.getByRole('textbox', { name: 'Locality' }).fill('Champ des Possibles');
  await page.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await next(page);
  await stepHeading(page, 'Step 2 When');
  // Today's date, seen and kept as it is.
  const today = await page.getByLabel(/^Date/).inputValue();
  expect(today).not.toBe('2019-04-30');
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('11:00');
  await next(page);

  await stepHeading(page, 'Step 3 What');
  await page.getByRole('spinbutton', { name: 'Number of milkweed stems inspected' }).fill('12');
  await page.getByRole('button', { name: 'Add a milkweed' }).click();
  const row = page.getByRole('group', { name: 'Milkweed 1' });
  await row.getByRole('combobox', { name: 'Milkweed species' }).fill('syriaca');
  await page.getByRole('option', { name: /Asclepias syriaca/ }).click();
  await choose(page, row, 'Abundance', 'Rare (less than 1/m2)');
  await choose(page, row, 'Location size', 'Patch');
  await row.getByRole('spinbutton', { name: 'Number of eggs' }).fill('2');
  // The New Jersey drone photo of 30 April 2019: its day is offered, the kept date stays.
  await addPhoto(page, row, 'Eggs', 'thermal_drone_newjersey_dji_gps_tz.jpg');
  const offer = page.getByRole('alert').filter({ hasText: 'This photo was taken on Apr 30, 2019' });
  await expect(offer).toBeVisible();
  await expect(page.getByText("The date was filled in from the photo's data.", { exact: false })).toHaveCount(0);
  await next(page);
  await stepHeading(page, 'Step 4 Confirmation');
  await expect(page.getByRole('region', { name: 'Step 2 When' })).not.toContainText('2019');

  // Back in Step 3, the volunteer may take the photo's day on purpose.
  await page.getByRole('link', { name: 'Back' }).click();
  await stepHeading(page, 'Step 3 What');
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Add a picture of Eggs' }).click();
  await (await chooser).setFiles(path.join(photos, 'thermal_drone_newjersey_dji_gps_tz.jpg'));
  await offer.getByRole('button', { name: 'Use this date' }).click();
  await expect(offer).toHaveCount(0);
  await next(page);
  await stepHeading(page, 'Step 4 Confirmation');
  await expect(page.getByRole('region', { name: 'Step 2 When' })).toContainText('Apr 30, 2019');
});
