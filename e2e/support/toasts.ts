import { expect, type Page } from '@playwright/test';

/**
 * Checks that the toast saying `text` shows (top-right, over the header; spec §8), then closes it with a
 * click, as a volunteer does. Its entry animation keeps it moving for a while on a loaded machine, where
 * Playwright's wait for a still element can outlast the toast's own 5 s: it is pressed where it is, and one
 * that has closed itself meanwhile is gone all the same.
 */
export async function dismissToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.click({ force: true, timeout: 3000 }).catch(() => undefined);
  await expect(toast).toBeHidden();
}
