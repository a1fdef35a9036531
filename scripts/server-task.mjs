#!/usr/bin/env node
// `npm run seed:demo|import|users:role|backup|restore|quality:recompute|storage:to-s3`: builds the server when stale, then runs the compiled
// task `apps/server/dist/<task>.js` with the remaining arguments (the sources are in apps/server/src/cli).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILDS, buildIfStale, root } from './build-if-stale.mjs';

const [task, ...args] = process.argv.slice(2);
const TASKS = ['seed-demo', 'import-csv', 'set-role', 'backup', 'restore', 'recompute-quality', 'storage-to-s3'];
if (!TASKS.includes(task)) {
  console.error(`Unknown task ${task}: one of ${TASKS.join(', ')}`);
  process.exit(2);
}
buildIfStale([BUILDS.server]);
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', `${task}.js`), ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
