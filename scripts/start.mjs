#!/usr/bin/env node
// `npm start`: builds the web app and the admin panel when a build is missing or older than its sources, then serves.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = [path.join(root, 'packages/shared/src'), path.join(root, 'packages/shared/locales')];
/** The two front ends the server serves: the site at /mmapp and the admin panel at /mmadmin. */
const frontEnds = [
  { workspace: 'apps/web', sources: ['src', 'index.html', 'public'] },
  { workspace: 'apps/admin', sources: ['src', 'index.html'] },
];

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

for (const { workspace, sources } of frontEnds) {
  const dist = path.join(root, workspace, 'dist/index.html');
  const inputs = [...sources.map((f) => path.join(root, workspace, f)), ...shared].filter(existsSync);
  if (existsSync(dist) && Math.max(...inputs.map(newest)) <= statSync(dist).mtimeMs) continue;
  console.log(`[monarch] building ${workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
