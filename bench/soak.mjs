#!/usr/bin/env node
// `npm run bench:soak`: the server under mixed traffic for a while (10 min by default), its resident memory
// (RSS) sampled every 10 s beside what its caches say they hold (`/api/metrics`), to tell a leak from warm caches.
// Traffic: Explore list pages (200 pages, filtered and not, a quarter with cache-busting URLs), map clusters at
// random viewports and zooms, the gallery, health, and Mission submissions from signed-in volunteers, all at once.
// The server is the production build (`apps/server/dist`, what `npm start` runs), not the sources through tsx.
// Target: after the warm-up (the first fifth of the run), RSS stays within its value before any traffic + the
// configured cache budget (Explore row cache, EXPLORE_ROW_CACHE_MB, 64 MiB) + the most the other caches said they
// held (the map's cluster indexes, sized by the data: ≈ 40 MiB each at a million observations) + 64 MiB,
// and grows by ≤ 16 MiB over the second half (a leak grows without end; warm caches level off); no read refused (4xx).
// Results go to BENCHMARKS.md (section "Soak") with the machine, date and load.
// The server runs with the heap limit `npm start` gives it (scripts/server-heap.mjs; `SERVER_HEAP_MB=0` for V8's own).
// Options: --minutes N (10) --connections N (24, plus 4 for submissions) --count N (seed:demo observations, 2000)
//   --observations N (instead of --count: N observations of the Explore benchmark's data set, e.g. 1000000,
//   loaded into the run's database before the server starts for the traffic).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { serverHeapArgs } from '../scripts/server-heap.mjs';
import { missionReferences, signUpUsers } from './lib/api.mjs';
import { loadExploreData } from './lib/explore-data.mjs';
import { httpLoad, rssBytes } from './lib/explore-load.mjs';
import { runMissionLoad } from './lib/missions.mjs';
import { fmt, log } from './lib/runner.mjs';
import { ROOT, embeddedDatabaseUrl, startServer } from './lib/server.mjs';
import { mib, table } from './lib/stats.mjs';

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '24' },
    count: { type: 'string', default: '2000' },
    observations: { type: 'string' },
  },
});
const minutes = Number(opts.minutes);
const connections = Number(opts.connections);
const observations = opts.observations === undefined ? null : Number(opts.observations);
if (!(minutes > 0) || !Number.isInteger(connections) || connections < 1)
  throw new Error('bad --minutes or --connections');
if (observations !== null && !(Number.isInteger(observations) && observations > 0))
  throw new Error('bad --observations');

const ROW_CACHE_MIB = 64;
const SLACK_MIB = 64;
const LEAK_MIB = 16;
const SAMPLE_MS = 10_000;
const BENCHMARKS = new URL('../BENCHMARKS.md', import.meta.url);
// One record per data mode: the demo seed's and the Explore data set's (--observations).
const MARK = opts.observations === undefined ? 'bench:soak' : 'bench:soak:explore-data';
const START = `<!-- ${MARK}:start -->`;
const END = `<!-- ${MARK}:end -->`;

const qs = (o) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
/** A random viewport of the data's area (Canada, the US, Mexico) at zoom 3–10. */
function viewport(n) {
  const zoom = 3 + (n % 8);
  const span = 360 / 2 ** zoom;
  const west = -125 + ((n * 7919) % 60);
  const south = 20 + ((n * 104_729) % 30);
  return { zoom, west, south, east: west + span * 2, north: south + span };
}
/** The n-th GET of the mix. */
function request(n) {
  const k = n % 10;
  if (k < 3) return { path: `/api/observations?${qs({ page: (n % 200) + 1, limit: 20 })}` };
  if (k < 4) return { path: `/api/observations?${qs({ page: (n % 40) + 1, limit: 20, lifestage_id: 1 + (n % 4) })}` };
  if (k < 5) return { path: `/api/observations?${qs({ page: (n % 100) + 1, limit: 20, _: `soak-${n}` })}` };
  if (k < 8) return { path: `/api/observations/clusters?${qs(viewport(n))}` };
  if (k < 9) return { path: `/api/photos/gallery?${qs({ page: (n % 20) + 1 })}` };
  return { path: '/api/health' };
}

