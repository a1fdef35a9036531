#!/usr/bin/env node
// `npm start`: builds the web app, the admin panel and the server (compiled to JavaScript in apps/server/dist)
// when a build is missing or older than its sources, then serves with `node apps/server/dist/server.js`
// (`WORKERS=N` for N processes: apps/server/src/server.ts) and supervises it (scripts/supervise.mjs): a server
// that crashes or is killed is started again with the same settings; SIGINT or SIGTERM stops it and exits 0.
// Its V8 heap is limited from the configured caches (scripts/server-heap.mjs; README, "Memory").
import path from 'node:path';
import { BUILDS, buildIfStale, root } from './build-if-stale.mjs';
import { serverHeapArgs } from './server-heap.mjs';
import { supervise } from './supervise.mjs';

buildIfStale([BUILDS.web, BUILDS.admin, BUILDS.server]);
supervise({
  command: process.execPath,
  args: [...serverHeapArgs(process.env), path.join(root, 'apps/server/dist/server.js')],
  cwd: root,
});
