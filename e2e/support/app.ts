import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app runs it (`<html data-app="ready">`). A server-rendered page
 * shows its header and text before the app has started: its links work at once, its
 * buttons (menus) from then on. A page rendered for reading (home, content pages: `data-app="on-demand"`,
 * docs/adr/0033) starts its app when a visitor uses it: a key press (Shift, which does nothing else)
 * starts it here, as a visitor's first touch or key would.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await startApp(page);
}

/** Starts the app of the page open in `page` if it waits for a visitor (`on-demand`), and waits until it runs. */
export async function startApp(page: Page): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-app', /^(ready|on-demand)$/);
  if ((await html.getAttribute('data-app')) === 'on-demand') await page.keyboard.press('Shift');
  await expect(html).toHaveAttribute('data-app', 'ready');
}