/** Sum of `mm_cache_bytes` and the resident memory the process reports, from `/api/metrics`. */
async function metrics(baseUrl) {
  const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
  const bytes = [...text.matchAll(/^mm_cache_bytes\{cache="([^"]+)"\} (\d+)/gm)].map(([, cache, b]) => [
    cache,
    Number(b),
  ]);
  const entries = [...text.matchAll(/^mm_cache_entries\{cache="([^"]+)"\} (\d+)/gm)].map(([, c, e]) => [c, Number(e)]);
  const gauge = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    cacheBytes: bytes.reduce((a, [, b]) => a + b, 0),
    // What the caches other than the Explore row cache (bounded by EXPLORE_ROW_CACHE_MB) say they hold: the map's
    // cluster indexes (a few per filter set, sized by the data), the answers kept.
    otherCacheBytes: bytes.filter(([cache]) => !cache.startsWith('explore_rows_')).reduce((a, [, b]) => a + b, 0),
    caches: Object.fromEntries(entries),
    // V8's live heap and the memory outside it that JavaScript objects hold (Buffers): RSS growing while
    // these stay flat is the allocator's (fragmentation), not objects kept alive.
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

const serverEnv = {
  SIGNUP_RATE_LIMIT: '10000',
  AUTH_RATE_LIMIT: '100000',
  EXPLORE_ROW_CACHE_MB: String(ROW_CACHE_MIB),
};
const heap = serverHeapArgs({ ...process.env, ...serverEnv })[0] ?? 'V8 default';
/** With --observations: the Explore benchmark's data set in a database of this run, loaded before the traffic. */
async function serverOnExploreData() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-soak-'));
  chmodSync(dataDir, 0o755);
  const loading = await startServer({ dataDir, built: true, timeoutMs: 240_000, env: serverEnv });
  const pool = new pg.Pool({ connectionString: embeddedDatabaseUrl(dataDir), max: 2 });
  try {
    const stats = await loadExploreData({ pool, observations, seed: 2024, log });
    log(`loaded ${stats.observations} observations at ${stats.sites} sites`);
  } finally {
    await pool.end();
    await loading.stop();
  }
  // Started again, so the traffic meets a server that never saw the load (its caches empty).
  const server = await startServer({ dataDir, built: true, timeoutMs: 240_000, env: serverEnv });
  return {
    ...server,
    stop: async () => {
      const end = await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return end;
    },
  };
}

const server =
  observations === null
    ? await startServer({ built: true, timeoutMs: 240_000, env: serverEnv })
    : await serverOnExploreData();
