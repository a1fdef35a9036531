import { SUB_PATH } from '@mm/shared/constants';
import { whenIdle } from './main-thread';

/**
 * The service worker's script and scope, as vite-plugin-pwa writes them (`pwa/pwa-config.ts`: `filename`,
 * the manifest's `scope`, under the build's base `/mmapp/`).
 */
const SERVICE_WORKER_URL = `${SUB_PATH}/sw.js`;
const SERVICE_WORKER_SCOPE = `${SUB_PATH}/`;

/** How long (ms) no request of the page may have ended before the page counts as settled. */
export const SETTLED_QUIET_MS = 2000;
/** The longest wait (ms) after `load` for a page that keeps fetching (a map being panned, a gallery scrolled). */
export const SETTLED_LONGEST_MS = 10_000;

/**
 * Calls `done` once, when the page has loaded (`load`) and then no request of its own has ended for
 * `SETTLED_QUIET_MS` (Resource Timing entries), or `SETTLED_LONGEST_MS` after `load` at the latest.
 * @returns a function that cancels the call if it has not run yet
 */
export function whenPageSettled(done: () => void): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let longest: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const stop = () => {
    window.removeEventListener('load', afterLoad);
    observer?.disconnect();
    clearTimeout(quiet);
    clearTimeout(longest);
  };
  const finish = () => {
    stop();
    done();
  };
  const waitForQuiet = () => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, SETTLED_QUIET_MS);
  };
  function afterLoad() {
    longest = setTimeout(finish, SETTLED_LONGEST_MS);
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(waitForQuiet);
      observer.observe({ type: 'resource' });
    }
    waitForQuiet();
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return stop;
}

/**
 * Registers the Workbox service worker (offline use) from a page whose app has not started (docs/adr/0033,
 * 0046): the browser's own `register`, without workbox-window (≈ 6 KB more to fetch and run on a page read
 * without the app; it only adds update events, which nothing listens to before the app runs). The app's
 * `UpdatePrompt` registers the same worker again through workbox-window once it runs, and offers its updates.
 *
 * Once the page has settled (`whenPageSettled`), then when idle: the worker's install fetches and stores the
 * whole app (every precached file), and started earlier it competes with the page's own photos, map and
 * start-up for the network and a phone's cores (docs/adr/0050).
 * Errors are ignored (a browser without service workers, a private window refusing them): the page works
 * without one.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  whenPageSettled(() =>
    whenIdle(() => {
      navigator.serviceWorker
        .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, type: 'classic' })
        .catch(() => undefined);
    }),
  );
}
