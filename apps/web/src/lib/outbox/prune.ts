import { notifyOutboxChanged } from './outbox';
import { outboxDb } from './outbox-db';

// A module of its own, outside the outbox's index: only the outbox's background sender runs it, so the
// Flash and Mission forms, which use the outbox, do not carry it (their JavaScript budgets).

/**
 * House-keeping at start-up: entries sent `sentForMs` or more ago leave the list, and photo files
 * older than `orphanAfterMs` that no entry uses (picked in a form never submitted) and none of
 * `keepIds` (the Mission draft's) are deleted. `keepIds` is asked only when there is such a file:
 * reading the draft needs the Mission form's schemas, which a start-up without one never loads.
 */
export async function pruneOutbox(
  keepIds: () => ReadonlySet<string> | Promise<ReadonlySet<string>>,
  sentForMs = 24 * 3_600_000,
  orphanAfterMs = 7 * 24 * 3_600_000,
): Promise<void> {
  const database = await outboxDb();
  const now = Date.now();
  /** A read-write transaction over both stores, old sent entries deleted, and the photo ids entries use. */
  const openAndCollect = async () => {
    const tx = database.transaction(['entries', 'photos'], 'readwrite');
    const used = new Set<string>();
    for (const e of await tx.objectStore('entries').getAll()) {
      if (e.state === 'sent' && (e.sent_at ?? 0) <= now - sentForMs) await tx.objectStore('entries').delete(e.id);
      else e.photos.forEach((p) => used.add(p.local_id));
    }
    return { tx, used };
  };
  const first = await openAndCollect();
  const stale = (await first.tx.objectStore('photos').getAll())
    .filter((p) => !first.used.has(p.id) && p.created_at < now - orphanAfterMs)
    .map((p) => p.id);
  await first.tx.done;
  if (stale.length > 0) {
    const keep = await keepIds();
    // A second transaction (one cannot wait for the draft inside the first): an entry made meanwhile
    // may have taken one of the files.
    const second = await openAndCollect();
    for (const id of stale) if (!second.used.has(id) && !keep.has(id)) await second.tx.objectStore('photos').delete(id);
    await second.tx.done;
  }
  notifyOutboxChanged();
}
