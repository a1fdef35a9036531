import { LRUCache } from 'lru-cache';

/**
 * Values computed from the data as it was at one data version (`lib/data-version.ts`), one per key:
 * asking with another version computes again and replaces the entry; concurrent requests for the same
 * key and version share one computation; a failed computation is not kept, so the next request tries
 * again. At most `max` keys, the least recently used dropped first (an `lru-cache`).
 *
 * @param load computes the value of `args` (the key must determine `args`)
 * @param max number of keys kept
 */
export function createVersionedCache<A, V>(load: (args: A) => Promise<V>, max: number) {
  const cache = new LRUCache<string, { version: number; value: Promise<V> }>({ max });
  return {
    /** The value of `args` at `version`, from memory when it was computed (or is being computed) at that version. */
    get(version: number, key: string, args: A): Promise<V> {
      const hit = cache.get(key);
      if (hit && hit.version === version) return hit.value;
      const value = load(args);
      cache.set(key, { version, value });
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      return value;
    },
    /** Keys kept now (`/api/metrics`). */
    size: () => cache.size,
  };
}
