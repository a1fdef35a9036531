#!/usr/bin/env node
// `npm start`: builds the web app, the admin panel and the server (compiled to JavaScript in apps/server/dist)
// when a build is missing or older than its sources, then serves with `node apps/server/dist/server.js`
// (`WORKERS=N` for N processes: apps/server/src/server.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILDS, buildIfStale, root } from './build-if-stale.mjs';

buildIfStale([BUILDS.web, BUILDS.admin, BUILDS.server]);
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
