import { rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
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

// --- Delivery (issue 13): precompressed files, build manifest, hidden source maps -----------------
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
 * `dist/.vite/manifest.json` lists each chunk's imports: the bundle budget test reads it. What the
 * first render needs (every module the entry imports statically) is one chunk: one request, and gzip
 * sees it whole (two dozen small shared chunks cost ≈ 9 KB gzip more).
 */
const deliveryBuild: BuildEnvironmentOptions = {
  manifest: true,
  sourcemap: 'hidden',
  rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
};
// --- end of delivery ------------------------------------------------------------------------------

export default defineConfig({
  base: '/mmapp/',
  plugins: [
    react(),
    muiThemeWithoutCssVars(),
    reactRouterTreeShaking(),
    sideEffectFree(['hoist-non-react-statics']),
    reactBuiltInSyncExternalStore(),
    dropMockWorker(),
    inlineEntryCss(),
    precompress(),
    // --- PWA (issue 15: installable app, offline shell, outbox): see pwa/pwa-config.ts ---
    pwa(),
    // --- end PWA ---
  ],
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500, ...deliveryBuild },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/attachments': 'http://127.0.0.1:3000' } },
});
