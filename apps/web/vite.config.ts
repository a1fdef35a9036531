import { rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { cssCommentsOutOfStyles } from './build/css-comments-out-of-styles';
import { inlineEntryCss } from './build/inline-entry-css';
import { muiThemeWithoutCssVars } from './build/mui-theme-without-css-vars';
import { reactBuiltInSyncExternalStore } from './build/react-built-in-sync-external-store';
import { reactRouterTreeShaking } from './build/react-router-tree-shaking';
import { sideEffectFree } from './build/side-effect-free';
import { pwa } from './pwa/pwa-config';

/** public/mockServiceWorker.js serves `vite --mode mock` only; a production build must not ship it. */
const dropMockWorker = (): Plugin => ({
  name: 'mm:drop-mock-worker',
  apply: (_config, env) => env.command === 'build' && env.mode !== 'mock',
  writeBundle(options) {
    if (options.dir) rmSync(path.join(options.dir, 'mockServiceWorker.js'), { force: true });
  },
});

// --- Delivery: precompressed files, build manifest, hidden source maps -----------------
/**
 * `.br` and `.gz` beside every text file over 1 KB, served by content negotiation (the server's
 * @fastify/static `preCompressed`); source maps are left alone (kept for error reports, never served).
 */
const precompress = () =>
  compression({
    include: /\.(html|css|js|mjs|json|svg|webmanifest|txt|xml)$/,
    exclude: /\.map$/,
    threshold: 1024,
    algorithms: ['brotliCompress', 'gzip'],
    logLevel: 'silent',
  });
/**
 * The start-up module's own files (`src/main.tsx` and what it imports statically, docs/adr/0033). Named,
 * not found from the module graph (it imports `@mm/shared`'s files, never its index, whose re-exports would
 * pull the app's modules in). One missing here lands in the app's chunk, which the start-up module
 * would then load: `npm run test:budget` fails (start-up module ≤ 10 KB).
 */
const START_UP_MODULES =
  /(?:apps[\\/]web[\\/](?:index\.html|src[\\/](?:main\.tsx|styles\.css|lib[\\/](?:main-thread|page-view|early-session)\.ts))|packages[\\/]shared[\\/]src[\\/]constants[\\/]index\.ts|preload-helper|rolldown.runtime)/;

/**
 * `dist/.vite/manifest.json` lists each chunk's imports: the bundle budget test reads it. Two entries:
 * index.html's start-up module and the app it loads (`src/app/start.tsx`, docs/adr/0033), an entry of its
 * own so that rolldown finds what it imports statically (`$initial`). Each is one chunk (one request, and
 * gzip sees it whole: two dozen small shared chunks cost ≈ 9 KB gzip more): the start-up module's files
 * (`START_UP_MODULES`), and every other module of either entry in the app's chunk.
 */
const deliveryBuild: BuildEnvironmentOptions = {
  manifest: true,
  // Browsers without `<link rel="modulepreload">` (Safari < 17) fetch a page's chunks as they are imported,
  // a little later, instead of running Vite's polyfill on every page (0.4 KB gzip of the start-up module).
  modulePreload: {
    polyfill: false,
    // A page's chunk is imported by the app, so the start-up module and the bundler's runtime are already
    // there: listing them in every page's preload list only costs bytes of the app's chunk.
    // The module that starts the app on demand (`lib/on-demand.ts`, a page read before its app runs), and what it
    // imports, without a preload list: Vite's helper would add a `<link rel="modulepreload">` per chunk to <head>
    // in a start-up task, one of the few milliseconds a phone's first tasks can spare (docs/adr/0046). Each is a
    // single small chunk, fetched when imported.
    resolveDependencies: (file, deps, { hostId }) =>
      /^assets\/on-demand-[\w-]+\.js$/.test(file) || /(^|\/)on-demand-[\w-]+\.js$/.test(hostId)
        ? []
        : deps.filter((dep) => !/^assets\/(index|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
  },
  sourcemap: 'hidden',
  rolldownOptions: {
    input: {
      index: path.resolve(import.meta.dirname, 'index.html'),
      start: path.resolve(import.meta.dirname, 'src/app/start.tsx'),
    },
    output: {
      // Shared chunks are named by their hash alone: the app's chunk lists some 200 of their names for the
      // pages' preloads, and a module's name there (`useRovingTabIndex-…`) only costs bytes of every first load.
      chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
      codeSplitting: {
        groups: [
          { name: 'index', tags: ['$initial'], test: START_UP_MODULES, priority: 2 },
          { name: 'start', tags: ['$initial'], priority: 1 },
          // Two small modules every server-rendered page uses (home, content, Explore, gallery, Blitz): in the
          // app's chunk rather than two requests of a few hundred bytes that gzip alone compresses poorly.
          {
            name: 'start',
            test: /src\/(components\/ui\/after-hydration|features\/content\/components\/page-head)\.tsx$/,
            priority: 1,
          },
        ],
      },
    },
  },
};
// --- end of delivery ------------------------------------------------------------------------------

export default defineConfig({
  base: '/mmapp/',
  plugins: [
    react(),
    muiThemeWithoutCssVars(),
    reactRouterTreeShaking(),
    sideEffectFree(['hoist-non-react-statics']),
    cssCommentsOutOfStyles(['@mui/material/ButtonBase/TouchRipple.mjs', '@mui/material/ButtonBase/TouchRipple.js']),
    reactBuiltInSyncExternalStore(),
    dropMockWorker(),
    inlineEntryCss(),
    precompress(),
    // --- PWA (installable app, offline shell, outbox): see pwa/pwa-config.ts ---
    pwa(),
    // --- end PWA ---
  ],
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500, ...deliveryBuild },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/attachments': 'http://127.0.0.1:3000' } },
});
