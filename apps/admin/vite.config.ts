import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The admin panel, served by the API server at /mmadmin/ (hash routes: /mmadmin/#/dashboard). */
export default defineConfig({
  base: '/mmadmin/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 3000 },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/attachments': 'http://127.0.0.1:3000',
      '/mmapp': 'http://127.0.0.1:3000',
    },
  },
});
