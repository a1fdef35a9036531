import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOf, isNotModified, isStorageKey, type ObjectInfo, type Storage } from './storage-core';

/** The `S3_*` settings (README "Configuration"). */
export interface S3Settings {
  bucket: string;
  /** Endpoint of an S3-compatible service (MinIO, Ceph, Garage, R2 …); AWS's own when unset. */
  endpoint?: string | undefined;
  /** Region signed into each request; `us-east-1` when unset. */
  region?: string | undefined;
  /** `http(s)://endpoint/bucket/key` instead of `http(s)://bucket.endpoint/key`. */
  forcePathStyle?: boolean | undefined;
  /** Static credentials; without them the SDK's default chain (AWS_* variables, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/**
 * Size of each part of a multipart upload (bytes). Objects up to this size go up in one PUT, so their
 * ETag is the MD5 of their bytes (`storage:to-s3` relies on it to skip objects already copied).
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;

/** Status of a failed S3 call (404 for a missing object or bucket, 304 for a current copy). */
const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

const notFound = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return statusOf(err) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

/** The S3 client for these settings: one connection pool, bounded waits, no optional checksums. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible services refuse the SDK's newer
    // default (CRC32 trailers); bodies sent from buffers carry a Content-MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A bucket that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

/**
 * The S3 driver (`S3_BUCKET` set): objects in a bucket of AWS S3 or any S3-compatible service, keys
 * as on disk. A PUT, a copy or a multipart upload is visible only once complete and durable, so
 * the crash-safety of the disk driver holds: an object is whole or absent. Multipart uploads
 * interrupted by a crash leave invisible parts; a lifecycle rule (AbortIncompleteMultipartUpload)
 * removes them (README).
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;

  const checkKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return key;
  };
  const infoOf = (key: string, out: Partial<GetObjectCommandOutput>): ObjectInfo => ({
    size: out.ContentLength ?? 0,
    etag: out.ETag ?? '""',
    lastModified: out.LastModified ?? new Date(0),
    contentType: out.ContentType ?? contentTypeOf(key),
  });

  async function head(key: string): Promise<ObjectInfo | null> {
    if (!isStorageKey(key)) return null;
    try {
      return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async function getObject(key: string): Promise<GetObjectCommandOutput | null> {
    if (!isStorageKey(key)) return null;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    location: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` (${settings.region ?? 'us-east-1'})`}`,
    async put(key, data, contentType = contentTypeOf(key)) {
      checkKey(key);
      if (Buffer.isBuffer(data)) {
        const ContentMD5 = createHash('md5').update(data).digest('base64');
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentMD5 }));
        return;
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: data, ContentType: contentType },
        partSize: S3_PART_SIZE,
        queueSize: 4,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async link(fromKey, toKey) {
      checkKey(toKey);
      const source = checkKey(fromKey).split('/').map(encodeURIComponent).join('/');
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${encodeURIComponent(Bucket)}/${source}` }),
        );
      } catch (err) {
        if (notFound(err)) throw Object.assign(new Error(`No object ${fromKey} to link`), { code: 'ENOENT' });
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    stat: head,
    async read(key) {
      const out = await getObject(key);
      return out?.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    },
    async list(folder) {
      const Prefix = `${checkKey(folder)}/`;
      const found: { name: string; mtimeMs: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key) found.push({ name: o.Key.slice(Prefix.length), mtimeMs: o.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async open(key) {
      return ((await getObject(key))?.Body as Readable | undefined) ?? null;
    },
    async get(key, conditions = {}) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            IfNoneMatch: conditions.ifNoneMatch,
            IfModifiedSince: conditions.ifNoneMatch === undefined ? conditions.ifModifiedSince : undefined,
          }),
        );
        const info = infoOf(key, out);
        // A service that ignores the conditions still answers a current copy with 304 here.
        if (isNotModified(info, conditions)) {
          (out.Body as Readable | undefined)?.destroy();
          return { info, notModified: true };
        }
        return { info, notModified: false, body: out.Body as Readable };
      } catch (err) {
        if (notFound(err)) return null;
        if (statusOf(err) !== 304) throw err;
        const headers = (err as { $response?: { headers?: Record<string, string> } }).$response?.headers ?? {};
        const info: ObjectInfo = {
          size: 0,
          etag: headers.etag ?? conditions.ifNoneMatch ?? '""',
          lastModified: headers['last-modified'] ? new Date(headers['last-modified']) : new Date(0),
          contentType: contentTypeOf(key),
        };
        return { info, notModified: true };
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = statusOf(err);
        if (status === 404) throw new Error(`no bucket named ${Bucket} (S3_BUCKET)`, { cause: err });
        if (status === 403 || status === 401) {
          throw new Error(`access to bucket ${Bucket} refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`, {
            cause: err,
          });
        }
        throw err;
      }
    },
    async room() {
      // A bucket has no free-space figure: it either answers (and refuses a write with 507 when full) or not.
      return client.send(new HeadBucketCommand({ Bucket })).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      );
    },
    close() {
      client.destroy();
    },
  };
}
