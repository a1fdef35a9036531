import { cp } from 'node:fs/promises';
import { defineConfig } from 'tsup';

/**
 * The production build of the server (issue 16): `src/server.ts` and the command-line tasks bundled
 * to ES modules in `dist/` (the shared workspace package inlined, npm dependencies left as imports),
 * then the files the code opens beside itself copied beside the chunks: SQL migrations, the
 * postmaster watchdog, the HEIC worker and the province boundaries. `npm start` runs `dist/server.js`.
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    'seed-demo': 'src/cli/seed-demo.ts',
    'import-csv': 'src/cli/import-csv.ts',
    'set-role': 'src/cli/set-role.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'recompute-quality': 'src/cli/recompute-quality.ts',
    'storage-to-s3': 'src/cli/storage-to-s3.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  splitting: true,
  sourcemap: true,
  noExternal: ['@mm/shared'],
  async onSuccess() {
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
    await cp('src/db/postmaster-watchdog.mjs', 'dist/postmaster-watchdog.mjs');
    await cp('src/modules/photos/heic-worker.mjs', 'dist/heic-worker.mjs');
    await cp('src/db/seed/admin1.json', 'dist/admin1.json');
  },
});
