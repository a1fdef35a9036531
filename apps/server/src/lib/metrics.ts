import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/** What one in-memory cache holds now: its entries and, where it counts them, their bytes. */
export interface CacheStat {
  /** Label value of the `cache` label, e.g. `explore_rows_generalised`. */
  cache: string;
  entries: number;
  /** Bytes counted by the cache itself (JSON text, compressed copies); absent when it does not count them. */
  bytes?: number;
}

/**
 * This process's metrics in the Prometheus text format (prom-client): Node's own (resident memory
 * `process_resident_memory_bytes`, heap, event-loop lag, GC) and, per in-memory cache, its entries
 * (`mm_cache_entries{cache}`) and counted bytes (`mm_cache_bytes{cache}`), read from `caches` at each
 * scrape. The soak benchmark (`npm run bench:soak`) compares resident memory with these sizes.
 * @param caches answers the caches' current sizes (cheap: called once per scrape)
 */
export function createMetrics(caches: () => CacheStat[]) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const read = () => caches();
  new Gauge({
    name: 'mm_cache_entries',
    help: 'Entries kept in an in-memory cache',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const stat of read()) this.set({ cache: stat.cache }, stat.entries);
    },
  });
  new Gauge({
    name: 'mm_cache_bytes',
    help: 'Bytes an in-memory cache counts for its entries',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const stat of read()) if (stat.bytes !== undefined) this.set({ cache: stat.cache }, stat.bytes);
    },
  });
  return {
    contentType: registry.contentType,
    /** The metrics as Prometheus text. */
    text: () => registry.metrics(),
  };
}
