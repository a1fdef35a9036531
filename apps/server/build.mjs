#!/usr/bin/env node
// The production build of the server, `npm run build -w apps/server`: `src/server.ts` and the
// command-line tasks bundled by esbuild to ES modules in `dist/` (the shared workspace package inlined,
// npm dependencies left as imports, shared code split into chunks), then the files the code opens beside
// itself copied next to the chunks: SQL migrations, the postmaster watchdog, the HEIC worker and the
// province boundaries. `npm start` runs `dist/server.js`; `npm run <task>` runs `dist/<task>.js`.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

/** Output name → source of each program. */
const entryPoints = {
  server: 'src/server.ts',
  'seed-demo': 'src/cli/seed-demo.ts',
  'import-csv': 'src/cli/import-csv.ts',
  'set-role': 'src/cli/set-role.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'recompute-quality': 'src/cli/recompute-quality.ts',
  'storage-to-s3': 'src/cli/storage-to-s3.ts',
};

/** npm packages stay imports (node_modules is installed beside the build); only `@mm/shared` (TypeScript sources) is bundled. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@mm/shared' || args.path.startsWith('@mm/shared/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints,
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [dependenciesExternal],
});
await cp(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
await cp(path.join(here, 'src/db/postmaster-watchdog.mjs'), path.join(dist, 'postmaster-watchdog.mjs'));
await cp(path.join(here, 'src/modules/photos/heic-worker.mjs'), path.join(dist, 'heic-worker.mjs'));
await cp(path.join(here, '../../packages/shared/geo/borders.json'), path.join(dist, 'borders.json'));
console.log(`[monarch] server built in ${Date.now() - started} ms (apps/server/dist)`);
