#!/usr/bin/env node
// `node scripts/check-licenses.mjs` (a step of `npm test`): every package the app ships or runs in production — all
// that is reachable from the `dependencies` (and optional and peer dependencies) of the workspaces below, not their
// devDependencies — must carry an OSI-approved licence of ALLOWED. Read from package-lock.json, where npm 7+
// records each package's `license`, so it needs no install and no extra dependency. Prints the licences with
// their counts; exit 1 naming each package that is not allowed. Why each licence is allowed:
// docs/adr/0029-licences-and-leaflet-without-react-leaflet.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['apps/server', 'apps/web', 'apps/admin', 'packages/shared'];
/** OSI-approved licences that allow shipping in an MIT-licensed app without changing its licence. */
const ALLOWED = new Set([
  ...['MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'Apache-2.0', 'BlueOak-1.0.0'],
  ...['CC0-1.0', 'Unlicense', 'Python-2.0', 'PostgreSQL', 'Zlib', 'MPL-2.0'],
]);
/**
 * Packages whose lockfile licence is missing, not an SPDX id, or LGPL, each checked by hand: name → the licence that
 * applies and why it is fine. LGPL is allowed only here, for unmodified libraries loaded as they are published,
 * which a user can replace (LGPL-3.0 §4); a new LGPL package must be added by name after the same check.
 */
const EXCEPTIONS = new Map([
  ['css-mediaquery', "BSD-3-Clause: package.json says 'BSD', its LICENSE file is the 3-clause text"],
  ['xtend', "MIT: version 2's package.json gives no licence, its LICENCE file is MIT's text"],
  ['libheif-js', 'LGPL-3.0: libheif built to WebAssembly, loaded unmodified to decode iPhone photos (HEIC)'],
  // One package per platform (sharp's optional dependencies); npm installs the machine's only.
  ['@img/sharp-*', 'LGPL-3.0-or-later (with Apache-2.0 and MIT): libvips, which sharp loads unmodified'],
]);
const packageName = (at) => at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
const isException = (at) =>
  [...EXCEPTIONS.keys()].some((name) =>
    name.endsWith('*') ? packageName(at).startsWith(name.slice(0, -1)) : packageName(at) === name,
  );

/** True when an SPDX expression (`MIT`, `(MIT OR Apache-2.0)`, `Apache-2.0 AND LGPL-3.0-or-later`) is satisfied by ALLOWED. */
function allowed(expression) {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const term = () => {
    const t = tokens[i++];
    if (t !== '(') return ALLOWED.has(t);
    const v = or();
    i++;
    return v;
  };
  const and = () => {
    let v = term();
    while (tokens[i] === 'AND') v = (i++, term()) && v;
    return v;
  };
  const or = () => {
    let v = and();
    while (tokens[i] === 'OR') v = (i++, and()) || v;
    return v;
  };
  return tokens.length > 0 && or() && i === tokens.length;
}

/** The lockfile path a package at `from` gets for `name`: Node's lookup, nearest node_modules first. */
function resolve(packages, from, name) {
  for (let dir = from; ; dir = path.posix.dirname(dir)) {
    if (dir.endsWith('/node_modules')) continue;
    const at = (dir === '.' ? '' : `${dir}/`) + `node_modules/${name}`;
    if (packages[at]) return packages[at].link ? packages[at].resolved : at;
    if (dir === '.') return undefined;
  }
}

const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const seen = new Set();
const queue = [...WORKSPACES];
while (queue.length > 0) {
  const at = queue.pop();
  if (seen.has(at)) continue;
  seen.add(at);
  const entry = packages[at];
  const optional = { ...entry.optionalDependencies, ...entry.peerDependenciesMeta };
  for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
    const target = resolve(packages, at, name);
    if (target) queue.push(target);
    else if (!(name in optional)) throw new Error(`${at}: ${name} is not in package-lock.json (run npm install)`);
  }
}

const counts = new Map();
const refused = [];
for (const at of [...seen].filter((p) => !WORKSPACES.includes(p)).sort()) {
  const license = packages[at].license ?? 'none given';
  counts.set(license, (counts.get(license) ?? 0) + 1);
  if (!allowed(license) && !isException(at)) refused.push(`${packageName(at)}@${packages[at].version}: ${license}`);
}
console.log(`Licences of the ${seen.size - WORKSPACES.length} production packages (package-lock.json):`);
for (const [license, n] of [...counts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(n).padStart(5)}  ${license}`);
if (refused.length > 0) {
  console.log(
    `\nNot an allowed licence (scripts/check-licenses.mjs, ALLOWED):\n${refused.map((r) => `  ✗ ${r}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('every licence is allowed');
