import { LRUCache } from 'lru-cache';

/** One key's value at a data version; `started` is false while it waits for the key's previous computation. */
interface Entry<V> {
  version: number;
  value: Promise<V>;
  started: boolean;
  settled: boolean;
  /** The computed value, once computed. */
  done?: { value: V };
}

/**
 * Values computed from the data as it was at one data version (`lib/data-version.ts`), one per key:
 * asking with a newer version computes again and replaces the entry; concurrent requests for the same
 * key share one computation; a failed computation is not kept, so the next request tries again. At most
 * `max` keys, the least recently used dropped first (an `lru-cache`).
 *
 * At most one computation per key runs at a time. Data that change faster than a value is computed (a
 * map index of a million observations takes ≈ 1 s to build while volunteers keep submitting) would
 * otherwise start a new computation for every request, each at its own version, until the server does
 * nothing else. A request at a newer version while one runs waits for it, then shares the next one,
 * which starts after every version asked so far and so sees their data.
 *
 * @param load computes the value of `args` from the data as they are when it starts (the key must
 *   determine `args`)
 * @param max number of keys kept
 * Versions of one key must only grow (those of `DataVersion.currentFor` for the key's tables do).
 */
export function createVersionedCache<A, V>(load: (args: A) => Promise<V>, max: number) {
  const cache = new LRUCache<string, Entry<V>>({ max });
  return {
    /** The value of `args` at `version` or later, from memory when it was computed (or is being computed) since. */
    get(version: number, key: string, args: A): Promise<V> {
      const hit = cache.get(key);
      if (hit && hit.version >= version) return hit.value;
      // Not started yet: it will read the data after this version's changes.
      if (hit && !hit.started) {
        hit.version = version;
        return hit.value;
      }
      const entry: Entry<V> = { version, value: Promise.resolve() as Promise<V>, started: false, settled: false };
      const run = () => {
        entry.started = true;
        return load(args);
      };
      const previous = hit && !hit.settled ? hit.value : undefined;
      entry.value = previous ? previous.then(run, run) : run();
      cache.set(key, entry);
      entry.value.then(
        (value) => {
          entry.settled = true;
          entry.done = { value };
        },
        () => {
          entry.settled = true;
          if (cache.get(key) === entry) cache.delete(key);
        },
      );
      return entry.value;
    },
    /** Keys kept now (`/api/metrics`). */
    size: () => cache.size,
    /** The values computed and kept now (not those still being computed), e.g. to count their bytes. */
    values: (): V[] => [...cache.values()].flatMap((e) => (e.done ? [e.done.value] : [])),
  };
}
