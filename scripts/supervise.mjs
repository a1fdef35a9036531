// The supervisor of `npm start` (docs/internals.md, "Restarts after a crash"). The server process is started again
// when it ends in any way but a requested stop, so a kill -9, an out-of-memory kill or a crash costs a few seconds
// of service and no human. A process manager above (systemd, Docker, pm2) still sees the truth in the exit code:
// 0 only after SIGINT or SIGTERM, 1 when the server keeps failing (a crash loop it gives up on).
import { spawn } from 'node:child_process';

/**
 * Wait before a restart (ms): the first two quick failures in a row (a kill, then one more) wait this long, so a
 * server killed twice is back as fast; each later one doubles it, up to `MAX_DELAY_MS`.
 */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
/** A run this long (ms) counts as healthy: the next crash restarts after `FIRST_DELAY_MS` again. */
export const STABLE_MS = 60_000;
/** Consecutive short runs after which the supervisor gives up and exits 1 (1 + 1 + 2 + 4 + 8 + 16 s of waits). */
export const MAX_QUICK_FAILURES = 6;
/** After SIGINT or SIGTERM, the server has this long (ms) to finish its requests before it is killed. */
export const STOP_TIMEOUT_MS = 30_000;

/**
 * Wait before the next start (ms), or null to give up.
 * @param quickFailures runs in a row that ended within `STABLE_MS`, this one included (≥ 1)
 */
export function restartDelay(quickFailures) {
  if (quickFailures > MAX_QUICK_FAILURES) return null;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, quickFailures - 2));
}

/**
 * Starts `command args` with this process's environment and standard streams, and keeps it running:
 * - it ends by a signal or a non-zero code (crash, kill -9, OOM): started again after `restartDelay`, logged;
 * - it exits 0 by itself (it was told to stop, e.g. a SIGTERM sent to it directly): the supervisor exits 0;
 * - this process gets SIGINT or SIGTERM: the signal is passed on, the supervisor waits for the server
 *   (≤ `STOP_TIMEOUT_MS`, then SIGKILL) and exits 0, or 1 if the server's own stop failed;
 * - too many quick failures in a row (`MAX_QUICK_FAILURES`): exits 1 so the process manager above knows.
 * @param {{ command: string, args: string[], cwd: string, log?: (msg: string) => void }} options
 */
export function supervise({ command, args, cwd, log = (msg) => console.error(`[monarch supervisor] ${msg}`) }) {
  let child;
  let stopping = false;
  let quickFailures = 0;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const ranMs = Date.now() - startedAt;
      if (stopping) process.exit(code === 0 || signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1);
      if (code === 0) {
        log('server stopped (exit code 0)');
        process.exit(0);
      }
      quickFailures = ranMs < STABLE_MS ? quickFailures + 1 : 1;
      const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
      const delay = restartDelay(quickFailures);
      if (delay === null) {
        log(`server ${how} after ${Math.round(ranMs / 1000)} s; ${quickFailures} failures in a row: giving up`);
        process.exit(1);
      }
      log(`server ${how} after ${Math.round(ranMs / 1000)} s; starting it again in ${delay / 1000} s`);
      setTimeout(() => {
        if (!stopping) start();
        else process.exit(0);
      }, delay);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Between two runs there is no server to wait for.
      if (child.exitCode !== null || child.signalCode !== null) process.exit(0);
      child.kill(signal);
      setTimeout(() => {
        log(`server still running ${STOP_TIMEOUT_MS / 1000} s after ${signal}: killing it`);
        child.kill('SIGKILL');
      }, STOP_TIMEOUT_MS).unref();
    });
  }
  start();
}
