import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

/**
 * Where photo files live. Keys are relative paths such as `observations/small/<uuid>.jpg`,
 * served at `/attachments/<key>`.
 */
export interface Storage {
  /** Local folder the files are served from. */
  readonly root: string;
  put(key: string, data: Buffer): Promise<void>;
  move(fromKey: string, toKey: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(key: string): Promise<Readable | null>;
}

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
  return full;
}

/** The default driver: a folder on local disk (`$DATA_DIR/uploads`). */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  mkdirSync(base, { recursive: true });
  return {
    root: base,
    async put(key, data) {
      const file = safeJoin(base, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async move(fromKey, toKey) {
      const to = safeJoin(base, toKey);
      await mkdir(path.dirname(to), { recursive: true });
      await rename(safeJoin(base, fromKey), to);
    },
    async remove(key) {
      await rm(safeJoin(base, key), { force: true });
    },
    async open(key) {
      const file = safeJoin(base, key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
  };
}
