import { LRUCache } from 'lru-cache';
import type { ObservationStatusId } from '@mm/shared';

/** The tables an Explore list row is built from (observation, checklist, site, observer, photos, milkweed names). */
export const ROW_TABLES = ['observations', 'checklists', 'sites', 'users', 'photos', 'milkweed_species'] as const;
/** Memory for kept list rows unless configured (MiB, EXPLORE_ROW_CACHE_MB): ≈ 90,000 rows. */
export const DEFAULT_ROW_CACHE_MB = 64;
/** Bytes counted per kept row besides its JSON text (the entry, its key and the LRU's bookkeeping). */
const ROW_OVERHEAD_BYTES = 120;

/** One list row as PostgreSQL built it: observation id, status, the JSON text of its `observationRowSchema` object. */
export type FetchedRow = [id: number, status: number, json: string];

interface KeptRow {
  status: number;
  json: string;
}

/**
 * The JSON text of Explore list rows kept in memory for one version of ROW_TABLES (lib/data-version.ts),
 * so that a list page whose rows were read before is answered without PostgreSQL: pages 1–200 of a
 * million-observation list cost ≈ 0.2 ms of Node instead of ≈ 4 ms of PostgreSQL (BENCHMARKS.md).
 * A row does not depend on the filters nor on who asks (the status is one of its fields), so every
 * filtered list shares the same rows; any change of those tables drops them all.
 * @param maxBytes memory budget (JSON text + ≈ 120 bytes per row; a row is ≈ 600 bytes); 0 keeps nothing
 */
export function createRowCache(maxBytes: number) {
  const rows =
    maxBytes > 0
      ? new LRUCache<number, KeptRow>({ maxSize: maxBytes, sizeCalculation: (r) => r.json.length + ROW_OVERHEAD_BYTES })
      : null;
  let keptVersion: number | null = null;

  return {
    /** Rows kept now and their counted bytes (JSON text + overhead), for `/api/metrics`. */
    stats: () => ({ entries: rows?.size ?? 0, bytes: rows?.calculatedSize ?? 0 }),
    /**
     * The JSON text of an array of the rows of `ids`, in that order: kept rows from memory, the others
     * from `fetch` (which applies the list's filters: an id it does not return is left out, as a row
     * that stopped matching). Fetched rows are kept only when the version did not change meanwhile.
     * @param version the version of ROW_TABLES the ids were read at (versions only grow); null keeps and reuses nothing
     * @param currentVersion that version now (checked after the fetch)
     * @param statuses the statuses the requester may see: a kept row of another status is never answered
     */
    async page(
      ids: readonly number[],
      statuses: readonly ObservationStatusId[],
      version: number | null,
      currentVersion: () => number | null,
      fetch: (ids: number[]) => Promise<FetchedRow[]>,
    ): Promise<string> {
      if (ids.length === 0) return '[]';
      // Versions only grow: a newer one drops every kept row; a request still on an older one keeps nothing.
      if (rows && version !== null && (keptVersion === null || version > keptVersion)) {
        rows.clear();
        keptVersion = version;
      }
      const cache = version !== null && version === keptVersion ? rows : null;
      const found = new Map<number, KeptRow>();
      const missing: number[] = [];
      for (const id of ids) {
        const kept = cache?.get(id);
        if (kept) found.set(id, kept);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const fetched = await fetch(missing);
        const keep = cache !== null && currentVersion() === version && keptVersion === version;
        for (const [id, status, json] of fetched) {
          const row = { status, json };
          found.set(id, row);
          if (keep) cache.set(id, row);
        }
      }
      const parts: string[] = [];
      for (const id of ids) {
        const row = found.get(id);
        if (row && (statuses as readonly number[]).includes(row.status)) parts.push(row.json);
      }
      return `[${parts.join(',')}]`;
    },
  };
}
