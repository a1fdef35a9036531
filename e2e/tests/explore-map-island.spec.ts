import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpConfirmed } from '../support/accounts';

// Explore's map view drawn before the app starts (docs/adr/0042): the server renders `?view=map` for
// reading, a small module draws the map and its clusters without React, and the app's map view adopts
// that map once a visitor starts the app.

const password = 'Monarque22';
const MANITOBA = 3;
const NEWFOUNDLAND = 5;

/** Far from every other suite's sightings: a pin of one visit in St. John's, a bubble of three in Churchill. */
const SIGHTINGS = [
  {
    locality: 'Signal Hill',
    province_id: NEWFOUNDLAND,
    latitude: 47.5701,
    longitude: -52.6819,
    adults: 2,
    eggs: 3,
    caterpillars: 1,
    chrysalises: 1,
  },
  { locality: 'Churchill marsh', province_id: MANITOBA, latitude: 58.7684, longitude: -94.1649, adults: 1 },
  { locality: 'Churchill meadow', province_id: MANITOBA, latitude: 58.7402, longitude: -94.0711, adults: 1 },
  { locality: 'Churchill shore', province_id: MANITOBA, latitude: 58.7551, longitude: -94.1203, adults: 1 },
];

const PIN = '4 observations of one visit: show the details';
const BUBBLE = '3 observations: zoom in';
const MAP_URL = '/mmapp/en/explore?view=map';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const username = `is${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Isla',
      last_name: 'Mapper',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  const token = ((await res.json()) as { oauth_token: string }).oauth_token;
  // Once per run: the second project finds them there already (its own would double the counts).
  const clusters = (await (
    await request.get('/api/observations/clusters?zoom=10&west=-53&east=-52.5&south=47.4&north=47.7')
  ).json()) as { total: number };
  if (clusters.total === 0)
    for (const s of SIGHTINGS) {
      const sent = await request.post('/api/observations/submit_flash', {
        headers: { Authorization: token },
        data: {
          idempotency_key: randomUUID(),
          city: null,
          comment: null,
          photos: [],
          milkweed_id: null,
          eggs: 0,
          caterpillars: 0,
          chrysalises: 0,
          checklist_date: '2024-07-20',
          ...s,
        },
      });
      expect(sent.status()).toBe(201);
    }
  await request.dispose();
});

/**
 * Of the markers `markers` finds, the one farthest east (this suite's pin in St. John's lies east of every
 * other suite's sightings) or north (its bubble in Churchill): the whole suite's data share the map, and
 * another suite may have a visit of the same size elsewhere.
 */
async function farthest(markers: Locator, side: 'east' | 'north'): Promise<Locator> {
  await expect(markers.first()).toBeVisible();
  const places = await markers.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y };
    }),
  );
  let best = 0;
  places.forEach((p, i) => {
    const b = places[best] ?? p;
    if (side === 'east' ? p.x > b.x : p.y < b.y) best = i;
  });
  return markers.nth(best);
}

/** A marker's centre relative to the map's box, px. */
async function placeInMap(page: Page, marker: Locator): Promise<{ x: number; y: number }> {
  const map = await page.getByRole('region', { name: /^Map of the observations/ }).boundingBox();
  const box = await marker.boundingBox();
  if (!map || !box) throw new Error('map or marker not on screen');
  return { x: box.x + box.width / 2 - map.x, y: box.y + box.height / 2 - map.y };
}

test('the map and its clusters show before the app, which adopts the map with its view @phone', async ({ page }) => {
  await page.goto(MAP_URL);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-app', 'on-demand');
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  const firstPin = await farthest(map.getByRole('button', { name: PIN }), 'east');
  await expect(firstPin).toBeVisible();
  const firstBubble = await farthest(map.getByRole('button', { name: BUBBLE }), 'north');
  await expect(firstBubble).toBeVisible();
  await expect(page.getByText(/^[\d,]+ observations in this area$/)).toBeVisible();

  // Zoomed in with the wheel (not a sign of use: the app stays asleep), onto Churchill.
  const before = await placeInMap(page, firstBubble);
  const pinBefore = await placeInMap(page, firstPin);
  const bubble = map.getByRole('button', { name: BUBBLE });
  const pinDistance = Math.hypot(pinBefore.x - before.x, pinBefore.y - before.y);
  const mapBox = await map.boundingBox();
  if (!mapBox) throw new Error('no map');
  await page.mouse.move(mapBox.x + before.x, mapBox.y + before.y);
  await page.mouse.wheel(0, -200);
  // Leaflet zooms about the pointer: the bubble stays put, the pin (elsewhere) moves away from it or off the map.
  await expect(async () => {
    const now = await placeInMap(page, await farthest(bubble, 'north'));
    expect(Math.abs(now.x - before.x)).toBeLessThan(4);
    const pin = await farthest(map.getByRole('button', { name: PIN }), 'east');
    const mapNow = await map.boundingBox();
    const pinBox = await pin.boundingBox();
    const onMap =
      mapNow !== null && pinBox !== null && pinBox.x > mapNow.x && pinBox.x + pinBox.width < mapNow.x + mapNow.width;
    if (onMap) {
      const pinNow = await placeInMap(page, pin);
      expect(Math.hypot(pinNow.x - now.x, pinNow.y - now.y)).toBeGreaterThan(1.5 * pinDistance);
    }
  }).toPass();
  await expect(html).toHaveAttribute('data-app', 'on-demand');
  // Drawn again for the new view (in batches): read once it is there.
  let zoomed = { x: 0, y: 0 };
  await expect(async () => {
    zoomed = await placeInMap(page, await farthest(bubble, 'north'));
  }).toPass();
  await page.locator('.leaflet-container').evaluate((el) => el.setAttribute('data-e2e-island', ''));

  // A key starts the app; its map view takes the same map over: same element, same view, its own markers.
  await page.keyboard.press('Shift');
  await expect(html).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('button', { name: 'Clear map' })).toBeVisible();
  await expect(page.getByTestId('explore-map').locator('.leaflet-container[data-e2e-island]')).toHaveCount(1);
  // The app's own markers only: one bubble where the module's was (within 3 px of it), the module's gone.
  // Another suite's bubble of three may be in view elsewhere on the map.
  const atZoomedPlace = async (): Promise<number[]> => {
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    const centres = await bubble.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }),
    );
    return centres.flatMap((c, i) =>
      Math.abs(c.x - box.x - zoomed.x) < 3 && Math.abs(c.y - box.y - zoomed.y) < 3 ? [i] : [],
    );
  };
  await expect.poll(async () => (await atZoomedPlace()).length).toBe(1);
  const [here = 0] = await atZoomedPlace();

  // The app's map answers: the bubble zooms in and splits, a pin opens its popup.
  await bubble.nth(here).click();
  const pins = map.getByRole('button', { name: '1 observation: show the details' });
  await expect(pins).toHaveCount(3);
  await pins.first().click();
  await expect(page.getByTestId('checklist-popup')).toContainText('Adult: 1');
});

test('a pin pressed before the app runs opens its popup once it does @phone', async ({ page }) => {
  await page.goto(MAP_URL);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  await (await farthest(map.getByRole('button', { name: PIN }), 'east')).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  const popup = page.getByTestId('checklist-popup');
  await expect(popup).toContainText('Adult: 2');
  await expect(popup).toContainText('Eggs: 3');
});

test('a bubble pressed before the app runs zooms in, and the app keeps that view', async ({ page }) => {
  await page.goto(MAP_URL);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'on-demand');
  const map = page.getByRole('region', { name: /^Map of the observations/ });
  await (await farthest(map.getByRole('button', { name: BUBBLE }), 'north')).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(map.getByRole('button', { name: '1 observation: show the details' })).toHaveCount(3);
  await expect(map.getByRole('button', { name: BUBBLE })).toHaveCount(0);
});

// The page's HTML, as a browser without JavaScript reads it (Chromium with script execution turned off still
// parses `<noscript>` as text: what it would show is read from the HTML).
test('without JavaScript the map says it needs it, and the other views are links', async ({ request }) => {
  const html = await (await request.get(MAP_URL)).text();
  expect(html).toMatch(/<noscript><p [^>]*>The map needs JavaScript: turn it on to see the observations/);
  expect(html).toContain('href="?view=grid"');
  expect(html).toMatch(/<div id="root" data-ssr="" data-hydrate="interaction">/);
});
