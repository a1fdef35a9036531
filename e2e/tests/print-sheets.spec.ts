import { expect, test } from '@playwright/test';
import { printedPageCount } from '../support/pdf';

// A teacher prints the field forms in the class's language from the education kit.
test('a teacher opens the French Mission field form from the education kit and saves it as a PDF', async ({ page }) => {
  await page.goto('/mmapp/fr/content/trousse-pedagogique');
  const sheets = page.getByRole('region', { name: 'Fiches à imprimer' });
  await sheets.getByRole('link', { name: 'Formulaire de terrain de Mission' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/print\/mission-form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Formulaire de terrain de Mission' })).toBeVisible();
  // The online form's own labels, in French, with room to write.
  for (const label of ['Lieu', 'Heure de début', 'Heure de fin', 'Nombre de participants'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Nombre de tiges d’asclépiades examinées')).toBeVisible();
  for (const stage of ['Adulte', 'Œufs', 'Chenille', 'Chrysalide'])
    await expect(page.getByRole('columnheader', { name: stage })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(7);
  await expect(page.getByText(/Asclépiade commune \(Asclepias syriaca\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimer ou enregistrer en PDF' })).toBeVisible();

  // On paper: the sheet only, no site header, footer or print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimer ou enregistrer en PDF' })).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
});

test('the Flash field form speaks English and Spanish, and an unknown sheet is not found', async ({ page }) => {
  await page.goto('/mmapp/en/print/flash-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Flash Data field form' })).toBeVisible();
  for (const label of ['Number of adults', 'Number of eggs', 'Number of caterpillars', 'Number of chrysalises'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Common milkweed (Asclepias syriaca)')).toBeVisible();
  await page.goto('/mmapp/es/print/flash-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulario de campo Datos Flash' })).toBeVisible();
  await page.goto('/mmapp/en/print/nothing');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource not found' })).toBeVisible();
});

// Identification sheets drawn for the project, offered beside the field forms.
test('the French monarch identification sheet shows the four stages and the look-alikes, drawn and described', async ({
  page,
}) => {
  await page.goto('/mmapp/fr/content/trousse-pedagogique');
  await page
    .getByRole('region', { name: 'Fiches à imprimer' })
    .getByRole('link', { name: 'Fiche d’identification du monarque' })
    .click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/print\/monarch-id$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fiche d’identification du monarque' })).toBeVisible();
  for (const stage of ['Œuf', 'Chenille', 'Chrysalide', 'Adulte'])
    await expect(page.getByRole('heading', { level: 3, name: stage, exact: true })).toBeVisible();
  for (const label of ['Taille', 'Où chercher', 'Comment le reconnaître'])
    await expect(page.getByText(label, { exact: true })).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 2, name: 'À ne pas confondre avec' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Vice-roi/ })).toBeVisible();

  // Seven drawings (four stages, three look-alikes), each loaded, sized, with French alt text.
  const drawings = page.locator('img[src*="/img/illustrations/"]');
  await expect(drawings).toHaveCount(7);
  await expect(page.getByRole('img', { name: /^Dessin d’un œuf de monarque/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Dessin d’une chrysalide de monarque/ })).toBeVisible();
  for (const img of await drawings.all()) {
    expect((await img.getAttribute('alt'))?.startsWith('Dessin')).toBe(true);
    await expect(img).toHaveAttribute('width', '240');
    await expect(img).toHaveAttribute('height', '180');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimer ou enregistrer en PDF' })).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the Spanish milkweed identification sheet describes each species with its drawing', async ({ page }) => {
  await page.goto('/mmapp/es/content/ready-to-go');
  await page.getByRole('link', { name: 'Ficha de identificación de los algodoncillos' }).click();
  await expect(page).toHaveURL(/\/mmapp\/es\/print\/milkweed-id$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ficha de identificación de los algodoncillos' }),
  ).toBeVisible();
  for (const name of ['Algodoncillo común', 'Algodoncillo de pantano', 'Algodoncillo tuberoso', 'Algodoncillo vistoso'])
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Asclepias tuberosa/ })).toBeVisible();
  for (const label of ['Hojas', 'Flores', 'Dónde crece'])
    await expect(page.getByText(label, { exact: true })).toHaveCount(5);
  await expect(page.getByText(/Savia clara, no lechosa/)).toBeVisible();
  await expect(page.getByText(/Cuidado con los vincetóxicos/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Dibujo del algodoncillo tuberoso: .*anaranjado vivo/ })).toBeVisible();
  // Five milkweeds, then the swallow-wort drawn beside its warning.
  const drawings = page.locator('img[src*="/img/illustrations/"]');
  await expect(drawings).toHaveCount(6);
  for (const img of (await drawings.all()).slice(0, 5))
    expect((await img.getAttribute('alt'))?.startsWith('Dibujo del algodoncillo')).toBe(true);
  await expect(page.getByRole('img', { name: /^Dibujo del vincetóxico: una enredadera/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Dibujo del vincetóxico/ })).toHaveAttribute(
    'src',
    '/mmapp/img/illustrations/swallow-wort.svg',
  );
});

// Each sheet a class takes outdoors fits two sheets of paper, Letter or A4, in every language.
for (const sheet of ['mission-form', 'milkweed-id'] as const) {
  test(`the ${sheet} sheet prints on at most two Letter or A4 pages in English, French and Spanish`, async ({
    page,
  }) => {
    for (const lng of ['en', 'fr', 'es']) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`/mmapp/${lng}/print/${sheet}`);
      // Wait for the whole sheet: the form's last section, or the identification sheet's last drawing.
      await expect(page.getByRole('heading', { level: 2 }).last()).toBeVisible();
      if (sheet === 'mission-form') await expect(page.getByRole('row')).toHaveCount(7);
      for (const img of await page.locator('img[src*="/img/illustrations/"]').all())
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      for (const format of ['Letter', 'A4'] as const) {
        const pages = await printedPageCount(page, format);
        expect(pages, `${sheet} ${lng} ${format}`).toBeGreaterThanOrEqual(1);
        expect(pages, `${sheet} ${lng} ${format}`).toBeLessThanOrEqual(2);
      }
    }
  });
}

