import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type ObjectInfo, type Storage } from './storage-core';
import { S3_PART_SIZE } from './storage-s3';

/** Files copied at once. */
const CONCURRENCY = 8;

/**
 * The ETags an S3 service may give `file` once uploaded by the S3 driver: the MD5 of its bytes (one
 * PUT, up to `S3_PART_SIZE`), and beyond that also S3's multipart form, the MD5 of its parts' MD5s
 * followed by `-{parts}` (some S3-compatible services give the MD5 of the whole object instead).
 */
async function expectedEtags(file: string, size: number): Promise<string[]> {
  const whole = createHash('md5');
  const parts: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(chunk.length - offset, S3_PART_SIZE - inPart);
      part.update(chunk.subarray(offset, offset + take));
      offset += take;
      inPart += take;
      if (inPart === S3_PART_SIZE) {
        parts.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  const md5 = `"${whole.digest('hex')}"`;
  if (size <= S3_PART_SIZE) return [md5];
  if (inPart > 0) parts.push(part.digest());
  return [md5, `"${createHash('md5').update(Buffer.concat(parts)).digest('hex')}-${parts.length}"`];
}

/** What one run did. */
export interface CopyFigures {
  files: number;
  copied: number;
  /** Already in the bucket with the same size and ETag. */
  skipped: number;
  /** Not copied, or read back different. */
  failed: number;
  /** Files whose name is not a storage key (temporary files of interrupted writes), left alone. */
  ignored: number;
  bytesCopied: number;
}

/**
 * Copies every file under `from` to `target` under the same key (path relative to `from`).
 * @param onError told of each file that failed, with the reason
 */
export async function copyDiskStore(
  from: string,
  target: Storage,
  options: { dryRun?: boolean; onError?: (key: string, reason: string) => void } = {},
): Promise<CopyFigures> {
  const figures: CopyFigures = { files: 0, copied: 0, skipped: 0, failed: 0, ignored: 0, bytesCopied: 0 };
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const keys: string[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const key = path.relative(from, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    if (isStorageKey(key) && !key.endsWith('.tmp')) keys.push(key);
    else figures.ignored += 1;
  }
  figures.files = keys.length;

  const copyOne = async (key: string) => {
    const file = path.join(from, key);
    const { size } = await stat(file);
    const etags = await expectedEtags(file, size);
    const same = (info: ObjectInfo | null) => info !== null && info.size === size && etags.includes(info.etag);
    if (same(await target.stat(key))) {
      figures.skipped += 1;
      return;
    }
    if (options.dryRun) {
      figures.copied += 1;
      figures.bytesCopied += size;
      return;
    }
    await target.put(key, createReadStream(file));
    const copy = await target.stat(key);
    if (!same(copy)) {
      throw new Error(
        `read back ${copy ? `${copy.size} bytes, ETag ${copy.etag}` : 'nothing'}; expected ${size} bytes, ETag ${etags.join(' or ')}`,
      );
    }
    figures.copied += 1;
    figures.bytesCopied += size;
  };

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      await copyOne(key).catch((err: unknown) => {
        figures.failed += 1;
        options.onError?.(key, err instanceof Error ? err.message : String(err));
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return figures;
}
