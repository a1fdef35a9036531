import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { s3Client, s3Storage, type S3Settings, type Storage } from '../../src/lib/storage';

/** The keys s3rver accepts (it checks every request's SigV4 signature with them). */
const ACCESS_KEY = 'S3RVER';

/** A real S3-protocol server on 127.0.0.1 for a test, its objects in a temporary folder. */
export interface TestS3Server {
  /** `http://127.0.0.1:{port}`. */
  endpoint: string;
  /** Creates a new empty bucket and answers its name (`monarch-…`). */
  createBucket(name?: string): Promise<string>;
  /** The `S3_*` variables (README "Configuration") of a server or an app using `bucket`. */
  env(bucket: string): Record<string, string>;
  /** Driver settings for `bucket`, as `createStorage` makes them from `env(bucket)`. */
  settings(bucket: string): S3Settings;
  /** An S3 storage driver on `bucket` (close it when done). */
  storage(bucket: string): Storage;
  /** Stops the server (open connections dropped) and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts an S3-compatible server (@20minutes/s3rver, a maintained fork of s3rver) on 127.0.0.1 at an
 * ephemeral port, in this process, storing its objects in a temporary folder. Any process may use it
 * through `endpoint` (e.g. servers started with `env(bucket)`); nothing leaves the machine.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'monarch-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, vhostBuckets: false });
  // s3rver drops the trailing slash of bucket-level paths (`/bucket/`, as the AWS SDK sends
  // ListObjectsV2 and HeadBucket) from the path it signs, so their signatures never match: those
  // requests alone are let through unverified; every object request keeps its signature checked.
  const bucketLevel = new AsyncLocalStorage<boolean>();
  server.middleware.unshift((ctx, next) => bucketLevel.run(/^\/[^/]+\/$/.test(ctx.path), next));
  Object.defineProperty(server, 'allowMismatchedSignatures', { get: () => bucketLevel.getStore() === true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
  });
  const admin = s3Client(settings('admin'));
  return {
    endpoint,
    async createBucket(name = `monarch-${randomUUID().slice(0, 8)}`) {
      await server.store.putBucket(name);
      return name;
    },
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    settings,
    storage: (bucket) => s3Storage(settings(bucket)),
    async close() {
      admin.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
