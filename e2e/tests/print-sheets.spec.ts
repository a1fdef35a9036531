import { expect, test } from '@playwright/test';

// Issue 17: a teacher prints the field forms in the class's language from the education kit.
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
  await expect(page.getByRole('heading', { level: 1, name: 'Formulario de campo Flash Data' })).toBeVisible();
  await page.goto('/mmapp/en/print/nothing');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource not found' })).toBeVisible();
});
