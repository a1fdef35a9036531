import { LRUCache } from 'lru-cache';
import type { ExploreFilters, ObservationStatusId } from '@mm/shared';

/** Lists of at most this many observations are known whole (ids in order); longer ones by their head (the first LIST_HEAD). */
export const LIST_HEAD = 5000;
/** Row keys remembered per list at most (positions of pages served). */
const MAX_KEYS = 20_000;
/** Pages after the head whose ids are remembered per list (≈ 200 KB at 50 ids a page). */
const MAX_PAGES = 500;

/** A row's place in the Explore list order (newest first): the sort column as PostgreSQL text (date observed, or creation time with its microseconds) and id. */
export interface ListKey {
  at: string;
  id: number;
}

/**
 * What is known of one filtered list at one data version, so that a page costs the same wherever it is:
 * the exact total, the ids of the first LIST_HEAD rows in order, and row keys by 0-based position
 * (every 50th row of the head, then the first row of each page served and of the page after it), from
 * which a page is read in index order instead of skipping all the rows before it; and the ids of the
 * pages after the head served lately, by `offset:limit`, which are then not read again.
 */
export interface ListIndex {
  total: number;
  head: number[];
  keys: Map<number, ListKey>;
  pages: LRUCache<string, number[]>;
}

/** The page memory of a new ListIndex. */
export const pageMemory = (): ListIndex['pages'] => new LRUCache<string, number[]>({ max: MAX_PAGES });

/** Key of a list: the visible statuses and the filters. */
export const listKey = (filters: ExploreFilters, statuses: readonly ObservationStatusId[]) =>
  JSON.stringify([statuses, filters]);

/** The known row key at or before `position`, with its position; null when none is known. */
export function keyAtOrBefore(keys: Map<number, ListKey>, position: number): [number, ListKey] | null {
  let best: [number, ListKey] | null = null;
  for (const entry of keys) if (entry[0] <= position && (best === null || entry[0] > best[0])) best = entry;
  return best;
}

/** Remembers the key of the row at `position` (bounded: a crawler walking every page cannot grow it without end). */
export function rememberKey(keys: Map<number, ListKey>, position: number, key: ListKey): void {
  if (keys.size < MAX_KEYS || keys.has(position)) keys.set(position, key);
}
