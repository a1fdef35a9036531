#!/usr/bin/env node
// `npm run test:budget` (and a step of `npm test`, after the build): the JavaScript budgets,
// read from Vite's build manifests (apps/web/dist/.vite/manifest.json, apps/admin/dist/.vite/manifest.json).
//   - a server-rendered page read before its app starts (home, content pages; docs/adr/0033): the
//     start-up module (index.html's entry) and its static imports ≤ 10 KB gzip;
//   - /mmapp/en/ before first render: the start-up module, the app it loads (`src/app/start.tsx`), the home
//     page's chunk and every chunk they import statically ≤ 170 KB gzip;
//   - each page of src/app/routes/: the entry's chunks plus the page's chunk and its static imports
//     (React Router loads them before the page renders) ≤ 250 KB gzip;
//   - the admin panel's sign-in form (its entry, index.html's script, and static imports) ≤ 10 KB gzip, and
//     the panel (the entry and `src/panel.tsx`, react-admin, with their static imports) ≤ 300 KB gzip, and
//     the dashboard's first screen drawn before the panel (the entry and `src/dashboard-first-screen.ts`
//     with their static imports: the admin strings) ≤ 20 KB gzip (docs/adr/0040);
//   - apps/web/dist/index.html links no stylesheet: its CSS is inlined (a linked one blocks the first
//     paint of every page for one more request; apps/web/build/inline-entry-css.ts).
// Sizes are gzip (zlib level 9) of the built files, in KB of 1,000 bytes as Vite prints them; the
// same build gives the same figures. Exit status 0 when every budget holds, 1 otherwise, 2 without a build.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
export const BUDGETS_KB = {
  startUp: 10,
  firstRender: 170,
  route: 250,
  adminSignIn: 10,
  adminFirstScreen: 20,
  admin: 300,
};

/**
 * The chunks a set of manifest keys loads before running: the keys' files and, recursively, their static imports.
 * @param {Record<string, { file: string, imports?: string[] }>} manifest Vite's build manifest
 * @param {string[]} keys manifest keys (source paths such as `index.html`, `src/app/routes/explore.tsx`)
 * @returns {Set<string>} file names relative to dist/
 */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Gzip size (bytes) of each listed file of `dist`, and their sum.
 * @param {string} dist
 * @param {Iterable<string>} files
 */
export function gzipBytes(dist, files) {
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  return total;
}

const kb = (bytes) => bytes / 1000;

/**
 * Every figure and whether it holds its budget.
 * @returns {{ label: string, kb: number, budgetKb: number, files: number }[]}
 */
export function measureBudgets() {
  const rows = [];
  const webDist = path.join(root, 'apps/web/dist');
  const adminDist = path.join(root, 'apps/admin/dist');
  const webManifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
  const adminManifest = JSON.parse(readFileSync(path.join(adminDist, '.vite/manifest.json'), 'utf8'));

  // What a page the browser draws loads before its first render: the start-up module (index.html's
  // entry) and the app it loads at once (`src/app/start.tsx`, docs/adr/0033), each with its static imports.
  // (the `start` chunk of vite.config.ts, whose manifest key is its file's when it holds more than one module).
  const startKey = Object.keys(webManifest).find((k) => k === 'src/app/start.tsx' || webManifest[k].name === 'start');
  if (!startKey) throw new Error('no chunk of src/app/start.tsx in the web manifest');
  const entry = staticClosure(webManifest, ['index.html', startKey]);
  // The home page is in the app's chunk, or a chunk of its own.
  const homeKey = 'src/app/routes/home.tsx';
  const home = new Set([...entry, ...(webManifest[homeKey] ? staticClosure(webManifest, [homeKey]) : [])]);
  // … and what it loads there before the app: `src/lib/on-demand.ts`.
  const startUp = staticClosure(webManifest, ['index.html', 'src/lib/on-demand.ts']);
  rows.push({
    label: 'server-rendered page read before the app starts (start-up module)',
    kb: kb(gzipBytes(webDist, startUp)),
    budgetKb: BUDGETS_KB.startUp,
    files: startUp.size,
  });
  rows.push({
    label: '/mmapp/en/ before first render (entry, app, home page)',
    kb: kb(gzipBytes(webDist, home)),
    budgetKb: BUDGETS_KB.firstRender,
    files: home.size,
  });
  const routes = Object.keys(webManifest)
    .filter((k) => k.startsWith('src/app/routes/') && k !== homeKey && webManifest[k].isDynamicEntry)
    .sort();
  if (routes.length === 0) throw new Error('no lazy page in src/app/routes/ in the web manifest');
  for (const key of routes) {
    const files = new Set([...entry, ...staticClosure(webManifest, [key])]);
    rows.push({
      label: `page ${path.basename(key, '.tsx')}`,
      kb: kb(gzipBytes(webDist, files)),
      budgetKb: BUDGETS_KB.route,
      files: files.size,
    });
  }
  const adminSignIn = staticClosure(adminManifest, ['index.html']);
  rows.push({
    label: 'admin sign-in form (entry)',
    kb: kb(gzipBytes(adminDist, adminSignIn)),
    budgetKb: BUDGETS_KB.adminSignIn,
    files: adminSignIn.size,
  });
  const adminFirstScreen = staticClosure(adminManifest, ['index.html', 'src/dashboard-first-screen.ts']);
  rows.push({
    label: "admin dashboard's first screen (entry, first screen)",
    kb: kb(gzipBytes(adminDist, adminFirstScreen)),
    budgetKb: BUDGETS_KB.adminFirstScreen,
    files: adminFirstScreen.size,
  });
  const admin = staticClosure(adminManifest, ['index.html', 'src/panel.tsx']);
  rows.push({
    label: 'admin panel (entry, panel)',
    kb: kb(gzipBytes(adminDist, admin)),
    budgetKb: BUDGETS_KB.admin,
    files: admin.size,
  });
  return rows;
}

/**
 * The stylesheets an HTML page links (`<link rel="stylesheet" href>`): each one blocks its first paint.
 * @param {string} html
 * @returns {string[]} their addresses
 */
export function linkedStylesheets(html) {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel=["']?stylesheet\b/.test(tag))
    .map((tag) => /\bhref=["']?([^"'\s>]+)/.exec(tag)?.[1] ?? '?');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifests = ['apps/web/dist/.vite/manifest.json', 'apps/admin/dist/.vite/manifest.json'];
  const missing = manifests.filter((m) => !existsSync(path.join(root, m)));
  if (missing.length) {
    console.error(`bundle budget: no build manifest (${missing.join(', ')}): run npm run build first`);
    process.exit(2);
  }
  const rows = measureBudgets();
  const width = Math.max(...rows.map((r) => r.label.length));
  let failed = 0;
  console.log('JavaScript loaded before first render, gzip (zlib level 9), KB = 1,000 bytes:');
  for (const r of rows) {
    const ok = r.kb <= r.budgetKb;
    if (!ok) failed++;
    console.log(
      `${ok ? '✓' : '✗'} ${r.label.padEnd(width)}  ${r.kb.toFixed(1).padStart(6)} KB / ${r.budgetKb} KB  (${r.files} files)`,
    );
  }
  const blocking = linkedStylesheets(readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8'));
  if (blocking.length) failed++;
  console.log(
    blocking.length
      ? `✗ apps/web/dist/index.html links render-blocking stylesheets: ${blocking.join(', ')}`
      : '✓ apps/web/dist/index.html links no render-blocking stylesheet',
  );
  console.log(failed ? `${failed} budget(s) exceeded` : 'every budget holds');
  process.exit(failed ? 1 : 0);
}
