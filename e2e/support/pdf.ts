import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/**
 * Prints the page as Chromium does ("Save as PDF", print media, the sheet's own @page margins) and
 * counts the PDF's pages.
 * @param format 'Letter' (216 × 279 mm) or 'A4' (210 × 297 mm)
 */
export async function printedPageCount(page: Page, format: 'Letter' | 'A4'): Promise<number> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await PDFDocument.load(await page.pdf({ format }));
  return pdf.getPageCount();
}
