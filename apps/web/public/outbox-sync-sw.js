/* global self */
/* Imported by the Workbox-generated service worker (vite-plugin-pwa `workbox.importScripts`).
 * Background Sync (where the browser has it): when the network returns, tell every open page of the
 * app to send its outbox (the pages hold the session; the worker never sends anything itself). */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'mm-outbox') return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((pages) => pages.forEach((page) => page.postMessage({ type: 'mm-outbox-sync' }))),
  );
});
