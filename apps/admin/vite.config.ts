import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
// Build plugins shared with the web app (JavaScript budgets); see each file.
import { muiThemeWithoutCssVars } from '../web/build/mui-theme-without-css-vars';
import { reactBuiltInSyncExternalStore } from '../web/build/react-built-in-sync-external-store';
import { reactRouterTreeShaking } from '../web/build/react-router-tree-shaking';
import { sideEffectFree } from '../web/build/side-effect-free';
import { panelFiles } from './panel-files';

/** The admin panel, served by the API server at /mmadmin/ (hash routes: /mmadmin/#/dashboard). */
export default defineConfig({
  base: '/mmadmin/',
  plugins: [
    react(),
    muiThemeWithoutCssVars(),
    reactRouterTreeShaking(),
    sideEffectFree(['hoist-non-react-statics']),
    reactBuiltInSyncExternalStore(),
    panelFiles(),
    // `.br` and `.gz` beside every text file over 1 KB, served by content negotiation.
    compression({
      include: /\.(html|css|js|mjs|json|svg)$/,
      exclude: /\.map$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ],
  // The manifest is read by the bundle budget test; source maps are kept for error reports, never served.
  // The entry is the sign-in form alone; the panel (`src/panel.tsx`) and each screen load on demand, the
  // panel's chunks fetched side by side (Vite's preload list of the dynamic import; docs/adr/0040).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 3000,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/attachments': 'http://127.0.0.1:3000',
      '/mmapp': 'http://127.0.0.1:3000',
    },
  },
});
