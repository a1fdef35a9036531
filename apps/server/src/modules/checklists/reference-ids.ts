import type { DbOrTx } from '../../db/client';
import { checklistsRepository } from './checklists.repository';

/** How long the in-process copy of the reference ids is trusted (the TTL `loadparams` advertises). */
const REFERENCE_TTL_MS = 60_000;

/** The ids a submission may reference, by table; retired (isdeleted) entries are left out. */
export interface ReferenceIds {
  /** province_id → country id */
  provinces: Map<number, number>;
  milkweed_id: Set<number>;
  abundance_id: Set<number>;
  locationsize_id: Set<number>;
}

async function loadReferenceIds(db: DbOrTx): Promise<ReferenceIds> {
  const rows = await checklistsRepository.referenceIds(db);
  const ids: ReferenceIds = {
    provinces: new Map(),
    milkweed_id: new Set(),
    abundance_id: new Set(),
    locationsize_id: new Set(),
  };
  for (const row of rows) {
    if (row.kind === 'province') ids.provinces.set(row.id, row.parent ?? 0);
    else ids[row.kind as 'milkweed_id' | 'abundance_id' | 'locationsize_id'].add(row.id);
  }
  return ids;
}

/**
 * Reference ids (provinces, milkweeds, abundances, location sizes) read once and reused for
 * `REFERENCE_TTL_MS`, so checking a submission's references costs no database round trip. An id
 * the copy does not know triggers one reload before it is refused (an entry added by an admin is
 * accepted at once); foreign keys still guard integrity.
 */
export function createReferenceIds(db: DbOrTx, now: () => number = Date.now) {
  let current: { at: number; ids: Promise<ReferenceIds> } | undefined;
  const load = () => {
    const ids = loadReferenceIds(db);
    current = { at: now(), ids };
    ids.catch(() => (current = undefined));
    return ids;
  };
  return {
    /**
     * The ids: the cached copy when it is younger than the TTL and `accepts` it, else a fresh read
     * (the caller then refuses what the fresh read still lacks).
     */
    async get(accepts: (ids: ReferenceIds) => boolean): Promise<ReferenceIds> {
      if (current && now() - current.at < REFERENCE_TTL_MS) {
        const ids = await current.ids;
        if (accepts(ids)) return ids;
      }
      return load();
    },
    /** Drops the copy (after an admin edit of a reference table). */
    invalidate() {
      current = undefined;
    },
  };
}
