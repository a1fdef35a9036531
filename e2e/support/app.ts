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

/**
 * Presses the element matching `selector` just after the app has started running the page (`data-app`
 * becomes `ready`, and the start-up module no longer holds presses), while what the server drew is still on
 * screen: a visitor's tap before the app has drawn its own part (drawn in a transition; a throttled CPU,
 * `throttleCpu`, keeps it long). Call before `page.goto`.
 * @returns whether the press landed on the server-drawn element (read once pressed; else the test proves nothing)
 */
export async function pressWhenAppStarts(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((target) => {
    const w = window as unknown as { mmPressedServerDrawn?: boolean };
    // Run before the page's HTML is parsed: its <html> element may not be there yet.
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.app !== 'ready') return;
      observer.disconnect();
      const drawn = document.querySelector<HTMLElement>(target);
      // A task later: the start-up module lets go of presses in this one (`lib/on-demand.ts`).
      setTimeout(() => {
        w.mmPressedServerDrawn = drawn?.isConnected ?? false;
        drawn?.click();
      }, 0);
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
  }, selector);
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { mmPressedServerDrawn?: boolean }).mmPressedServerDrawn))
      .toBeDefined();
    return page.evaluate(() => (window as unknown as { mmPressedServerDrawn?: boolean }).mmPressedServerDrawn === true);
  };
}

/**
 * Slows the page's CPU `rate` times (Chromium's DevTools protocol), as on a slower phone.
 * @param rate 1 for no slowdown
 */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
