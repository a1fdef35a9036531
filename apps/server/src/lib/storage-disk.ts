import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type Stats } from 'node:fs';
import { constants } from 'node:fs';
import { access, link, mkdir, open, readFile, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  contentTypeOf,
  isNotModified,
  isStorageKey,
  MIN_FREE_BYTES,
  type ObjectInfo,
  type Storage,
  type StoreRoom,
} from './storage-core';

/** fsync of a file or folder: its content (or its entries) reach the disk. */
async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The entity tag `send` (and so @fastify/static) gives a file: weak, from its size and modification time. */
const etagOf = (s: Stats) => `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`;

/**
 * The default driver: a folder on local disk (`$DATA_DIR/uploads`). Writes go to a temporary name,
 * are synced, then renamed, and the folder is synced, so a crash leaves the whole file or none.
 */
export function diskStorage(root: string): Storage {
  const base = path.resolve(root);
  mkdirSync(base, { recursive: true });

  const resolve = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(base, key);
  };
  const ensureDir = async (dir: string) => {
    const made = await mkdir(dir, { recursive: true });
    // A folder just created must itself be durable in its parent.
    if (made !== undefined) await syncPath(path.dirname(made));
  };
  const fileStat = async (key: string): Promise<Stats | null> => {
    if (!isStorageKey(key)) return null;
    const found = await stat(path.join(base, key)).catch(() => null);
    return found?.isFile() ? found : null;
  };
  const infoOf = (key: string, s: Stats): ObjectInfo => ({
    size: s.size,
    etag: etagOf(s),
    lastModified: s.mtime,
    contentType: contentTypeOf(key),
  });

  return {
    kind: 'disk',
    location: base,
    async put(key, data) {
      const file = resolve(key);
      await ensureDir(path.dirname(file));
      // Write, sync, then rename: a reader (or a restart) never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(data)) {
          const handle = await open(tmp, 'w');
          try {
            await handle.writeFile(data);
            await handle.sync();
          } finally {
            await handle.close();
          }
        } else {
          await pipeline(data, createWriteStream(tmp));
          await syncPath(tmp);
        }
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      await syncPath(path.dirname(file));
    },
    async link(fromKey, toKey) {
      const to = resolve(toKey);
      await ensureDir(path.dirname(to));
      try {
        await link(resolve(fromKey), to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      await syncPath(path.dirname(to));
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async exists(key) {
      return (await fileStat(key)) !== null;
    },
    async stat(key) {
      const s = await fileStat(key);
      return s ? infoOf(key, s) : null;
    },
    async read(key) {
      return isStorageKey(key) ? readFile(path.join(base, key)).catch(() => null) : null;
    },
    async list(folder) {
      const dir = resolve(folder);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const files = entries.filter((e) => e.isFile());
      const stats = await Promise.all(files.map((e) => stat(path.join(dir, e.name)).catch(() => null)));
      return files.flatMap((e, i) => {
        const s = stats[i];
        return s ? [{ name: e.name, mtimeMs: s.mtimeMs }] : [];
      });
    },
    async open(key) {
      return (await fileStat(key)) ? createReadStream(path.join(base, key)) : null;
    },
    async get(key, conditions = {}) {
      if (!isStorageKey(key)) return null;
      // Opened first, then described: the bytes sent are those of the file described, even if it
      // is removed or replaced meanwhile.
      const handle = await open(path.join(base, key), 'r').catch(() => null);
      if (!handle) return null;
      const s = await handle.stat().catch(() => null);
      if (!s?.isFile()) {
        await handle.close();
        return null;
      }
      const info = infoOf(key, s);
      if (isNotModified(info, conditions)) {
        await handle.close();
        return { info, notModified: true };
      }
      return { info, notModified: false, body: handle.createReadStream() };
    },
    async check() {
      await stat(base);
    },
    async room(): Promise<StoreRoom> {
      try {
        // statfs's bavail: blocks free for an unprivileged user (root may dip into the reserve; photos should not).
        const fs = await statfs(base);
        if (fs.bavail * fs.bsize < MIN_FREE_BYTES) return 'full';
      } catch {
        return 'unreachable';
      }
      try {
        await access(base, constants.W_OK);
        return 'ok';
      } catch (err) {
        return (err as { code?: string }).code === 'ENOENT' ? 'unreachable' : 'read_only';
      }
    },
    close() {},
  };
}