try {
  if (observations === null) {
    log(`seeding ${opts.count} demo observations`);
    const seeded = spawnSync('npm', ['run', 'seed:demo', '--', '--count', opts.count], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed:demo failed:\n${seeded.stdout}\n${seeded.stderr}`);
  }
  const users = await signUpUsers(server.baseUrl, 4, server.dataDir);
  const refs = await missionReferences(server.baseUrl);

  const samples = [];
  const started = Date.now();
  const sample = async () => {
    const m = await metrics(server.baseUrl).catch(() => ({
      cacheBytes: NaN,
      otherCacheBytes: NaN,
      caches: {},
      heapUsed: NaN,
      external: NaN,
    }));
    samples.push({ s: Math.round((Date.now() - started) / 1000), rss: rssBytes(server.pid), ...m });
  };
  await sample();
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  const durationS = Math.round(minutes * 60);
  log(`mixed traffic for ${minutes} min: ${connections} connections of reads, 4 of Mission submissions`);
  // A server that ends during the traffic (out of memory, a crash) ends the run with its last words.
  let soaking = true;
  const ended = server.exited.then(({ code, signal }) => {
    if (soaking)
      throw new Error(
        `the server ended during the traffic (${signal ?? `code ${code}`}):\n${server.lastLines().join('\n')}`,
      );
    return [];
  });
  const [reads, writes] = await Promise.race([
    Promise.all([
      httpLoad({ baseUrl: server.baseUrl, connections, durationS, build: (n) => request(n) }),
      runMissionLoad({ baseUrl: server.baseUrl, users, refs, durationS, connections: 4 }),
    ]),
    ended,
  ]);
  soaking = false;
  clearInterval(timer);
  await sample();
  // 30 s idle: memory a leak holds stays; caches keep what they hold.
  await new Promise((r) => setTimeout(r, 30_000));
  await sample();

  const warmupEnd = durationS / 5;
  // Before any traffic: the server booted, seeded and signed in, its caches empty.
  const baseline = samples[0];
  const after = samples.filter((s) => s.s >= warmupEnd);
  const maxRss = Math.max(...after.map((s) => s.rss));
  const otherCaches = Math.max(0, ...samples.map((s) => s.otherCacheBytes).filter(Number.isFinite));
  const limit = baseline.rss + (ROW_CACHE_MIB + SLACK_MIB) * 1024 * 1024 + otherCaches;
  const half = samples.filter((s) => s.s >= durationS / 2 && s.s <= durationS);
  const growth = half.length > 1 ? half.at(-1).rss - half[0].rss : 0;
  // A 4xx is a request of this benchmark the API refuses: the traffic would not be what it says.
  const refused = Object.entries(reads.statuses).filter(([status]) => status.startsWith('4'));
  const pass = maxRss <= limit && growth <= LEAK_MIB * 1024 * 1024 && refused.length === 0;
  const load = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  // V8's heap used, sampled at random points between collections, swings with the garbage of the traffic;
  // its lowest value over a stretch is close to what is live. Informative: the first vs the last third after
  // the warm-up (a leak of JavaScript objects raises it).
  const third = (durationS - warmupEnd) / 3;
  const liveHeap = (from, to) =>
    Math.min(...samples.filter((s) => s.s >= from && s.s < to && Number.isFinite(s.heapUsed)).map((s) => s.heapUsed));
  const liveFirst = liveHeap(warmupEnd, warmupEnd + third);
  const liveLast = liveHeap(durationS - third, durationS + 1);
  const summary =
    `reads ${fmt(reads.rps)}/s (p95 ${fmt(reads.p95)} ms, statuses ${JSON.stringify(reads.statuses)}, ${reads.errors} errors), ` +
    `Missions ${fmt(writes.rps2xx)}/s (p95 ${fmt(writes.latencyMs.p95)} ms); RSS before traffic ${mib(baseline.rss)}, ` +
    `highest after warm-up ${mib(maxRss)} (limit ${mib(limit)}: before traffic + ${ROW_CACHE_MIB} MiB of Explore rows + ${mib(otherCaches)} other caches at most + ${SLACK_MIB} MiB), growth over the second half ${mib(growth)} (≤ ${LEAK_MIB} MiB); ` +
    `V8 heap at its lowest ${mib(liveFirst)} in the first third after warm-up, ${mib(liveLast)} in the last`;
  log(summary);
  const rows = samples
    .filter((_, i) => i % 3 === 0 || i === samples.length - 1)
    .map((s) => [
      String(s.s),
      mib(s.rss),
      mib(s.heapUsed),
      mib(s.external),
      mib(s.cacheBytes),
      String(s.caches.explore_rows_generalised ?? ''),
      String(s.caches.response_cache ?? ''),
    ]);
  const report = [
    START,
    `Run of ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load ${load} at the end, ${minutes} min, ${observations === null ? `${opts.count} demo observations` : `${observations} observations (the Explore benchmark's data)`}, heap limit ${heap}: **${pass ? 'pass' : 'FAIL'}**.`,
    '',
    summary + '.',
    '',
    table(['s', 'RSS', 'V8 heap used', 'external', 'cache bytes', 'Explore rows kept', 'answers kept'], rows),
    END,
  ].join('\n');
  const current = await readFile(BENCHMARKS, 'utf8');
  const soakEnd = '<!-- bench:soak:end -->';
  const next = current.includes(START)
    ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), report)
    : current.includes(soakEnd)
      ? current.replace(soakEnd, `${soakEnd}\n\n${report}`)
      : `${current.trimEnd()}\n\n## Soak (\`npm run bench:soak\`)\n\nResident memory under 10 minutes of mixed traffic (reads and Mission submissions), against the caches' own figures from \`/api/metrics\`.\n\n${report}\n`;
  await writeFile(BENCHMARKS, next);
  process.exitCode = pass ? 0 : 1;
} finally {
  const end = await server.stop();
  if (end.code !== 0)
    log(`server ended with code ${end.code} (${end.signal ?? 'no signal'}): ${end.stderrHead.join('\n')}`);
}
