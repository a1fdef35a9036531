import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { newVolunteer } from '../support/accounts';
import { printedPageCount } from '../support/pdf';

/**
 * The season report (docs/monitoring.md "Season report", ADR 0037) on a phone, in French: a volunteer
 * opens the report of their private garden from its page, shares it, a visitor reads the shared link
 * without the garden's name, the report prints on one sheet (A4 and Letter), and a revoked link is gone.
 */
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const password = 'Monarque22';
const GARDEN = { locality: 'Jardin secret de la rue Fabre', city: 'Montréal', latitude: 45.5617, longitude: -73.5575 };
/** Last year's season: every visit lies in the past whatever day the suite runs. */
const YEAR = new Date().getUTCFullYear() - 1;
/** A weekly summer: day, stems inspected, eggs, caterpillars, chrysalises, adults. */
const VISITS: [string, number, number, number, number, number][] = [
  ['06-09', 40, 3, 0, 0, 1],
  ['06-16', 40, 5, 2, 0, 0],
  ['06-23', 40, 2, 4, 0, 0],
  ['06-30', 40, 1, 3, 1, 0],
  ['07-07', 40, 0, 2, 1, 1],
  ['07-14', 40, 0, 0, 0, 2],
];

async function missions(request: APIRequestContext, token: string): Promise<number> {
  const params = (await (await request.get('/api/utilities/loadparams')).json()) as {
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  };
  const qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  const syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  let siteId: number | null = null;
  for (const [day, stems, eggs, caterpillars, chrysalises, adults] of VISITS) {
    const res = await request.post('/api/observations/submit_mission', {
      headers: { Authorization: token },
      data: {
        idempotency_key: randomUUID(),
        site: { ...GARDEN, site_id: siteId, province_id: qc, is_private: true },
        checklist: { checklist_date: `${YEAR}-${day}`, start_time: '09:00', end_time: '10:00', participants: 1 },
        observation: {
          stems_inspected: stems,
          monarchs_seen: true,
          milkweeds: [
            { milkweed_id: syriaca, abundance_id: 2, locationsize_id: 1, adults, eggs, caterpillars, chrysalises },
          ],
          photos: [],
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    if (siteId === null) {
      const id = ((await res.json()) as { checklist_id: number }).checklist_id;
      const detail = (await (
        await request.get(`/api/checklists/${id}`, { headers: { Authorization: token } })
      ).json()) as { site: { site_id: number } };
      siteId = detail.site.site_id;
    }
  }
  return siteId!;
}

async function openSignedIn(page: Page, token: string, href: string) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const title = `Bilan de la saison ${YEAR}`;

test('a volunteer prints and shares the French season report of a private garden on one sheet @phone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const me = await newVolunteer(request, `sea${Date.now().toString(36)}`, password);
  const siteId = await missions(request, me.oauth_token);

  // From the site page to its report.
  await openSignedIn(page, me.oauth_token, `/mmapp/fr/sites/${siteId}`);
  await expect(page.getByRole('link', { name: 'Bilan de la saison' })).toHaveAttribute(
    'href',
    `/mmapp/fr/sites/${siteId}/report`,
  );
  await page.goto(`/mmapp/fr/sites/${siteId}/report?year=${YEAR}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(GARDEN.locality)).toBeVisible();
  const visits = page.getByRole('table', { name: /6 visites/ });
  await expect(visits.getByRole('row')).toHaveCount(1 + VISITS.length);
  // 6 visits, 240 stems, 11 eggs + 11 caterpillars: 100 · 22 / 240 = 9.17 per 100 stems.
  await expect(page.getByText('9,17', { exact: true })).toBeVisible();
  const stages = page.getByRole('table', { name: 'Premier et dernier jour où chaque stade a été observé' });
  await expect(stages.getByRole('row', { name: /Chrysalides/ })).toContainText('30 juin');
  await expect(
    page
      .getByRole('img', { name: /Œufs \+ chenilles par 100 tiges/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  // The phone's width holds the page: nothing runs off to the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Shared: a link anyone may open without signing in, naming no private place.
  await page.getByRole('button', { name: 'Partager ce bilan' }).click();
  const link = page.getByRole('textbox', { name: 'Lien public' });
  await expect(link).toHaveValue(/\/mmapp\/fr\/report\/[A-Za-z0-9_-]{43}$/);
  const url = new URL(await link.inputValue());
  const visitor = await browser.newContext({ viewport: PHONE });
  const theirs = await visitor.newPage();
  await theirs.goto(url.pathname);
  await expect(theirs.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(theirs.getByRole('table', { name: /6 visites/ })).toBeVisible();
  await expect(theirs.getByText(/^Un site privé, Québec/)).toBeVisible();
  expect(await theirs.content()).not.toContain(GARDEN.locality);

  // On paper: one sheet, A4 or Letter, titled in French; no header, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
  expect(await printedPageCount(page, 'A4')).toBe(1);
  expect(await printedPageCount(page, 'Letter')).toBe(1);
  const pdf = await PDFDocument.load(await page.pdf({ format: 'A4' }));
  expect(pdf.getTitle()).toContain(title);
  await page.emulateMedia({ media: 'screen' });

  // Revoked: the link is gone.
  await page.getByRole('button', { name: 'Arrêter le partage' }).click();
  await expect(page.getByRole('button', { name: 'Partager ce bilan' })).toBeVisible();
  await theirs.reload();
  await expect(theirs.getByText('Ce bilan n’existe pas ou son lien a été retiré.')).toBeVisible();
  await visitor.close();
});
