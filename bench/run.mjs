#!/usr/bin/env node
// `npm run bench`: a reproducible benchmark of the real server (never a timed test).
//   1. Mission submissions per second (autocannon, new idempotency_key per request, DB cross-check)
//   2. Photo acceptance time (12 MP ~8.7 MiB JPEG uploaded sequentially)
//   3. iPhone photo acceptance time (the 12 MP HEIC of fixtures/photos, decoded by libheif-js in two threads)
// Fresh embedded PostgreSQL in a temporary DATA_DIR, 127.0.0.1 only, whole run bounded in time.
// Options: --duration S (10), --connections N (16), --users N (4), --uploads N (30), --heic-uploads N (20).
// Exit status 0 when every line of the summary passes, 1 otherwise.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { missionReferences, signUpUsers } from './lib/api.mjs';
import { runMissionLoad, verifyMissions } from './lib/missions.mjs';
import { startCpuMeter } from './lib/cpu.mjs';
import { HEIGHT, makePhoto, MAX_BYTES, MIN_BYTES, uploadPhotos, WIDTH } from './lib/photos.mjs';
import { startServer } from './lib/server.mjs';
import { fmt, log, pct, runBenchmark } from './lib/runner.mjs';
import { mib, table } from './lib/stats.mjs';

const TARGET_RPS = 300;
const TARGET_PHOTO_P95_MS = 500;
const TARGET_HEIC_P95_MS = 1500;
/** A real iPhone 7 photo: 4032×3024 (12.2 MP) HEVC-coded HEIC, 1.7 MB. */
const HEIC_FILE = new URL('../fixtures/photos/sicily_iphone7_gps.heic', import.meta.url);
/** Hard bound of the whole run (ms): the brief allows 3 minutes; a stuck run must not hang CI or a shell. */
const WATCHDOG_MS = 175_000;

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    users: { type: 'string', default: '4' },
    uploads: { type: 'string', default: '30' },
    'heic-uploads': { type: 'string', default: '20' },
  },
});
/** A positive whole number from the command line, or exit with a message naming the option. */
const positive = (name) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`[bench] --${name} must be a positive whole number, got ${opts[name]}`);
    process.exit(2);
  }
  return n;
};
const durationS = positive('duration');
const connections = positive('connections');
const userCount = positive('users');
const uploadCount = positive('uploads');
const heicCount = positive('heic-uploads');

/**
 * Machine facts printed with every result: numbers only mean something next to the hardware.
 * @returns {{ cpu: string, cores: number, memoryGiB: string, node: string, os: string, date: string, loadavg: string }}
 */
function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    loadavg: os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
  };
}

/** `part` as a percentage of `whole`, one decimal ("37.5 %"). */

/**
 * CPU per submission (ms) and the throughput those costs allow on otherwise idle cores (req/s):
 * the lower of the single JavaScript thread's limit (1000 / main-thread ms) and the whole machine's
 * (cores × 1000 / (server + PostgreSQL + load generator ms)).
 * @param {{ serverMs: number, serverMainMs: number, postgresMs: number, benchMs: number }} cpu ms over the run
 * @param {number} requests answered submissions
 * @param {number} cores
 * @returns {{ mainMs: number, nodeMs: number, pgMs: number, benchMs: number, ceiling: number, bound: string }}
 */
function cpuPerRequest(cpu, requests, cores) {
  const mainMs = cpu.serverMainMs / requests;
  const nodeMs = cpu.serverMs / requests;
  const pgMs = cpu.postgresMs / requests;
  const benchMs = cpu.benchMs / requests;
  const threadLimit = 1000 / mainMs;
  const machineLimit = (cores * 1000) / (nodeMs + pgMs + benchMs);
  return threadLimit < machineLimit
    ? { mainMs, nodeMs, pgMs, benchMs, ceiling: threadLimit, bound: 'bound by the Node main thread' }
    : {
        mainMs,
        nodeMs,
        pgMs,
        benchMs,
        ceiling: machineLimit,
        bound: `bound by ${cores} cores shared by Node, PostgreSQL and autocannon`,
      };
}

/**
 * Runs both benchmarks against one server and prints the summary.
 * @returns {Promise<boolean>} true when every summary line passes
 */
