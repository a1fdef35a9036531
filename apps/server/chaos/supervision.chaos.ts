/**
 * `npm start` as an operator runs it (docs/internals.md, "Restarts after a crash"): kill -9 of its server
 * process → healthy again within 10 s with no human, on the same port and data; SIGTERM to `npm start` →
 * the server stops cleanly and `npm start` exits 0. Runs the real `npm start` (it builds what is stale: `npm
 * test` builds before this suite) on the embedded database.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, removeTempDataDirs, request, root, tempDataDir, waitFor } from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 4;

/** Every process below `pid` (children first found through /proc/PID/task/PID/children). */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
/** The pid of the server process under `npm start` (node apps/server/dist/server.js), if one runs. */
const serverPid = (npmPid: number) =>
  descendants(npmPid).find((pid) => commandOf(pid).includes('apps/server/dist/server.js'));
const healthy = async () =>
  (await request(PORT, 'GET', '/api/health', { timeoutMs: 2000 }).catch(() => ({ status: 0 }))).status === 200;

let stopNpm: (() => void) | undefined;
afterAll(async () => {
  stopNpm?.();
  await removeTempDataDirs();
});

describe('npm start supervises its server', () => {
  it('starts a killed server again within 10 s and exits 0 on SIGTERM', async () => {
    const dataDir = await tempDataDir('chaos-supervise');
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The heap limit npm start gives its server (scripts/server-heap.mjs), kept across restarts.
        SERVER_HEAP_MB: '300',
        NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').replace(/--max-old-space-size=\S+/g, ''),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (c: Buffer) => (out += c.toString()));
    npm.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    stopNpm = () => {
      for (const pid of [npm.pid!, ...descendants(npm.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    };

    // What npm start printed, with the reason, when a step fails.
    const step = async (what: string, done: () => Promise<boolean>, timeoutMs: number, everyMs: number) =>
      waitFor(what, done, timeoutMs, everyMs).catch((err: unknown) => {
        throw new Error(`${String(err)}; npm start printed:\n${out.slice(-4000)}`);
      });
    // A first start may build the apps (when run alone, outside `npm test`).
    await step('the first start', healthy, 600_000, 250);
    const first = serverPid(npm.pid!);
    expect(first).toBeDefined();
    expect(commandOf(first!)).toContain('--max-old-space-size=300');

    const killedAt = Date.now();
    process.kill(first!, 'SIGKILL');
    await step('the server gone', async () => !(await healthy()), 5000, 50);
    await step('healthy again after kill -9', healthy, 10_000, 100);
    const backMs = Date.now() - killedAt;
    const second = serverPid(npm.pid!);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(commandOf(second!)).toContain('--max-old-space-size=300');
    expect(out).toMatch(/server killed by SIGKILL after \d+ s; starting it again in 1 s/);

    // A second kill soon after: restarted again as fast (the wait doubles from the third quick failure on).
    const killedAgainAt = Date.now();
    process.kill(second!, 'SIGKILL');
    await step('the server gone again', async () => !(await healthy()), 5000, 50);
    await step('healthy again after a second kill -9', healthy, 10_000, 100);
    const backAgainMs = Date.now() - killedAgainAt;
    expect(out.match(/starting it again in 1 s/g)).toHaveLength(2);

    // SIGTERM to npm start: the server stops (the database with it) and npm start exits 0.
    const third = serverPid(npm.pid!)!;
    npm.kill('SIGTERM');
    const code = await exited;
    stopNpm = undefined;
    console.log(
      `[chaos supervise] kill -9 of the server under npm start: healthy again after ${backMs} ms, after a second kill ${backAgainMs} ms; SIGTERM → exit ${code}`,
    );
    expect(code, out.slice(-3000)).toBe(0);
    expect(alive(third)).toBe(false);
    expect(backMs).toBeLessThan(10_000);
  }, 900_000);
});
