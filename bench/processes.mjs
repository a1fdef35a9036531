#!/usr/bin/env node
// Part of `npm run bench`: Mission submissions/s with one server process, then with two
// (`WORKERS=2`: Node's cluster module, one embedded PostgreSQL), in one run on this machine; the ratio is
// printed and written to BENCHMARKS.md (section "Several processes") with the machine, date and load.
// Options: --duration S (10), --connections N (16), --users N (4). Exit 0 when the ratio is ≥ 1.6.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { missionReferences, signUpUsers } from './lib/api.mjs';
import { runMissionLoad, verifyMissions } from './lib/missions.mjs';
import { startServer } from './lib/server.mjs';
import { fmt, log } from './lib/runner.mjs';

const TARGET_RATIO = 1.6;
/** Unmeasured load before each measured run (s). */
const WARMUP_S = 3;
const BENCHMARKS = new URL('../BENCHMARKS.md', import.meta.url);
const START = '<!-- bench:processes:start -->';
const END = '<!-- bench:processes:end -->';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    users: { type: 'string', default: '4' },
  },
});
const durationS = Number(opts.duration);
const connections = Number(opts.connections);
const userCount = Number(opts.users);
for (const [name, n] of Object.entries({ durationS, connections, userCount }))
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Submissions/s of a fresh server with `workers` processes, checked against the database. */
async function measure(workers) {
  const server = await startServer({
    // A busy machine (other sessions) can take minutes to start N processes compiled by tsx.
    timeoutMs: 240_000,
    env: { WORKERS: String(workers) },
    // With several, wait until every worker listens (the first answers health while the others still start).
    ...(workers > 1 ? { readyLine: /all \d+ workers listening/ } : {}),
  });
  try {
    const users = await signUpUsers(server.baseUrl, userCount, server.dataDir);
    const refs = await missionReferences(server.baseUrl);
    // Warm-up, not measured, by other accounts (the check counts the measured accounts' Missions only):
    // each process compiles its hot paths once, and two processes do it twice.
    const warmUsers = await signUpUsers(server.baseUrl, userCount, server.dataDir);
    await runMissionLoad({ baseUrl: server.baseUrl, users: warmUsers, refs, durationS: WARMUP_S, connections });
    const loadBefore = load();
    const run = await runMissionLoad({ baseUrl: server.baseUrl, users, refs, durationS, connections });
    const check = await verifyMissions({ baseUrl: server.baseUrl, users, refs, load: run });
    log(
      `${workers} process(es): ${fmt(run.rpsMean)} submissions/s, p50 ${fmt(run.latencyMs.p50)} / p99 ${fmt(run.latencyMs.p99)} ms, ` +
        `${run.non2xx} non-2xx, ${run.errors} errors; check ${check.ok ? 'OK' : 'MISMATCH'}; load average before ${loadBefore}`,
    );
    return { workers, run, check, loadBefore };
  } finally {
    await server.stop();
  }
}

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}`;
  const date = new Date().toISOString();
  const loadStart = load();
  log(`${date} — ${machine}; load average ${loadStart}`);
  const one = await measure(1);
  const two = await measure(2);
  const ratio = two.run.rpsMean / one.run.rpsMean;
  const loadEnd = load();
  const ok = ratio >= TARGET_RATIO && one.check.ok && two.check.ok;
  const lines = [
    START,
    `## Several processes — ${date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`npm run bench\` (bench/processes.mjs): Mission submissions/s (${connections} connections, ${WARMUP_S} s warm-up, then ${durationS} s, ${userCount} users) against a fresh`,
    'server with one process, then with `WORKERS=2` (cluster, one embedded PostgreSQL), in one run.',
    `Machine: ${machine}. Load average (1, 5, 15 min) at start ${loadStart}, at end ${loadEnd}: other`,
    'sessions share these cores, so the figures move with their load.',
    '',
    '| processes | submissions/s | p50 / p99 ms | non-2xx + errors | DB check | load before |',
    '|---|---|---|---|---|---|',
    ...[one, two].map(
      (r) =>
        `| ${r.workers} | ${fmt(r.run.rpsMean)} | ${fmt(r.run.latencyMs.p50)} / ${fmt(r.run.latencyMs.p99)} | ${r.run.non2xx} + ${r.run.errors} | ${r.check.ok ? 'OK' : 'MISMATCH'} | ${r.loadBefore} |`,
    ),
    '',
    `Ratio 2 / 1 processes: **${ratio.toFixed(2)}×** (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}).`,
    END,
  ];
  const text = await readFile(BENCHMARKS, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  const next =
    a >= 0 && b > a
      ? `${text.slice(0, a)}${lines.join('\n')}${text.slice(b + END.length)}`
      : `${text.trimEnd()}\n\n${lines.join('\n')}\n`;
  await writeFile(BENCHMARKS, next);
  console.log('');
  console.log(lines.slice(1, -1).join('\n'));
  console.log('');
  log(`written to BENCHMARKS.md`);
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
