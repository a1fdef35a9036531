import { ApiRequestError } from '../api-client';
import { outboxDb, type OutboxEntry, type OutboxError, type OutboxKind } from './outbox-db';
import { getEntry, getPhotoBlob, listEntries, notifyOutboxChanged, updateEntry } from './outbox';

/** A photo uploaded longer ago than this is uploaded again: the server drops unattached uploads after 24 h. */
export const REUPLOAD_AFTER_MS = 12 * 3_600_000;

/** The calls the sync makes; the app passes the real API, tests may pass a server of their own. */
export interface OutboxTransport {
  /** `POST /api/photos/uploadphotos/observations` → the stored photo's name. */
  upload(blob: Blob, fileName: string): Promise<{ photo_name: string }>;
  /** `POST /api/observations/submit_flash` or `submit_mission` → the checklist's id. */
  submit(kind: OutboxKind, payload: unknown): Promise<{ checklist_id: number }>;
}

/** What one pass of the sync did, for the page to tell the volunteer. */
export interface SyncReport {
  sent: OutboxEntry[];
  refused: OutboxEntry[];
  /** Why it stopped early with entries still waiting: no network (or a server error), or no valid session. */
  stopped?: 'network' | 'session';
}

type Failure = { kind: 'refused'; error: OutboxError } | { kind: 'network' } | { kind: 'session'; error: OutboxError };

/**
 * How a failed call counts. No answer (status 0, a fetch TypeError), 408, 429 and 5xx: the network or
 * server is not there yet, try later. 401: the session expired, keep the entry until sign-in. Any
 * other 4xx: the server refuses this entry as it is (validation 400, 403, 409, 413, 415).
 */
export function classifyFailure(err: unknown): Failure {
  if (!(err instanceof ApiRequestError) || err.status === 0) return { kind: 'network' };
  const error: OutboxError = { status: err.status, message: err.body.message, fields: err.body.fields };
  if (err.status === 401) return { kind: 'session', error };
  if (err.status === 408 || err.status === 429 || err.status >= 500) return { kind: 'network' };
  return { kind: 'refused', error };
}

/** The payload with each stand-in photo name replaced by the server's name. */
function withPhotoNames(payload: unknown, names: ReadonlyMap<string, string>): unknown {
  return JSON.parse(JSON.stringify(payload), (key, value: unknown) =>
    key === 'photo_name' && typeof value === 'string' ? (names.get(value) ?? value) : value,
  );
}

/**
 * Uploads the entry's photos that are not on the server (or were uploaded too long ago), saving each
 * name as it arrives so an interrupted sync does not upload it twice; answers the renaming to apply.
 */
async function uploadPhotos(entry: OutboxEntry, transport: OutboxTransport): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const photo of entry.photos) {
    const fresh = photo.uploaded_at !== null && Date.now() - photo.uploaded_at < REUPLOAD_AFTER_MS;
    if (fresh) continue;
    const blob = await getPhotoBlob(photo.local_id);
    // A photo uploaded earlier whose file is gone (an old draft) can only be sent as it is.
    if (!blob) continue;
    const { photo_name } = await transport.upload(blob, photo.file_name);
    names.set(photo.photo_name, photo_name);
    await updateEntry(entry.id, (e) => ({
      ...e,
      photos: e.photos.map((p) => (p.local_id === photo.local_id ? { ...p, photo_name, uploaded_at: Date.now() } : p)),
      payload: withPhotoNames(e.payload, new Map([[photo.photo_name, photo_name]])),
    }));
  }
  return names;
}

/** Sends one entry: photos first, then the submission with its idempotency key. */
async function sendEntry(entry: OutboxEntry, transport: OutboxTransport): Promise<OutboxEntry> {
  await uploadPhotos(entry, transport);
  const ready = (await getEntry(entry.id)) ?? entry;
  const { checklist_id } = await transport.submit(ready.kind, ready.payload);
  const database = await outboxDb();
  const tx = database.transaction(['entries', 'photos'], 'readwrite');
  const sent: OutboxEntry = { ...ready, state: 'sent', checklist_id, sent_at: Date.now(), error: undefined };
  await tx.objectStore('entries').put(sent);
  for (const p of ready.photos) await tx.objectStore('photos').delete(p.local_id);
  await tx.done;
  notifyOutboxChanged();
  return sent;
}

async function runSync(userId: number, transport: OutboxTransport): Promise<SyncReport> {
  const report: SyncReport = { sent: [], refused: [] };
  // "sending" left over from a closed tab is simply waiting: the same key makes the resend harmless.
  const queue = (await listEntries()).filter(
    (e) => e.user_id === userId && (e.state === 'waiting' || e.state === 'sending'),
  );
  for (const entry of queue) {
    await updateEntry(entry.id, (e) => ({ ...e, state: 'sending' }));
    try {
      report.sent.push(await sendEntry(entry, transport));
    } catch (err) {
      const failure = classifyFailure(err);
      if (failure.kind === 'refused') {
        const refused = await updateEntry(entry.id, (e) => ({ ...e, state: 'refused', error: failure.error }));
        if (refused) report.refused.push(refused);
        continue;
      }
      await updateEntry(entry.id, (e) => ({
        ...e,
        state: 'waiting',
        error: failure.kind === 'session' ? failure.error : e.error,
      }));
      report.stopped = failure.kind;
      break;
    }
  }
  return report;
}

let running: Promise<SyncReport> | undefined;

/**
 * Sends the volunteer's waiting entries, oldest first, each exactly once: the server answers a
 * repeated `idempotency_key` with the first checklist_id and stores nothing more. One sync at a
 * time across the app's tabs (Web Locks where the browser has them, else per tab); a call while
 * one runs answers that run's report.
 * @param userId only this volunteer's entries are sent (with their session)
 */
export function syncOutbox(userId: number, transport: OutboxTransport): Promise<SyncReport> {
  running ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('mm-outbox-sync', () => runSync(userId, transport))
      : runSync(userId, transport)
  ).finally(() => {
    running = undefined;
  });
  return running;
}
