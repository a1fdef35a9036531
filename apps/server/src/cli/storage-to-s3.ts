/**
 * `npm run storage:to-s3 [-- --from DIR] [--dry-run]`: copies a disk photo store (default
 * `$DATA_DIR/uploads`) into the bucket of the `S3_*` settings, key for key (README "Object storage").
 * Idempotent: an object already in the bucket with the same size and ETag (the MD5 S3 gives an
 * object uploaded the way this command does) is skipped; each copy is read back (size and ETag) before
 * it counts. Prints the counts; exits 1 when any file could not be copied or verified. Safe beside a
 * running server: it only reads the folder and writes keys that hold the same bytes.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createStorage } from '../lib/storage';
import { copyDiskStore } from '../lib/storage-copy';
import { log } from './common';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, 'dry-run': { type: 'boolean' } } });
  const config = loadConfig();
  if (!config.S3_BUCKET) {
    console.error('[monarch] storage:to-s3 needs the S3_* settings (S3_BUCKET at least): see README "Object storage"');
    process.exit(2);
  }
  const from = path.resolve(values.from ?? path.join(config.dataDir, 'uploads'));
  if (!(await stat(from).catch(() => null))?.isDirectory()) {
    console.error(`[monarch] no photo folder at ${from}`);
    process.exit(2);
  }
  const target = createStorage(config);
  try {
    await target.check();
    const started = Date.now();
    log(`copying ${from} to ${target.location}${values['dry-run'] ? ' (dry run: nothing is written)' : ''}`);
    const figures = await copyDiskStore(from, target, {
      dryRun: values['dry-run'],
      onError: (key, reason) => console.error(`[monarch] ${key}: ${reason}`),
    });
    log(
      `${figures.files} files: ${figures.copied} ${values['dry-run'] ? 'to copy' : 'copied and verified'} ` +
        `(${figures.bytesCopied} bytes), ${figures.skipped} already there, ${figures.failed} failed, ` +
        `${figures.ignored} temporary files ignored, in ${Date.now() - started} ms`,
    );
    if (figures.failed > 0) process.exitCode = 1;
  } finally {
    target.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[monarch] storage:to-s3 failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
