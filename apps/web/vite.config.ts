import { rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './pwa/pwa-config';

/** public/mockServiceWorker.js serves `vite --mode mock` only; a production build must not ship it. */
const dropMockWorker = (): Plugin => ({
  name: 'mm:drop-mock-worker',
  apply: (_config, env) => env.command === 'build' && env.mode !== 'mock',
  writeBundle(options) {
    if (options.dir) rmSync(path.join(options.dir, 'mockServiceWorker.js'), { force: true });
  },
});

export default defineConfig({
  base: '/mmapp/',
  plugins: [
    react(),
    dropMockWorker(),
    // --- PWA (issue 15: installable app, offline shell, outbox): see pwa/pwa-config.ts ---
    pwa(),
    // --- end PWA ---
  ],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/attachments': 'http://127.0.0.1:3000' } },
});
