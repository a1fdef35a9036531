import { setupWorker } from 'msw/browser';
import { STORAGE_KEYS } from '@mm/shared';
import { MOCK_TOKEN } from './fixtures/users';
import { handlers } from './handlers';

/** Set once per tab, so a sign-out in mock mode lasts until the tab closes. */
const SIGNED_IN_ONCE = 'mm_mock_signed_in';

/**
 * Starts front-end mock mode (`vite --mode mock`): a service worker, served under the app's base
 * path, answers /api from sample data. The tab starts signed in as the sample volunteer.
 * Resolves once the worker intercepts requests, so call it before the first API request.
 */
export async function startMockWorker(): Promise<void> {
  if (!sessionStorage.getItem(SIGNED_IN_ONCE)) {
    sessionStorage.setItem(SIGNED_IN_ONCE, '1');
    if (!localStorage.getItem(STORAGE_KEYS.token)) localStorage.setItem(STORAGE_KEYS.token, MOCK_TOKEN);
  }
  await setupWorker(...handlers).start({
    serviceWorker: {
      url: `${import.meta.env.BASE_URL}mockServiceWorker.js`,
      options: { scope: import.meta.env.BASE_URL },
    },
    onUnhandledRequest: 'bypass',
  });
}
