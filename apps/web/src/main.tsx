// The start-up module, all that a page loads before it is used (docs/adr/0033): it stores the URL's
// language, makes the language links clear the stored parameters, and starts the app (`app/start.tsx`):
// at once on a page the browser draws, on demand on a page the server rendered for reading (home,
// content pages), which is whole without it. No React here: its code is what a reader does not need.
// From the shared package's files, not its index: the start-up module stays out of zod and the schemas.
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, SUB_PATH, normalizeLocale } from '@mm/shared/constants';
import { sendSessionCheck } from './lib/early-session';
import { yieldToMain } from './lib/main-thread';
import type { HydrateWhen } from './lib/on-demand';
import './styles.css';

// Spec §2: switching the language clears the stored parameters. The header's language links
// (`data-language-link`) are plain links, working before the app runs; this does the rest.
document.addEventListener(
  'click',
  (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[data-language-link]')) return;
    sessionStorage.removeItem(STORAGE_KEYS.params);
    localStorage.removeItem(STORAGE_KEYS.params);
  },
  true,
);

// index.html's; without it the next line throws, as a check of its own would, in fewer bytes (the first
// render's budget).
const root = document.getElementById('root') as HTMLElement;

/**
 * Stores the URL's language, checks a stored session, and starts the app at once or on demand.
 * @param page `#root`
 */
function start(page: HTMLElement): void {
  // The URL's locale wins over the stored one; a URL without one uses mm_lang. The stored items (spec §3) are
  // read here as `lib/storage.ts` reads them, without it: it stays in the app's chunk.
  const fromUrl = normalizeLocale(window.location.pathname.slice(SUB_PATH.length + 1).split('/')[0]);
  const lng = fromUrl ?? normalizeLocale(localStorage.getItem(STORAGE_KEYS.language)) ?? DEFAULT_LOCALE;
  if (LOCALES.includes(lng)) localStorage.setItem(STORAGE_KEYS.language, lng);

  // Spec §4: a stored session is checked at start-up; the check goes out now, beside the app's download.
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const check = token ? sendSessionCheck(token, lng) : undefined;
  // The sign-in page rendered by the server (`data-sign-in`, docs/adr/0047): with a session stored (and no
  // `mm_user` cookie), the page is the one the app draws, never a sign-in form meanwhile.
  if (token && 'signIn' in page.dataset) page.replaceChildren();

  // A page is started on demand when drawn for the visitor's state: for a session (`data-session`, docs/adr/0048)
  // with a token stored, any other without one.
  const when: HydrateWhen =
    page.dataset.ssr !== undefined && !token !== 'session' in page.dataset
      ? ((page.dataset.hydrate as HydrateWhen) ?? 'now')
      : 'now';
  // Explore's map view rendered for reading (`data-map-island`, docs/adr/0042): the map is drawn now, without
  // React; the app's map view adopts it once the app runs (the map stays in the page meanwhile). Its import (the
  // preload links of Leaflet's files) in a task after this one, which waits for the stored items (docs/adr/0050).
  const mapIsland = when === 'now' ? null : page.querySelector<HTMLElement>('[data-map-island]');
  if (mapIsland)
    void yieldToMain()
      .then(() => import('./features/explore/map-island/map-island'))
      .then((m) => void m.startMapIsland(mapIsland, lng));
  const loadApp = () => import('./app/start').then(({ startApp }) => startApp(page));

  // A page rendered for reading: its links work now, a press on one of its buttons is held and pressed again once
  // the app runs (`lib/on-demand.ts`, loaded only here).
  if (when === 'now') void loadApp();
  else void import('./lib/on-demand').then((m) => m.startOnDemand(document, when, loadApp, check));
}

// A page rendered for reading whose app starts on demand (docs/adr/0033) is whole already: the rest runs in a
// task of its own (docs/adr/0046). The first use of the stored items waits for the browser's storage (a
// synchronous round trip), and at a phone's speed every few milliseconds of one task count towards its Total
// Blocking Time. Any other page starts its app at once, as before; so does the sign-in page, which a visitor with a
// stored session must not see for a task.
if (root.dataset.ssr !== undefined && (root.dataset.hydrate ?? 'now') !== 'now' && !('signIn' in root.dataset))
  void yieldToMain().then(() => start(root));
else start(root);
