#!/usr/bin/env node
// Run before every `npm run bench*` script (package.json): installs the tools only the benchmarks use (Lighthouse,
// puppeteer-core, chrome-launcher, autocannon, supercluster: bench/package.json) into bench/node_modules with
// `npm ci --prefix bench` from the committed bench/package-lock.json, when they are missing or not the locked
// versions. They stay out of the app's `npm install` (README, "Benchmarks' tools").
// The benchmarks import the app's own packages (pg, fastify, sharp…) from the root node_modules, as Node's lookup
// finds them above bench/; bench/package.json names them as optional peers.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const bench = import.meta.dirname;
const { packages } = JSON.parse(readFileSync(path.join(bench, 'package-lock.json'), 'utf8'));

/** The locked packages this machine needs (not the other platforms' optional ones) that are absent or another version. */
const stale = Object.entries(packages).filter(([at, locked]) => {
  if (at === '' || locked.optional) return false;
  const file = path.join(bench, at, 'package.json');
  return !existsSync(file) || JSON.parse(readFileSync(file, 'utf8')).version !== locked.version;
});

if (stale.length > 0) {
  console.log(`[bench] installing the benchmark tools (bench/package-lock.json, ${stale.length} packages missing)…`);
  const r = spawnSync('npm', ['ci', '--prefix', bench, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
