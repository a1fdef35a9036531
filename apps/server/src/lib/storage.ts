import { createReadStream, mkdirSync } from 'node:fs';
import { link, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

/**
 * Where photo files live. Keys are relative paths such as `observations/small/<uuid>.jpg`,
 * served at `/attachments/<key>`. Every write is durable when its promise resolves (file and
 * folder synced), so a database row may reference the file right after.
 */
export interface Storage {
  /** Local folder the files are served from. */
  readonly root: string;
  /** Writes the file whole (never half a file under `key`, also after a crash) and syncs it. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Gives the file at `fromKey` a second name `toKey` (same bytes, no copy) and syncs the folder;
   * an existing `toKey` is kept (names are unique, so it holds the same bytes).
   * @throws ENOENT when `fromKey` does not exist
   */
  link(fromKey: string, toKey: string): Promise<void>;
  /** Removes the file; no error when it does not exist. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** The files directly in a folder (name and modification time), none when the folder does not exist. */
  list(folder: string): Promise<{ name: string; mtimeMs: number }[]>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(key: string): Promise<Readable | null>;
}

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
  return full;
}

/** fsync of a file or folder: its content (or its entries) reach the disk. */
async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The default driver: a folder on local disk (`$DATA_DIR/uploads`). */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  mkdirSync(base, { recursive: true });
  const ensureDir = async (dir: string) => {
    const made = await mkdir(dir, { recursive: true });
    // A folder just created must itself be durable in its parent.
    if (made !== undefined) await syncPath(path.dirname(made));
  };
  return {
    root: base,
    async put(key, data) {
      const file = safeJoin(base, key);
      await ensureDir(path.dirname(file));
      // Write, sync, then rename: a reader (or a restart) never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      const handle = await open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
      await syncPath(path.dirname(file));
    },
    async link(fromKey, toKey) {
      const to = safeJoin(base, toKey);
      await ensureDir(path.dirname(to));
      try {
        await link(safeJoin(base, fromKey), to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      await syncPath(path.dirname(to));
    },
    async remove(key) {
      await rm(safeJoin(base, key), { force: true });
    },
    async exists(key) {
      const found = await stat(safeJoin(base, key)).catch(() => null);
      return found?.isFile() ?? false;
    },
    async read(key) {
      return readFile(safeJoin(base, key)).catch(() => null);
    },
    async list(folder) {
      const dir = safeJoin(base, folder);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const files = entries.filter((e) => e.isFile());
      const stats = await Promise.all(files.map((e) => stat(path.join(dir, e.name)).catch(() => null)));
      return files.flatMap((e, i) => {
        const s = stats[i];
        return s ? [{ name: e.name, mtimeMs: s.mtimeMs }] : [];
      });
    },
    async open(key) {
      const file = safeJoin(base, key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
  };
}
