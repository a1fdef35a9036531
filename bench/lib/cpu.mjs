// CPU accounting from Linux /proc, because wall-clock rates on a shared 2-core machine depend on
// whatever else runs: CPU time per request of the server's Node process and of its PostgreSQL
// processes is the number that stays put, and it tells which side bounds throughput.
// Everything degrades to null where /proc is missing (macOS, Windows).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Linux USER_HZ: /proc times are in 1/100 s on every mainstream kernel build. */
const TICK_MS = 10;

/**
 * utime+stime+cutime+cstime (ms) of one process or thread from its stat file.
 * @param {string} file e.g. /proc/123/stat or /proc/123/task/123/stat
 * @returns {{ comm: string, ppid: number, ms: number } | null} null when the process is gone
 */
function readStat(file) {
  try {
    const s = readFileSync(file, 'utf8');
    const comm = s.slice(s.indexOf('(') + 1, s.lastIndexOf(')'));
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // Fields after ")": state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return { comm, ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of a process with its Node descendants (cluster workers, `WORKERS=N`), of its main
 * thread alone, and of its PostgreSQL descendants (the embedded postmaster and backends are children
 * of the server process).
 * @param {number} rootPid
 * @returns {{ processMs: number, mainThreadMs: number, descendantsMs: number }}
 */
function treeCpu(rootPid) {
  const all = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const st = readStat(`/proc/${d}/stat`);
    if (st) all.set(Number(d), st);
  }
  const children = new Map();
  for (const [pid, st] of all) children.set(st.ppid, [...(children.get(st.ppid) ?? []), pid]);
  let descendantsMs = 0;
  let nodeMs = 0;
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop();
    const st = all.get(pid);
    if (st?.comm.startsWith('postgres')) descendantsMs += st.ms;
    else nodeMs += st?.ms ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  const main = readStat(`/proc/${rootPid}/task/${rootPid}/stat`);
  return { processMs: (all.get(rootPid)?.ms ?? 0) + nodeMs, mainThreadMs: main?.ms ?? 0, descendantsMs };
}

/**
 * Busy and total CPU time (ms, summed over cores) of the whole machine since boot.
 * @returns {{ busyMs: number, totalMs: number }}
 */
function systemCpu() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  // idle(3) + iowait(4) are not busy
  return { busyMs: (total - f[3] - f[4]) * TICK_MS, totalMs: total * TICK_MS };
}

/**
 * Starts measuring; call the returned function to get the CPU used since (all values in ms).
 * `serverMs`: the server's Node process or processes (all threads: main, GC helpers, libuv pool where sharp
 * runs; with its cluster workers);
 * `serverMainMs`: its JavaScript main thread only; `postgresMs`: the embedded PostgreSQL processes;
 * `benchMs`: this process (autocannon, fetch); `othersMs`: everything else on the machine;
 * `capacityMs`: cores × wall time.
 * @param {number} serverPid
 * @returns {(() => { serverMs: number, serverMainMs: number, postgresMs: number, benchMs: number, othersMs: number, capacityMs: number, wallMs: number }) | null}
 */
export function startCpuMeter(serverPid) {
  if (!existsSync('/proc/stat') || !existsSync(`/proc/${serverPid}/stat`)) return null;
  const t0 = performance.now();
  const tree0 = treeCpu(serverPid);
  const sys0 = systemCpu();
  const self0 = process.cpuUsage();
  return () => {
    const tree1 = treeCpu(serverPid);
    const sys1 = systemCpu();
    const self = process.cpuUsage(self0);
    const serverMs = tree1.processMs - tree0.processMs;
    const postgresMs = tree1.descendantsMs - tree0.descendantsMs;
    const benchMs = (self.user + self.system) / 1000;
    const busyMs = sys1.busyMs - sys0.busyMs;
    return {
      serverMs,
      serverMainMs: tree1.mainThreadMs - tree0.mainThreadMs,
      postgresMs,
      benchMs,
      othersMs: Math.max(0, busyMs - serverMs - postgresMs - benchMs),
      capacityMs: sys1.totalMs - sys0.totalMs,
      wallMs: performance.now() - t0,
    };
  };
}
