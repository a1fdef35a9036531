#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset: simulated slow 4G, 4× CPU slowdown) on the main pages
// of the built app (issue 13's targets). A benchmark, not a test.
//   1. Builds the web app and the admin panel when a build is missing or older than its sources
//      (`npm run build`; skipped with --web-dist/--admin-dist, e.g. to measure an older build).
//   2. Starts the real server (node --import tsx apps/server/src/server.ts) on a fresh temporary
//      DATA_DIR, runs `npm run seed:demo` into it, signs in a demo volunteer and `demo-admin`.
//   3. For each page, `--runs` (3) Lighthouse runs, each in a new headless Chromium (Debian's
//      /usr/bin/chromium or CHROMIUM_PATH, --no-sandbox) with an empty cache; signed-in pages get
//      the session in localStorage first (from /api/health, which loads no asset).
//   4. Prints and writes to BENCHMARKS.md ("Web pages (Lighthouse)") the median of each figure:
//      scores (performance, accessibility, best practices, SEO), FCP, LCP, TBT, CLS and bytes, with
//      PASS/FAIL per target, the date and the machine's load average before and after.
// Options: --runs N (3) --count N (seed:demo observations, 2000) --only home,explore,… --label TEXT
//   --web-dist DIR --admin-dist DIR --no-write (print only) --reports DIR (each run's Lighthouse JSON,
//   `<page>-<run>.json`, to read its diagnostics: bootup-time, mainthread-work-breakdown, unused-javascript…)
// Exit status 0 when every target passes, 1 otherwise, 2 on an error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ROOT, startServer } from './lib/server.mjs';
import { fmt, log, runBenchmark } from './lib/runner.mjs';
import { table } from './lib/stats.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    count: { type: 'string', default: '2000' },
    only: { type: 'string' },
    label: { type: 'string', default: '' },
    'web-dist': { type: 'string' },
    'admin-dist': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const runs = Number(opts.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`[bench] --runs must be a positive whole number, got ${opts.runs}`);
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'monarque';
const VOLUNTEER = 'emily.chen';
const ADMIN = 'demo-admin';

/**
 * The measured pages. `who`: whose session is in localStorage first; `app`: web app page (performance
 * ≥ 90) or admin panel (≥ 75); `public`: SEO must be 100.
 */
const PAGES = [
  { key: 'home', path: '/mmapp/en/', app: true, public: true },
  { key: 'explore', path: '/mmapp/en/explore', app: true, public: true },
  { key: 'explore-map', path: '/mmapp/en/explore?view=map', app: true, public: true },
  { key: 'photos', path: '/mmapp/en/photos', app: true, public: true },
  { key: 'content', path: '/mmapp/en/content/monarchs-biology', app: true, public: true },
  { key: 'submit-data', path: '/mmapp/en/submit/submit-data', app: true, public: false, who: VOLUNTEER },
  { key: 'admin', path: '/mmadmin/#/dashboard', app: false, public: false, who: ADMIN },
];
const only = opts.only ? new Set(opts.only.split(',').map((s) => s.trim())) : null;
const pages = PAGES.filter((p) => !only || only.has(p.key));

const TARGETS = { appPerformance: 90, adminPerformance: 75, accessibility: 100, bestPractices: 95, seo: 100 };

