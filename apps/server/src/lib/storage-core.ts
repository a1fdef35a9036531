import path from 'node:path';
import type { Readable } from 'node:stream';

/** What the store knows of one object (a file on disk, an object in a bucket). */
export interface ObjectInfo {
  /** Length in bytes. */
  size: number;
  /** HTTP entity tag, quoted: strong (the bucket's) for S3, weak `W/"size-mtime"` for disk. */
  etag: string;
  lastModified: Date;
  /** MIME type, from the object's metadata (S3) or its name (disk). */
  contentType: string;
}

/** Conditions of a conditional GET (RFC 9110 §13.1). */
export interface ReadConditions {
  /** The request's `If-None-Match` header, as sent. */
  ifNoneMatch?: string;
  /** The request's `If-Modified-Since` date (used only without `ifNoneMatch`). */
  ifModifiedSince?: Date;
}

/** An object as read for an HTTP answer: its bytes, or nothing when the client's copy is current. */
type ObjectRead = { info: ObjectInfo; notModified: true } | { info: ObjectInfo; notModified: false; body: Readable };

/**
 * Where photo files live (DESIGN.md "file storage"): photos, profile photos, and the photo files read
 * into data-export zips. Keys are relative paths such as `observations/small/<uuid>.jpg`, served at
 * `/attachments/<key>`. Every write is durable when its promise resolves (disk: file and folder synced;
 * S3: the PUT or copy acknowledged), and a key never holds half an object, so a database row may
 * reference the object right after, whatever instant the process dies at.
 */
export interface Storage {
  /** `disk` or `s3`. */
  readonly kind: 'disk' | 's3';
  /** Where the objects are, for logs: a folder, or `s3://bucket` with its endpoint. */
  readonly location: string;
  /**
   * Writes the object whole (never half of it under `key`, also after a crash) and makes it durable.
   * A stream is uploaded as it is read (S3: multipart beyond 8 MiB).
   */
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /**
   * Gives the object at `fromKey` a second name `toKey` (disk: a hard link, no copy; S3: a copy made
   * by the bucket) and makes it durable; an existing `toKey` is kept or overwritten with the same
   * bytes (names are unique).
   * @throws an Error with `code: 'ENOENT'` when `fromKey` does not exist
   */
  link(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; no error when it does not exist. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size, tag, date and type, or null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** The objects directly in a folder (name and modification time, ms since 1970), none when it is empty. */
  list(folder: string): Promise<{ name: string; mtimeMs: number }[]>;
  /** The object's bytes as a stream, or null when there is no such object. */
  open(key: string): Promise<Readable | null>;
  /**
   * The object for an HTTP answer, honouring `If-None-Match` / `If-Modified-Since` in one round trip.
   * @returns null when there is no such object
   */
  get(key: string, conditions?: ReadConditions): Promise<ObjectRead | null>;
  /** Checks that the store answers (S3: the bucket exists and the credentials may use it). */
  check(): Promise<void>;
  /**
   * Whether a photo can be written now (`/api/health`): `ok`; `full` (disk: less than
   * `MIN_FREE_BYTES` free for the server's user); `read_only` (disk mounted read-only or not writable);
   * `unreachable` (the folder or the bucket does not answer). Never rejects.
   */
  room(): Promise<StoreRoom>;
  /** Releases connections. */
  close(): void;
}

/** What `Storage.room` says of the store. */
export type StoreRoom = 'ok' | 'full' | 'read_only' | 'unreachable';

/**
 * Free bytes under which a disk store says `full`: room for one more photo of the largest size accepted
 * (10 MB) with its two variants, twice over, so a load balancer takes the server out before writes fail.
 */
export const MIN_FREE_BYTES = 3 * 10 * 1024 * 1024;

/** Error codes of a write refused for lack of room or of write access (disk full, quota, read-only). */
const NO_ROOM_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * True when `err` (or an error in its `cause` chain) is a write the store refused for lack of room or
 * because it is read-only; the API answers those 507 (plugins/errors.ts).
 */
export function isNoRoomError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, Code } = e as { code?: unknown; Code?: unknown };
    if (typeof code === 'string' && NO_ROOM_CODES.has(code)) return true;
    // S3 servers answer a full disk with 507 InsufficientStorage (MinIO: XMinioStorageFull).
    if (
      Code === 'XMinioStorageFull' ||
      (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 507
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Keys the stores accept: relative, `/`-separated names of letters, digits, `.`, `_` and `-`, no `.` or `..` segment. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** True when `key` is a key the stores accept (see `KEY`); anything else names no object. */
export const isStorageKey = (key: string): boolean => key.length <= 512 && KEY.test(key);

/** MIME type of a stored object by its name (every photo variant is re-encoded as JPEG). */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') return 'image/jpeg';
  if (ext === '.png') return 'image/png';
  if (ext === '.webp') return 'image/webp';
  return 'application/octet-stream';
}

/** Weak comparison of entity tags (RFC 9110 §8.8.3.2): `W/"x"` and `"x"` are the same. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * True when the client's copy is current (RFC 9110 §13.1.2, §13.1.3): `If-None-Match` names the
 * object's tag (or `*`), or, without it, `If-Modified-Since` is not before its date (whole seconds).
 */
export function isNotModified(info: ObjectInfo, conditions: ReadConditions): boolean {
  if (conditions.ifNoneMatch !== undefined) {
    const tags = conditions.ifNoneMatch.split(',').map(opaque);
    return tags.includes('*') || tags.includes(opaque(info.etag));
  }
  if (conditions.ifModifiedSince) {
    return Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(conditions.ifModifiedSince.getTime() / 1000);
  }
  return false;
}
