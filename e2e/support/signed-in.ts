import type { Browser, Page, Route } from '@playwright/test';
import type { VolunteerSession } from './accounts';

// A visitor with a session, on the pages the server renders for one (docs/adr/0048, 0049): their app starts when
// they are used; what a visitor does before can be tried with the app's code held (`holdApp`).

export const PHONE = {
  viewport: { width: 375, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};

/** The app's chunk (`app/start.tsx`), which the start-up module loads once the page is used. */
const APP_CHUNK = /\/mmapp\/assets\/start-[\w-]+\.js$/;

/** Console errors and page errors (a hydration mismatch is both). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Holds the app's chunk until `release()`: what a visitor does meanwhile happens before the app runs. */
export async function holdApp(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let held: Route | undefined;
  let released = false;
  await page.route(APP_CHUNK, (route) => {
    if (released) return route.continue();
    held = route;
  });
  return {
    requested: () => held !== undefined,
    release: () => {
      released = true;
      void held?.continue();
    },
  };
}

/** A browser with `me`'s session stored as the app stores it: token, current user, and the `mm_user` cookie. */
export async function signedInContext(browser: Browser, me: VolunteerSession, options = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('oauth_token', token);
      localStorage.setItem('currentUser', user);
    },
    {
      token: me.oauth_token,
      user: JSON.stringify({ user_id: me.user_id, username: me.username, role_id: me.role_id }),
    },
  );
  // Set by the app with the session (`lib/storage.ts`); cookies are per host, whatever the port.
  await context.addCookies([{ name: 'mm_user', value: '1', url: 'http://127.0.0.1/' }]);
  return context;
}
