/**
 * Real processes for the chaos suite (`npm run test:chaos`): the server started exactly as a
 * supervisor would (`node --import tsx apps/server/src/server.ts`), HTTP over real sockets, and
 * the processes' pids to kill. Nothing is mocked.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { awaitConfirmationToken } from '../test/outbox-mail';

export const root = path.resolve(import.meta.dirname, '../../..');
export const fixture = (name: string) => readFileSync(path.join(root, 'fixtures', 'photos', name));

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything the process printed so far. */
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

const madeDirs: string[] = [];

/** A fresh, empty DATA_DIR (readable by the postgres user when running as root); removed by `removeTempDataDirs`. */
export async function tempDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `monarch-${prefix}-`));
  await chmod(dir, 0o755);
  madeDirs.push(dir);
  return dir;
}

/** Removes the DATA_DIRs this file made (after its servers stopped). */
export async function removeTempDataDirs(): Promise<void> {
  await Promise.all(madeDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Starts the server on `dataDir` and `port`; resolves once it printed "ready" (rejects if it exits first). */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  waitReady = true,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '100000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = { child, pid: child.pid ?? 0, output: () => out, exited };
  if (!waitReady) return server;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('[monarch] ready in')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before ready:\n${out}`));
    });
  });
  return server;
}

/** Stops a server this file started (SIGTERM, then waits for it), if it still runs. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (server && alive(server.pid)) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** Waits until `predicate` holds, polling every `everyMs`; throws after `timeoutMs`. */
export async function waitFor(
  what: string,
  predicate: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
) {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * One HTTP request on a new socket. `localAddress` picks the client address (127.0.0.x), as
 * different visitors would (per-IP rate limits). Rejects on a socket error (server killed).
 */
export function request(
  port: number,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: Date.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * `request`, asked again while the server answers 503 (database briefly unavailable, e.g. a
 * connection slower than the pool's 1.5 s on a loaded machine), as a client honouring Retry-After would.
 */
export async function requestPatiently(...args: Parameters<typeof request>): Promise<Answer> {
  for (let i = 0; ; i++) {
    const res = await request(...args);
    if (res.status !== 503 || i >= 20) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Signs up a fresh account and follows the confirmation link the server of `dataDir` wrote to its
 * outbox (no SMTP); answers its token.
 */
export async function signUp(port: number, dataDir: string): Promise<{ token: string; username: string }> {
  const username = `c${randomUUID().slice(0, 8)}`;
  const email = `${username}@example.org`;
  const res = await requestPatiently(port, 'POST', '/api/users/signup', {
    ...json({
      username,
      first_name: 'Marie',
      last_name: 'Tremblay',
      email,
      password: 'monarque1',
      confirm_password: 'monarque1',
      language: 'fr',
      newsletter: false,
    }),
  });
  if (res.status !== 202) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
  const confirmation = await awaitConfirmationToken(dataDir, email);
  const confirmed = await requestPatiently(port, 'POST', '/api/users/confirm', json({ token: confirmation }));
  if (confirmed.status !== 201) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.body}`);
  return { token: (JSON.parse(confirmed.body) as { oauth_token: string }).oauth_token, username };
}

/** The province id of Québec, from the reference data. */
export async function quebec(port: number): Promise<number> {
  const res = await requestPatiently(port, 'GET', '/api/utilities/loadparams');
  const params = JSON.parse(res.body) as { provinces: { administrative: string; province_id: number }[] };
  const qc = params.provinces.find((p) => p.administrative === 'QC');
  if (!qc) throw new Error('no QC province');
  return qc.province_id;
}

/** A Flash submission body (one adult), with its photo when given. */
export function flash(provinceId: number, key: string, photoName?: string) {
  // A day of the year before 2026-08-02 drawn from the key: thousands of sightings of one volunteer at
  // one place on ONE day would make each write compare itself with all the others (near-duplicate rule).
  const day = new Date(Date.UTC(2026, 7, 2) - (parseInt(key.slice(0, 8), 16) % 365) * 86_400_000);
  return {
    idempotency_key: key,
    checklist_date: day.toISOString().slice(0, 10),
    locality: 'Jardin chaos',
    province_id: provinceId,
    latitude: 46.81,
    longitude: -71.21,
    adults: 1,
    eggs: 0,
    caterpillars: 0,
    chrysalises: 0,
    photos: photoName ? [{ photo_name: photoName, lifestage_id: 1 }] : [], // 1: adults
  };
}

/** Multipart body with one file in field "file". */
export function multipartBody(fileName: string, data: Buffer) {
  const boundary = `----chaos${randomUUID()}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The embedded postmaster's pid, from `$DATA_DIR/pg/postmaster.pid`. */
export async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Pids of the processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const text = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    } catch {
      return '';
    }
  })();
  return text
    .split(' ')
    .map(Number)
    .filter((n) => n > 0);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The command line of a process. */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Runs a command of the project (`npm run …` style, via node) to its end; answers code and output. */
export function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Mounts a tmpfs of `mib` MiB at `dir` (root with CAP_SYS_ADMIN), with `mode` and owned like `dir`'s parent.
 * @returns undefined once mounted, else the reason it cannot (the caller skips its test and prints it)
 */
export function mountTmpfs(dir: string, mib: number, mode: '0700' | '0755'): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const { uid, gid } = statSync(path.dirname(dir));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m,mode=${mode},uid=${uid},gid=${gid}`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
    return undefined;
  } catch (err) {
    return `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()})`;
  }
}

/** Writes zeros into `file` until its file system refuses (ENOSPC); answers the bytes written. */
export function fillUntilFull(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(256 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return written;
}
