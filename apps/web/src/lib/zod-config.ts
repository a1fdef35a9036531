/**
 * zod compiles fast object parsers with `new Function` when it may. The app's Content Security Policy
 * (`script-src 'self'`) forbids that, and zod's probe for it is reported as a CSP violation in the
 * console and by Lighthouse. Interpreted parsers are fast enough for forms, so the browser
 * runs zod without JIT (`jitless`).
 *
 * zod 4 keeps its settings (`z.config()`) in `globalThis.__zod_globalConfig`, shared by every copy of
 * zod in the page; setting it here, in the entry, costs no bytes, whereas importing `config` from
 * `zod/v4/core` put 3.7 KB gzip of zod into the first screen's JavaScript. Imported first by
 * `main.tsx`, before any schema is built; `zod-config.test.ts` checks that zod sees it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
