import type { Plugin } from 'vite';

/**
 * Gives index.html's own scripts (the entry module and the chunks it modulepreloads) a low fetch
 * priority (issue 13, docs/adr/0023). They are module scripts, deferred: nothing on the first screen
 * waits for them (a server-rendered page is already drawn; elsewhere the loading screen is inline),
 * so on a phone's link the page's HTML and images go first and the scripts follow. Chromium's default,
 * high, made the entry (≈ 145 KB) compete with what is painted first.
 */
export function entryScriptPriority(): Plugin {
  return {
    name: 'mm:entry-script-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}
