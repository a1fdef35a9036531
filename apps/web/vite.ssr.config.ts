import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { muiThemeWithoutCssVars } from './build/mui-theme-without-css-vars';

/**
 * The server render of the public pages: `src/ssr/render-page.tsx` as one ES module in
 * `dist-ssr/`, with its dependencies bundled in (the server imports it as is, whatever Node makes of
 * the packages' CommonJS and ESM builds). The service worker plugin is present but disabled: its
 * virtual modules answer, and the server never registers a worker.
 */
export default defineConfig({
  base: '/mmapp/',
  plugins: [react(), muiThemeWithoutCssVars(), VitePWA({ disable: true, injectRegister: false })],
  publicDir: false,
  // React, emotion and the rest in their production builds, as in the browser (same class names).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/ssr/render-page.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'render-page.js', codeSplitting: false } },
  },
});
