import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** Where an entry is: waiting for the network, being sent, accepted by the server, or refused by it. */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

/** What an entry is: a Flash Data sighting or a Mission (their submit endpoints differ). */
export type OutboxKind = 'flash' | 'mission';

/**
 * A photo of an entry. Its original file is kept on this device (`local_id` in the photos store)
 * until the entry is sent. `photo_name` is the server's name once uploaded (`uploaded_at`, ms since
 * the epoch), else a stand-in `{local_id}.jpg` that the sync replaces in the payload after the upload.
 */
export interface OutboxPhoto {
  local_id: string;
  photo_name: string;
  uploaded_at: number | null;
  file_name: string;
  lifestage_id: number;
  milkweed_index?: number;
}

/** The server's reason for refusing an entry (status 400/401/403/409/413/415…), in the language it was sent in. */
export interface OutboxError {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

/**
 * One submission waiting on this device. Its id is the submission's `idempotency_key`: the entry
 * keeps that one key for its whole life (retries, edits after a refusal), so the server stores it
 * once whatever happens to the network.
 */
export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** The volunteer who recorded it: only their session sends it. */
  user_id: number;
  /** ms since the epoch; entries are sent oldest first. */
  created_at: number;
  state: OutboxState;
  /** The JSON body of the submit call; photo names are rewritten from `photos` when sent. */
  payload: unknown;
  photos: OutboxPhoto[];
  /** The form's own values, for the feature to reopen the entry for editing. */
  form: unknown;
  /** What the lists show: the place's name and the day (yyyy-MM-dd). */
  summary: { place: string; date: string };
  error?: OutboxError;
  checklist_id?: number;
  sent_at?: number;
}

/** A photo's original file, kept until its entry is sent or deleted. */
interface StoredPhoto {
  id: string;
  blob: Blob;
  file_name: string;
  created_at: number;
}

/**
 * The volunteer's monitored sites as the server last gave them (`GET /api/sites/monitored`), so that
 * "My sites" and "Visit again" work without network (docs/monitoring.md).
 */
export interface StoredSites {
  user_id: number;
  /** ms since the epoch. */
  saved_at: number;
  sites: unknown[];
}

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { by_created: number } };
  photos: { key: string; value: StoredPhoto };
  sites: { key: number; value: StoredSites };
}

export const OUTBOX_DB_NAME = 'mm-outbox';
let db: Promise<IDBPDatabase<OutboxDb>> | undefined;

/**
 * The outbox database (IndexedDB through idb): `entries` by idempotency key, `photos` by local id,
 * and (version 2) the copy of each volunteer's monitored sites, `sites` by user id.
 */
export function outboxDb(): Promise<IDBPDatabase<OutboxDb>> {
  db ??= openDB<OutboxDb>(OUTBOX_DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const entries = database.createObjectStore('entries', { keyPath: 'id' });
        entries.createIndex('by_created', 'created_at');
        database.createObjectStore('photos', { keyPath: 'id' });
      }
      if (oldVersion < 2) database.createObjectStore('sites', { keyPath: 'user_id' });
    },
  });
  return db;
}

/** Forgets the open connection (tests delete the database between cases). */
export async function closeOutboxDb(): Promise<void> {
  const open = db;
  db = undefined;
  if (open) (await open).close();
}