test('the identification pages show the drawings with captions and a reserved size', async ({ page }) => {
  await page.goto('/mmapp/en/content/monarch-identification');
  const egg = page.getByRole('figure').filter({ has: page.getByRole('img', { name: /^Drawing of a monarch egg/ }) });
  await expect(egg).toContainText('Egg, enlarged');
  await expect(egg.getByRole('img')).toHaveAttribute('width', '240');
  await expect(page.locator('img[src*="/img/illustrations/"]')).toHaveCount(5);
  await page.goto('/mmapp/fr/content/milkweed-identification');
  await expect(page.getByRole('img', { name: /^Dessin de l’asclépiade incarnate/ })).toHaveAttribute('height', '180');
  const swallowWort = page
    .getByRole('figure')
    .filter({ has: page.getByRole('img', { name: /^Dessin du dompte-venin : une liane/ }) });
  await expect(swallowWort).toContainText('Dompte-venin : liane volubile');
  await expect(swallowWort.getByRole('img')).toHaveAttribute('width', '240');
  await expect(page.locator('img[src*="/img/illustrations/"]')).toHaveCount(6);
  // The older diagrams reserve their space too: their intrinsic size is in the markup.
  await page.goto('/mmapp/es/content/monarch-identification-annual-cycle');
  for (const img of await page.locator('img[src*="/img/content/"]').all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
  await expect(page.locator('img[src*="/img/content/"]').first()).toBeVisible();
});

test('the Flash field sheet prints on one page, Letter or A4, in the three languages @small-screen', async ({
  page,
}) => {
  for (const lng of ['en', 'fr', 'es']) {
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/mmapp/${lng}/print/flash-form`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/\(Asclepias syriaca\)/)).toBeVisible();
    for (const format of ['Letter', 'A4'] as const)
      expect(await printedPageCount(page, format), `flash-form ${lng} ${format}`).toBe(1);
  }
});

test('a French or Spanish Mission sheet lists its abundances in its language after an English page @small-screen', async ({
  page,
}) => {
  // The tab reads an English sheet first: its reference data are kept for the tab, in English.
  await page.goto('/mmapp/en/print/mission-form');
  await expect(page.getByText('Rare (less than 1/m2)').first()).toBeVisible();
  for (const [lng, rare] of [
    ['fr', 'Rare (moins de 1/m2)'],
    ['es', 'Escaso (menos de 1/m2)'],
  ] as const) {
    await page.goto(`/mmapp/${lng}/print/mission-form`);
    await expect(page.getByText(rare).first()).toBeVisible();
    await expect(page.getByText('Rare (less than 1/m2)')).toHaveCount(0);
    await expect(page.getByText(/Asclepias syriaca/).first()).toBeVisible();
  }
});
