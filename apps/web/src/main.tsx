// First: zod's settings must be in place before any schema is built.
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LOCALES, SUB_PATH, normalizeLocale } from '@mm/shared';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { initI18n } from './lib/i18n';
import { storage } from './lib/storage';
import './styles.css';

// The URL's locale wins over the stored one; a URL without one uses mm_lang.
const fromUrl = normalizeLocale(window.location.pathname.slice(SUB_PATH.length + 1).split('/')[0]);
const lng = fromUrl ?? storage.language();
if (LOCALES.includes(lng)) storage.setLanguage(lng);
// Front-end mock mode (`vite --mode mock`): sample data answers /api before the first call; other builds drop this import.
if (import.meta.env.MODE === 'mock') await (await import('./mocks/browser')).startMockWorker();
void initI18n(lng);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The first render is a transition: React renders it in slices of ≈ 5 ms and lets the browser in between,
// instead of one long task that blocks a phone's main thread (issue 13, Lighthouse "Total Blocking Time").
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
