// The V8 heap limit of the server process (README, "Memory"; BENCHMARKS.md, "Soak"). Left to itself, V8 sizes
// its heap from the machine's memory (≈ 2–4 GiB on a server) and lets garbage build up to ≈ 300 MiB between full
// collections under sustained traffic, so the resident memory reached ≈ 500 MiB while what was live stayed near
// 100 MiB. A limit sized from what the server keeps (its live objects plus the configured caches) makes V8
// collect sooner and holds the resident memory near that size, at the same throughput.

/** Live heap of a server under traffic without its Explore row cache, with room for a full collection's work (MiB). */
export const BASE_HEAP_MB = 192;
/** `EXPLORE_ROW_CACHE_MB`'s default (apps/server/src/modules/explore/list-rows.ts, `DEFAULT_ROW_CACHE_MB`). */
const DEFAULT_ROW_CACHE_MB = 64;

/**
 * The Node options that set the server's heap limit: `--max-old-space-size=<MiB>` with
 * `SERVER_HEAP_MB` if set, else `BASE_HEAP_MB` + `EXPLORE_ROW_CACHE_MB` (256 MiB with the defaults).
 * None when the operator set `--max-old-space-size` in `NODE_OPTIONS` or `SERVER_HEAP_MB=0` (V8's own sizing).
 * @param {NodeJS.ProcessEnv} env the server's environment
 * @returns {string[]} arguments for `node` before the script
 */
export function serverHeapArgs(env) {
  if (/--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  if (env.SERVER_HEAP_MB !== undefined && env.SERVER_HEAP_MB !== '') {
    const mb = Number(env.SERVER_HEAP_MB);
    if (!Number.isInteger(mb) || mb < 0)
      throw new Error(`SERVER_HEAP_MB must be a whole number of MiB, not "${env.SERVER_HEAP_MB}"`);
    return mb === 0 ? [] : [`--max-old-space-size=${mb}`];
  }
  const rowCache = Number(env.EXPLORE_ROW_CACHE_MB ?? DEFAULT_ROW_CACHE_MB);
  const mb = BASE_HEAP_MB + (Number.isFinite(rowCache) && rowCache > 0 ? Math.ceil(rowCache) : 0);
  return [`--max-old-space-size=${mb}`];
}
