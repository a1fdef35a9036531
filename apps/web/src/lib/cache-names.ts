/**
 * Cache names of the service worker's runtime caches (Workbox; the app shell is Workbox's precache):
 * the build's worker configuration (`pwa/pwa-config.ts`) and the page that fills them share them.
 */
export const RUNTIME_CACHES = {
  translations: 'mm-translations',
  reference: 'mm-reference',
  config: 'mm-config',
} as const;
