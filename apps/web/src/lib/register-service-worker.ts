import { SUB_PATH } from '@mm/shared/constants';

/**
 * The service worker's script and scope, as vite-plugin-pwa writes them (`pwa/pwa-config.ts`: `filename`,
 * the manifest's `scope`, under the build's base `/mmapp/`).
 */
const SERVICE_WORKER_URL = `${SUB_PATH}/sw.js`;
const SERVICE_WORKER_SCOPE = `${SUB_PATH}/`;

/**
 * Registers the Workbox service worker (offline use) from a page whose app has not started (docs/adr/0033,
 * 0046): the browser's own `register`, without workbox-window (≈ 6 KB more to fetch and run on a page read
 * without the app; it only adds update events, which nothing listens to before the app runs). The app's
 * `UpdatePrompt` registers the same worker again through workbox-window once it runs, and offers its updates.
 * Errors are ignored (a browser without service workers, a private window refusing them): the page works
 * without one.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, type: 'classic' })
    .catch(() => undefined);
}
