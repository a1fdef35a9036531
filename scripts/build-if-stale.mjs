// Builds a workspace when its output is missing or older than its sources (npm start, the server's tasks).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const shared = [path.join(root, 'packages/shared/src'), path.join(root, 'packages/shared/locales')];

/** The two front ends the server serves (the site at /mmapp, the admin panel at /mmadmin) and the server itself. */
export const BUILDS = {
  web: { workspace: 'apps/web', sources: ['src', 'index.html', 'public'], output: 'dist/index.html' },
  admin: { workspace: 'apps/admin', sources: ['src', 'index.html'], output: 'dist/index.html' },
  server: { workspace: 'apps/server', sources: ['src', 'build.mjs', 'package.json'], output: 'dist/server.js' },
};

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Runs `npm run build -w <workspace>` for each stale build; exits the process when a build fails. */
export function buildIfStale(builds) {
  for (const { workspace, sources, output } of builds) {
    const dist = path.join(root, workspace, output);
    const inputs = [...sources.map((f) => path.join(root, workspace, f)), ...shared].filter(existsSync);
    if (existsSync(dist) && Math.max(...inputs.map(newest)) <= statSync(dist).mtimeMs) continue;
    console.log(`[monarch] building ${workspace}…`);
    // A production build whatever NODE_ENV the caller runs with: under `NODE_ENV=test` or `development` Vite
    // builds React's development JSX runtime into the server render, which then fails to load.
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