const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Newest modification time (ms) under `p`. */
function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Builds both front ends when a build is missing or older than its sources (as `npm start` does). */
function buildIfStale() {
  const inputs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/admin/src', 'packages/shared']
    .map((f) => path.join(ROOT, f))
    .filter(existsSync);
  const outputs = ['apps/web/dist/index.html', 'apps/admin/dist/index.html'].map((f) => path.join(ROOT, f));
  if (
    outputs.every(existsSync) &&
    Math.max(...inputs.map(newest)) <= Math.min(...outputs.map((f) => statSync(f).mtimeMs))
  )
    return;
  log('building the web app and the admin panel (npm run build)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/**
 * `npm run seed:demo` into the running server's embedded PostgreSQL (a fresh one).
 * @returns the demo-admin's password, which seed:demo draws at random and prints once
 */
function seed(dataDir) {
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const r = spawnSync('npm', ['run', 'seed:demo', '--', '--count', opts.count], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed:demo failed:\n${r.stdout}\n${r.stderr}`);
  const adminPassword = /demo-admin created, password \(shown this once\): (\S+)/.exec(`${r.stdout}${r.stderr}`)?.[1];
  if (!adminPassword) throw new Error(`seed:demo printed no demo-admin password:\n${r.stdout}\n${r.stderr}`);
  return adminPassword;
}

/** Signs `username` in through the API; answers what the app keeps in localStorage. */
async function session(baseUrl, username, password) {
  const post = async (url, body) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url} as ${username}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { oauth_token } = await post('/api/users/signin', { username, password });
  const { user_id, role_id } = await post('/api/users/checksession', { oauth_token });
  return { oauth_token, currentUser: JSON.stringify({ user_id, username, role_id }), mm_lang: 'en' };
}

const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** One Lighthouse run of `url` in a new Chromium; `storage` is put in localStorage first. */
async function measure(baseUrl, page, storage, run) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    if (storage) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${baseUrl}/api/health`);
      await tab.evaluate((entries) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, storage);
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${baseUrl}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A fresh profile has an empty cache; keeping storage keeps the session set above.
      disableStorageReset: !!storage,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${page.path}`);
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (opts.reports) {
      mkdirSync(opts.reports, { recursive: true });
      writeFileSync(path.join(opts.reports, `${page.key}-${run}.json`), JSON.stringify(lhr));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const num = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      failing: Object.values(lhr.categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0).map((r) => r.id)),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const loadBefore = loadavg();
  const started = new Date();
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown';
  log(
    `${started.toISOString()} — ${cpu}, ${os.cpus().length} cores, Node ${process.version}, load average ${loadBefore}`,
  );
  const env = {};
  if (opts['web-dist'] || opts['admin-dist']) {
    if (opts['web-dist']) env.WEB_DIST = path.resolve(opts['web-dist']);
    if (opts['admin-dist']) env.ADMIN_DIST = path.resolve(opts['admin-dist']);
  } else {
    buildIfStale();
  }
  const server = await startServer({ env });
  const results = [];
  try {
    log(`server at ${server.baseUrl}; npm run seed:demo -- --count ${opts.count}`);
    const adminPassword = seed(server.dataDir);
    const sessions = {
      [VOLUNTEER]: await session(server.baseUrl, VOLUNTEER, PASSWORD),
      [ADMIN]: await session(server.baseUrl, ADMIN, adminPassword),
    };
    // One warm-up request per page, so that no measured run pays for the server's first answers.
    for (const page of pages) await fetch(`${server.baseUrl}${page.path}`).then((r) => r.arrayBuffer());
    for (const page of pages) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const storage = page.who ? sessions[page.who] : undefined;
        // Lighthouse sometimes loses a trace on a loaded machine (NO_NAVSTART …): up to two more tries,
        // then the run is left out of the median (and said so).
        let s;
        for (let attempt = 1; attempt <= 3 && !s; attempt++) {
          s = await measure(server.baseUrl, page, storage, i + 1).catch((err) => {
            log(
              `${page.key} run ${i + 1} attempt ${attempt} failed: ${err instanceof Error ? err.message : String(err)}`,
            );
            return undefined;
          });
        }
        if (!s) continue;
        log(
          `${page.key} run ${i + 1}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}, FCP ${fmt(s.fcp / 1000)} s, LCP ${fmt(s.lcp / 1000)} s, TBT ${fmt(s.tbt, 0)} ms, CLS ${fmt(s.cls, 3)}, ${fmt(s.bytes / 1024, 0)} KiB${s.failing.length ? `; failing: ${s.failing.join(', ')}` : ''}`,
        );
        samples.push(s);
      }
      if (samples.length === 0) throw new Error(`no Lighthouse run of ${page.path} succeeded`);
      const m = Object.fromEntries(
        ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'bytes'].map((k) => [
          k,
          median(samples.map((s) => s[k])),
        ]),
      );
      const failing = [...new Set(samples.flatMap((s) => s.failing))];
      results.push({ page, ...m, failing, runs: samples.length });
    }
  } finally {
    await server.stop();
  }
  const loadAfter = loadavg();

  const fails = [];
  const check = (r) => {
    const f = [];
    const perf = r.page.app ? TARGETS.appPerformance : TARGETS.adminPerformance;
    if (!(r.performance >= perf)) f.push(`performance < ${perf}`);
    if (!(r.accessibility >= TARGETS.accessibility)) f.push('accessibility < 100');
    if (!(r.bestPractices >= TARGETS.bestPractices)) f.push(`best practices < ${TARGETS.bestPractices}`);
    if (r.page.public && !(r.seo >= TARGETS.seo)) f.push('SEO < 100');
    if (f.length) fails.push(`${r.page.key}: ${f.join(', ')}`);
    return f.length ? 'FAIL' : 'PASS';
  };
  const rows = results.map((r) => [
    `\`${r.page.path}\`${r.page.who ? ` (${r.page.who === ADMIN ? 'admin' : 'signed in'})` : ''}`,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    `${fmt(r.fcp / 1000)} s`,
    `${fmt(r.lcp / 1000)} s`,
    `${fmt(r.tbt, 0)} ms`,
    fmt(r.cls, 3),
    `${fmt(r.bytes / 1024, 0)} KiB`,
    r.runs === runs ? check(r) : `${check(r)} (${r.runs} of ${runs} runs)`,
  ]);
  const header = ['page', 'perf.', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'targets'];
  const md = table(header, rows);
  const failingAudits = results
    .filter((r) => r.failing.length)
    .map((r) => `- ${r.page.key}: ${r.failing.join(', ')}`)
    .join('\n');
  console.log(`\n${md}\n`);
  if (fails.length) console.log(`Targets missed:\n${fails.map((f) => `- ${f}`).join('\n')}`);

  if (!opts['no-write']) {
    const when = started.toISOString().slice(0, 16).replace('T', ' ');
    const section = [
      `### ${when} UTC${opts.label ? ` — ${opts.label}` : ''}`,
      '',
      `Machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after. ` +
        `Median of ${runs} run${runs > 1 ? 's' : ''} per page, seed:demo --count ${opts.count}.`,
      '',
      md,
      ...(failingAudits ? ['', 'Audits failed in at least one run (besides performance):', '', failingAudits] : []),
      '',
    ].join('\n');
    writeResults(section);
    log('results written to BENCHMARKS.md');
  }
  return fails.length === 0;
}

