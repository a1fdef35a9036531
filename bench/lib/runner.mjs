// What every benchmark script shares: its log line, number formatting, and how it runs (a watchdog
// that stops a run gone astray; exit 0 only when every line passes, 1 when one fails, 2 on a crash).

/** Prints one progress line. */
export const log = (msg) => console.log(`[bench] ${msg}`);

/** A number with `digits` decimals, or its text when it is not finite. */
export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/** `part` as a percentage of `whole`, e.g. "12.5 %". */
export const pct = (part, whole) => `${fmt((100 * part) / whole)} %`;

/**
 * Runs `main` (resolving to whether every target passed) under a watchdog of `watchdogMs` and ends
 * the process with its exit status.
 * @param {() => Promise<boolean>} main
 * @param {number} watchdogMs
 */
export function runBenchmark(main, watchdogMs) {
  const started = performance.now();
  const watchdog = setTimeout(() => {
    console.error(`[bench] watchdog: still running after ${watchdogMs / 1000} s, stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, watchdogMs);
  watchdog.unref();

  main().then(
    (allPass) => {
      log(`done in ${fmt((performance.now() - started) / 1000)} s — ${allPass ? 'all PASS' : 'some lines FAIL'}`);
      process.exit(allPass ? 0 : 1);
    },
    (err) => {
      console.error(`[bench] failed: ${err instanceof Error ? err.stack : String(err)}`);
      process.exit(2);
    },
  );
}
