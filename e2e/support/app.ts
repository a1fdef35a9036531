import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app runs it (`<html data-app="ready">`). A server-rendered page
 * (issue 13) shows its header and text before the app has started: its links work at once, its
 * buttons (menus, language switch) only from then on.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}
