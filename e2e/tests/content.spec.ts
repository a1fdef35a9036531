import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openApp } from '../support/app';
import { signUpConfirmed } from '../support/accounts';
import { CONTENT_PAGE_SLUGS } from '../support/content';

const contentDir = path.resolve(import.meta.dirname, '../../apps/web/src/content');
const LOCALES = ['en', 'fr', 'es'] as const;

/** The h1 a page must show: the first line of its Markdown file. */
const h1Of = (slug: string, lng: string) =>
  readFileSync(path.join(contentDir, slug, `${lng}.md`), 'utf8')
    .split('\n')[0]!
    .replace(/^# /, '');

for (const lng of LOCALES) {
  test(`every content page renders in ${lng} with its own heading, title, description and alternates`, async ({
    page,
  }) => {
    for (const slug of CONTENT_PAGE_SLUGS) {
      await page.goto(`/mmapp/${lng}/content/${slug}`);
      const h1 = page.getByRole('heading', { level: 1 });
      if (slug === 'mission-kit' && lng === 'es') {
        await expect(h1).toHaveText('Esta página no está disponible en español');
        await expect(page.getByRole('link', { name: 'Read it in English' })).toHaveAttribute(
          'href',
          '/mmapp/en/content/mission-kit',
        );
        await expect(page.getByRole('link', { name: 'Lire en français' })).toHaveAttribute(
          'href',
          '/mmapp/fr/content/mission-kit',
        );
        continue;
      }
      await expect(h1, `${lng}/${slug}`).toHaveText(h1Of(slug, lng));
      await expect(h1).toHaveCount(1);
      await expect(page).toHaveTitle(/ · /);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      const others = slug === 'mission-kit' ? ['en', 'fr'] : LOCALES;
      for (const other of others) {
        await expect(page.locator(`head link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
          'href',
          new RegExp(`/mmapp/${other}/content/${slug}$`),
        );
      }
    }
  });
}

test('the mission kit is in the English and French menus, not in the Spanish one', async ({ page }) => {
  await openApp(page, '/mmapp/en/content/what-is-a-mission');
  await page.getByRole('button', { name: 'The Mission' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mission kit' })).toBeVisible();
  await openApp(page, '/mmapp/es/content/what-is-a-mission');
  await page.getByRole('button', { name: 'La misión' }).click();
  await expect(page.getByRole('menuitem', { name: '¿Qué es una misión?' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Kit de la misión' })).toHaveCount(0);
});

test('links inside a page keep the language, and the life cycle diagram has translated alt text', async ({ page }) => {
  await page.goto('/mmapp/fr/content/life-cycle');
  await expect(page.getByRole('img', { name: /Schéma du cycle de vie du monarque/ })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Migration' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/content\/monarch-identification-annual-cycle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Migration');
  await expect(page.getByRole('img', { name: /Carte schématique de l'Amérique du Nord/ })).toBeVisible();
});

test('the language switch on a content page lands on the same page in the other language', async ({ page }) => {
  await openApp(page, '/mmapp/en/content/life-cycle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life cycle');
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/content\/life-cycle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cycle de vie');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/mmapp\/en\/content\/life-cycle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life cycle');
});

test('the small-screen menu switches a content page to Spanish, and the mission kit then says it is not offered @small-screen', async ({
  page,
}) => {
  await openApp(page, '/mmapp/en/content/life-cycle');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/mmapp\/es\/content\/life-cycle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciclo de vida');
  await page.goto('/mmapp/es/content/mission-kit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Esta página no está disponible en español');
  await page.getByRole('link', { name: 'Lire en français' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/content\/mission-kit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trousse de mission');
});

test('an unknown content page is not found', async ({ page }) => {
  await page.goto('/mmapp/en/content/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resource not found');
});

test('the home page shows live figures and the current campaign', async ({ page, request }) => {
  const username = `ct${Date.now().toString(36)}`;
  const signup = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Rosa',
      last_name: 'Lima',
      email: `${username}@example.org`,
      password: 'Monarque22',
      confirm_password: 'Monarque22',
      language: 'en',
      newsletter: false,
    },
  });
  expect(signup.status()).toBe(201);
  const token = ((await signup.json()) as { oauth_token: string }).oauth_token;
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
  };
  const flash = await request.post('/api/observations/submit_flash', {
    headers: { Authorization: token },
    data: {
      idempotency_key: randomUUID(),
      checklist_date: new Date().toISOString().slice(0, 10),
      locality: 'Parc Maisonneuve',
      city: 'Montréal',
      province_id: params.provinces.find((p) => p.administrative === 'QC')!.province_id,
      latitude: 45.561,
      longitude: -73.561,
      adults: 1,
      eggs: 4,
      caterpillars: 0,
      chrysalises: 0,
      photos: [],
    },
  });
  expect(flash.ok()).toBe(true);

  await page.goto('/mmapp/en/');
  // The live figures are drawn once they come into view, as a reader scrolls to them (docs/adr/0033); the app
  // then draws their frame anew, so the scroll is the page's own, not an action on an element that goes.
  const scrollToFigures = () => page.evaluate(() => document.querySelector('[data-when-visible]')?.scrollIntoView());
  await scrollToFigures();
  await expect(page.getByRole('heading', { level: 2, name: 'Mission Monarch in figures' })).toBeVisible();
  const season = new Date().getUTCFullYear();
  const observations = page.getByTestId('figure-observations');
  await expect(observations).toContainText(`observations in ${season}`);
  await expect(observations.locator('dd')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('figure-total').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('figure-volunteers').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('figure-sites').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: /International Monarch Monitoring Blitz is on|Next Blitz: summer \d{4}/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'About the Blitz' })).toHaveAttribute(
    'href',
    '/mmapp/en/content/monarch-blitz',
  );

  await page.goto('/mmapp/fr/');
  await scrollToFigures();
  await expect(page.getByTestId('figure-observations')).toContainText(`observations en ${season}`);
});