async function main() {
  const m = machine();
  log(`${m.date} — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}, load average ${m.loadavg}`);

  // Generate the photo before the server starts: the encode would otherwise compete for the CPU.
  const photo = await makePhoto();
  log(
    `photo: ${WIDTH}×${HEIGHT} JPEG q${photo.quality}, ${photo.bytes} bytes (${mib(photo.bytes)}), ${photo.encodes} encode(s)`,
  );
  if (photo.bytes < MIN_BYTES || photo.bytes > MAX_BYTES) throw new Error('photo outside the 7.5–9.5 MiB window');

  const server = await startServer();
  const cleanup = () => server.stop();
  // Ctrl-C and the watchdog both end here: the server and its temp dir never outlive the bench.
  const onSignal = (signal) => {
    log(`${signal}: stopping the server and removing the temporary DATA_DIR`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`server healthy at ${server.baseUrl} in ${fmt(server.startMs, 0)} ms (DATA_DIR ${server.dataDir})`);
    const users = await signUpUsers(server.baseUrl, userCount, server.dataDir);
    const refs = await missionReferences(server.baseUrl);
    log(
      `${users.length} users signed up; milkweeds ${refs.milkweedIds.join(',')}, abundance ${refs.abundanceId}, location size ${refs.locationsizeId}, province ${refs.provinceId}`,
    );

    log(`missions: ${connections} connections × ${durationS} s, no warm-up …`);
    const missionCpu = startCpuMeter(server.pid);
    const load = await runMissionLoad({ baseUrl: server.baseUrl, users, refs, durationS, connections });
    const mc = missionCpu?.();
    log(
      `missions: ${load.ok2xx} × 2xx, ${load.non2xx} non-2xx, ${load.errors} errors (${load.timeouts} timeouts) in ${load.durationS} s; ` +
        `mean ${fmt(load.rpsMean)} req/s; latency p50 ${fmt(load.latencyMs.p50)} / p95 ${fmt(load.latencyMs.p95)} / p99 ${fmt(load.latencyMs.p99)} / max ${fmt(load.latencyMs.max)} ms ` +
        `(autocannon's own p50 ${load.autocannonLatencyMs.p50} / p99 ${load.autocannonLatencyMs.p99} ms)`,
    );
    for (const s of load.errorSamples) log(`  non-2xx sample: ${s}`);
    const perReq = mc && load.ok2xx > 0 ? cpuPerRequest(mc, load.ok2xx, m.cores) : null;
    if (mc && perReq) {
      log(
        `missions CPU: server Node ${fmt(mc.serverMs, 0)} ms (main thread ${fmt(mc.serverMainMs, 0)}), PostgreSQL ${fmt(mc.postgresMs, 0)}, bench ${fmt(mc.benchMs, 0)}, ` +
          `other processes ${fmt(mc.othersMs, 0)} of ${fmt(mc.capacityMs, 0)} ms machine capacity → per submission: Node main ${fmt(perReq.mainMs, 2)} / Node total ${fmt(perReq.nodeMs, 2)} / ` +
          `PostgreSQL ${fmt(perReq.pgMs, 2)} / bench ${fmt(perReq.benchMs, 2)} ms; ceiling on idle cores ≈ ${fmt(perReq.ceiling, 0)} req/s (${perReq.bound})`,
      );
    }
    const check = await verifyMissions({ baseUrl: server.baseUrl, users, refs, load });
    log(`check: ${check.message} → ${check.ok ? 'OK' : 'MISMATCH'}`);

    log(`photos: ${uploadCount} sequential uploads of ${mib(photo.bytes)} …`);
    const photoCpu = startCpuMeter(server.pid);
    const up = await uploadPhotos({
      baseUrl: server.baseUrl,
      token: users[0].token,
      jpeg: photo.jpeg,
      count: uploadCount,
    });
    const pc = photoCpu?.();
    log(`photos: ${up.timesMs.map((t) => fmt(t, 0)).join(' ')} ms`);
    if (pc)
      log(
        `photos CPU: server Node ${fmt(pc.serverMs / uploadCount, 0)} ms per upload; other processes used ${pct(pc.othersMs, pc.capacityMs)} of the machine meanwhile`,
      );
    for (const f of up.failures) log(`  upload failure: ${f}`);

    const heic = await readFile(HEIC_FILE);
    log(`HEIC: ${heicCount} sequential uploads of ${mib(heic.length)} (4032×3024, HEVC) …`);
    const heicCpu = startCpuMeter(server.pid);
    const hu = await uploadPhotos({
      baseUrl: server.baseUrl,
      token: users[0].token,
      jpeg: heic,
      count: heicCount,
      ext: 'heic',
      type: 'image/heic',
    });
    const hc = heicCpu?.();
    log(`HEIC: ${hu.timesMs.map((t) => fmt(t, 0)).join(' ')} ms (the first also tiers the decoder's WebAssembly up)`);
    if (hc)
      log(
        `HEIC CPU: server Node ${fmt(hc.serverMs / heicCount, 0)} ms per upload; other processes used ${pct(hc.othersMs, hc.capacityMs)} of the machine meanwhile`,
      );
    for (const f of hu.failures) log(`  HEIC upload failure: ${f}`);

    const rows = [
      [
        `Mission submissions/s (mean, ${connections} conn., ${durationS} s)`,
        `≥ ${TARGET_RPS} req/s`,
        `${fmt(load.rpsMean)} req/s`,
        load.rpsMean >= TARGET_RPS,
      ],
      [
        'Mission latency p50 / p95 / p99',
        '(reported)',
        `${fmt(load.latencyMs.p50)} / ${fmt(load.latencyMs.p95)} / ${fmt(load.latencyMs.p99)} ms`,
        null,
      ],
      [
        'Mission non-2xx + socket errors',
        '0',
        `${load.non2xx} + ${load.errors}`,
        load.non2xx === 0 && load.errors === 0,
      ],
      [
        'Missions in DB = 2xx answers',
        'exact',
        `${check.afterRun} = ${load.ok2xx} + ${check.completedCutOff} cut-off; ${check.final} after ${check.retried} re-send(s)`,
        check.ok,
      ],
      ...(perReq
        ? [
            [
              'CPU per submission: Node main / Node all / PG',
              '(reported)',
              `${fmt(perReq.mainMs, 2)} / ${fmt(perReq.nodeMs, 2)} / ${fmt(perReq.pgMs, 2)} ms`,
              null,
            ],
            [
              'Ceiling on idle cores (from CPU per submission)',
              '(reported)',
              `≈ ${fmt(perReq.ceiling, 0)} req/s, ${perReq.bound}`,
              null,
            ],
            [
              'Other processes during the mission run',
              '(reported)',
              `${pct(mc.othersMs, mc.capacityMs)} of ${m.cores} cores`,
              null,
            ],
          ]
        : []),
      ['Photo upload p50 / max', '(reported)', `${fmt(up.p50, 0)} / ${fmt(up.max, 0)} ms`, null],
      [
        `Photo upload p95 (${mib(photo.bytes)}, 12 MP, n=${uploadCount})`,
        `≤ ${TARGET_PHOTO_P95_MS} ms`,
        `${fmt(up.p95, 0)} ms`,
        up.p95 <= TARGET_PHOTO_P95_MS,
      ],
      ...(pc
        ? [
            [
              'Server CPU per photo upload',
              '(reported)',
              `${fmt(pc.serverMs / uploadCount, 0)} ms (others used ${pct(pc.othersMs, pc.capacityMs)})`,
              null,
            ],
          ]
        : []),
      ['Photo uploads answered 201', `${uploadCount}`, `${uploadCount - up.failures.length}`, up.failures.length === 0],
      [
        'HEIC upload first / p50 / max',
        '(reported)',
        `${fmt(hu.first, 0)} / ${fmt(hu.p50, 0)} / ${fmt(hu.max, 0)} ms`,
        null,
      ],
      [
        `HEIC upload p95 (${mib(heic.length)}, 12 MP iPhone, n=${heicCount})`,
        `≤ ${TARGET_HEIC_P95_MS} ms`,
        `${fmt(hu.p95, 0)} ms`,
        hu.p95 <= TARGET_HEIC_P95_MS,
      ],
      ...(hc
        ? [
            [
              'Server CPU per HEIC upload',
              '(reported)',
              `${fmt(hc.serverMs / heicCount, 0)} ms (others used ${pct(hc.othersMs, hc.capacityMs)})`,
              null,
            ],
          ]
        : []),
      ['HEIC uploads answered 201', `${heicCount}`, `${heicCount - hu.failures.length}`, hu.failures.length === 0],
    ];
    console.log('');
    console.log(`Mission Monarch benchmark — ${m.date}`);
    console.log(
      `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.os}; load average at start ${m.loadavg}`,
    );
    console.log(`Server: node --import tsx apps/server/src/server.ts, embedded PostgreSQL, LOG_LEVEL=warn, 127.0.0.1`);
    console.log(
      table(
        ['benchmark', 'target', 'measured', 'result'],
        rows.map(([a, b, c, ok]) => [a, b, c, ok === null ? '—' : ok ? 'PASS' : 'FAIL']),
      ),
    );
    console.log('');
    return rows.every(([, , , ok]) => ok !== false);
  } finally {
    const exit = await cleanup();
    log(`server stopped (exit ${exit.code ?? exit.signal}), temporary DATA_DIR removed`);
    if (exit.code !== 0 || exit.stderrHead.length > 0) {
      // Reported, not fatal: the measurements are complete by now.
      log(`server stderr (first lines): ${exit.stderrHead.slice(0, 6).join(' ⏎ ') || '(none)'}`);
    }
  }
}

runBenchmark(main, WATCHDOG_MS);
