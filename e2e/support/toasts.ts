import { expect, type Page } from '@playwright/test';

/**
 * Checks that the toast saying `text` shows (top-right, over the header; spec §8), then closes it with a
 * click, as a volunteer does. On a loaded machine its entry animation can keep it moving past Playwright's
 * wait for a still element, or it closes itself first (after 5 s): the click is tried again in short attempts
 * until the toast is gone. (A click made while it moves can miss it and leave the pointer over it, which
 * pauses its own closing: hence no forced click.)
 */
export async function dismissToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(async () => {
    if (await toast.isVisible()) await toast.click({ timeout: 2000 });
    await expect(toast).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
