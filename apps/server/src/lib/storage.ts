import path from 'node:path';
import type { Config } from '../config';
import type { Storage } from './storage-core';
import { diskStorage } from './storage-disk';
import { s3Storage } from './storage-s3';

export * from './storage-core';
export { diskStorage } from './storage-disk';
export { s3Client, s3Storage, S3_PART_SIZE, type S3Settings } from './storage-s3';

/**
 * The store the configuration names (README "Configuration"): S3 when `S3_BUCKET` is set, else the
 * folder `$DATA_DIR/uploads`.
 */
export function createStorage(config: Config): Storage {
  if (!config.S3_BUCKET) return diskStorage(path.join(config.dataDir, 'uploads'));
  return s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}