const START = '<!-- bench:web results (newest first) -->';
const INTRO = `## Web pages (Lighthouse)

\`npm run bench:web\` (\`bench/web.mjs\`) builds the web app and the admin panel when stale, starts the real
server on a fresh temporary \`DATA_DIR\` with \`npm run seed:demo\` data, and runs Lighthouse (the \`lighthouse\`
npm package, mobile preset: simulated slow 4G and 4× CPU slowdown) in Debian's Chromium (headless,
\`--no-sandbox\`, a new profile per run, so an empty cache) three times per page; signed-in pages get the session
of a demo volunteer (\`emily.chen\`) or of \`demo-admin\` in localStorage first. The tables give the median of each
figure. Targets (issue 13): performance ≥ 90 on every app page (≥ 75 for the admin panel), accessibility 100,
best practices ≥ 95, SEO 100 on public pages. The machine is shared: the load average is given with each run.
Options: \`npm run bench:web -- --runs 3 --count 2000 --only home,explore,explore-map,photos,content,submit-data,admin --label TEXT --no-write\`.

${START}
`;

/** Puts `section` first under the Lighthouse heading of BENCHMARKS.md (added at the end when missing). */
function writeResults(section) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  let text = readFileSync(file, 'utf8');
  if (!text.includes(START)) text = `${text.trimEnd()}\n\n${INTRO}`;
  const at = text.indexOf(START) + START.length;
  text = `${text.slice(0, at)}\n\n${section}${text.slice(at).replace(/^\n+/, '\n')}`;
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
}

runBenchmark(main, 60 * 60_000);
