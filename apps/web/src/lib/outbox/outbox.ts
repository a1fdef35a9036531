import { outboxDb, type OutboxEntry, type OutboxKind, type OutboxPhoto } from './outbox-db';

type Listener = () => void;
const listeners = new Set<Listener>();
// Other tabs of the app learn of changes through this channel (absent in old browsers and some test DOMs).
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('mm-outbox');
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

/** Tells this tab's and the other tabs' subscribers that entries changed. */
export function notifyOutboxChanged(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

/** Calls `listener` after every change of the outbox, in this tab or another; returns the unsubscribe. */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every entry on this device, oldest first. */
export async function listEntries(): Promise<OutboxEntry[]> {
  return (await outboxDb()).getAllFromIndex('entries', 'by_created');
}

/** One entry by its idempotency key, or undefined. */
export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await outboxDb()).get('entries', id);
}

/** What a feature hands over to queue a submission. */
export interface NewOutboxEntry {
  /** The submission's `idempotency_key` (never a new one for an entry already queued). */
  id: string;
  kind: OutboxKind;
  user_id: number;
  payload: unknown;
  photos: OutboxPhoto[];
  form: unknown;
  summary: { place: string; date: string };
}

/**
 * Queues a submission, or replaces the entry with the same key (an edited refused entry goes back
 * to waiting, keeping its place in the order). Photos dropped by the edit lose their stored file.
 */
export async function putEntry(input: NewOutboxEntry): Promise<OutboxEntry> {
  const database = await outboxDb();
  const tx = database.transaction(['entries', 'photos'], 'readwrite');
  const before = await tx.objectStore('entries').get(input.id);
  const entry: OutboxEntry = { ...input, created_at: before?.created_at ?? Date.now(), state: 'waiting' };
  await tx.objectStore('entries').put(entry);
  const kept = new Set(input.photos.map((p) => p.local_id));
  for (const p of before?.photos ?? []) if (!kept.has(p.local_id)) await tx.objectStore('photos').delete(p.local_id);
  await tx.done;
  notifyOutboxChanged();
  return entry;
}

/** Applies `change` to a stored entry in one transaction; answers the new entry (undefined when it is gone). */
export async function updateEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry,
): Promise<OutboxEntry | undefined> {
  const database = await outboxDb();
  const tx = database.transaction('entries', 'readwrite');
  const current = await tx.store.get(id);
  const next = current ? change(current) : undefined;
  if (next) await tx.store.put(next);
  await tx.done;
  notifyOutboxChanged();
  return next;
}

/** Deletes an entry and the files of its photos. */
export async function removeEntry(id: string): Promise<void> {
  const database = await outboxDb();
  const tx = database.transaction(['entries', 'photos'], 'readwrite');
  const entry = await tx.objectStore('entries').get(id);
  for (const p of entry?.photos ?? []) await tx.objectStore('photos').delete(p.local_id);
  await tx.objectStore('entries').delete(id);
  await tx.done;
  notifyOutboxChanged();
}

/**
 * Deletes an entry but keeps its photo files: a submission the server refused straight from its
 * form leaves the outbox, and the form, which still shows those photos, may send them again.
 * Files no entry uses are pruned after a week (`pruneOutbox`).
 */
export async function forgetEntry(id: string): Promise<void> {
  await (await outboxDb()).delete('entries', id);
  notifyOutboxChanged();
}

/** Keeps a picked photo's original file on this device under `id` (a UUID) until its entry is sent. */
export async function keepPhoto(id: string, file: File): Promise<void> {
  await (await outboxDb()).put('photos', { id, blob: file, file_name: file.name, created_at: Date.now() });
}

/** A kept photo's file, or undefined. */
export async function getPhotoBlob(id: string): Promise<Blob | undefined> {
  return (await (await outboxDb()).get('photos', id))?.blob;
}

/**
 * How many bytes the files kept for an entry's photos take on this device (what is still to be
 * sent; the copies made on the device, ADR 0024). Photos whose file is gone count 0.
 */
export async function entryBytes(entry: Pick<OutboxEntry, 'photos'>): Promise<number> {
  const database = await outboxDb();
  const sizes = await Promise.all(
    entry.photos.map(async (p) => (await database.get('photos', p.local_id))?.blob.size ?? 0),
  );
  return sizes.reduce((sum, n) => sum + n, 0);
}
