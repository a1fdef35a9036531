import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the Workbox service worker from a page whose app has not started (docs/adr/0033):
 * the app's `UpdatePrompt` registers the same worker again once it runs, and offers its updates.
 */
export function registerServiceWorker(): void {
  void registerSW({ immediate: true });
}
