// The app itself, loaded by the start-up module (`src/main.tsx`): at once on a page the browser draws
// (signed in, forms, Explore, the gallery), on demand on a page the server rendered for reading
// (home, content pages; docs/adr/0033).
// First: zod's settings must be in place before any schema is built.
import '../lib/zod-config';
// Second: a stored session's start-up check goes out before the rest of the app's code is evaluated.
import '../entities/session/early-session-check';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { SUB_PATH, normalizeLocale } from '@mm/shared';
import { AppProviders, makeQueryClient, pageTheme } from './providers';
import { createAppRouter } from './router';
import { initI18n } from '../lib/i18n';
import { serverRenderedState, type ServerRenderedState } from '../lib/server-render';
import { storage } from '../lib/storage';
import { yieldToMain } from '../lib/main-thread';

/**
 * Draws the app in `#root`: hydrates a page the server rendered, React taking over the
 * markup already on screen, or renders it. The server renders for a visitor who is not signed in;
 * with a session stored, the app draws the page itself (the server skips its render when the mm_user
 * cookie says so), except the pages it draws for a session (`signedIn`, docs/adr/0048).
 */
async function start(root: HTMLElement, ssr: ServerRenderedState | undefined, signedIn: boolean) {
  const queryClient = makeQueryClient();
  if (ssr) hydrate(queryClient, ssr.queries);
  const router = await createAppRouter({ serverRendered: !!ssr });
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} signedIn={signedIn} {...(ssr && { smallScreen: ssr.smallScreen })}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The server's <meta>/<link> head tags give way to the ones the app renders (React 19 hoists them), also
  // when the app draws the page itself over the server's (a session stored, docs/adr/0047).
  for (const tag of document.head.querySelectorAll('[data-ssr-head]')) tag.remove();
  if (ssr) {
    // Hydration started in a transition takes a transition's lane: React hydrates in slices too.
    startTransition(() => void hydrateRoot(root, app));
  } else {
    // The first render is a transition: React renders it in slices of ≈ 5 ms and lets the browser in
    // between, instead of one long task that blocks a phone's main thread (Total Blocking Time).
    const appRoot = createRoot(root);
    startTransition(() => appRoot.render(app));
  }
}

/**
 * Starts the app in `root`, in several tasks, none long enough to hold a phone's main thread:
 * the app's modules are evaluated, then the translations set up, then the theme made, then the page drawn.
 * @param root `#root`, holding the server's markup (`data-ssr`) or the loading screen
 */
export async function startApp(root: HTMLElement): Promise<void> {
  // Front-end mock mode (`vite --mode mock`): sample data answers /api before the first call; other builds drop this import.
  if (import.meta.env.MODE === 'mock') await (await import('../mocks/browser')).startMockWorker();
  // The URL's locale wins over the stored one (the start-up module stored it); a URL without one uses mm_lang.
  const lng = normalizeLocale(window.location.pathname.slice(SUB_PATH.length + 1).split('/')[0]) ?? storage.language();
  await yieldToMain();
  void initI18n(lng);
  await yieldToMain();
  // Hydrated when drawn for the visitor's state: a page drawn for a session (`data-session`, docs/adr/0048) with
  // a token stored, any other without one (the same test as the start-up module's).
  const signedIn = root.dataset.session !== undefined;
  const ssr = root.dataset.ssr !== undefined && !storage.token() !== signedIn ? serverRenderedState() : undefined;
  pageTheme(ssr?.smallScreen);
  await yieldToMain();
  await start(root, ssr, signedIn && !!ssr);
}
