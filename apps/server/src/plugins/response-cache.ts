import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { CacheStat } from '../lib/metrics';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ADMIN_ROLE_ID } from '@mm/shared';
import type { DataVersion } from '../lib/data-version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer depends only on the URL and on whether the requester is an admin (the public
     * explore endpoints): answers to everyone else are cached and carry an ETag.
     */
    publicCache?: boolean;
    /**
     * A successful call changes what the public explore answers show (submissions, their edits and
     * deletions, account deletion): this process drops its cached answers at once.
     */
    changesPublicData?: boolean;
  }
  interface FastifyRequest {
    /** Data version when a cacheable request arrived; its answer is stored under it. */
    cacheVersion: number | null;
  }
}

interface Entry {
  version: number;
  /** UTF-8 bytes, encoded once: a hit is then written to the socket without encoding the string again. */
  body: Buffer;
  contentType: string;
  /** The body compressed once per encoding, on the first hit that accepts it. */
  br?: Buffer;
  gzip?: Buffer;
  /** The whole header list of an anonymous hit per encoding, made on its first hit. */
  headers: Partial<Record<'br' | 'gzip' | 'identity', string[]>>;
}

/** Bodies at least this long are sent compressed when the request accepts it (as @fastify/compress does, bytes). */
const COMPRESS_THRESHOLD = 1024;
/** brotli at @fastify/compress's quality: a cached body is compressed once, so the level costs little. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** Accept-Encoding values seen and the encoding each chooses: browsers send a handful of values. */
const negotiated = new Map<string, string | null>();
const MAX_NEGOTIATED = 64;
function negotiateEncoding(acceptEncoding: string): string | null {
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    encoding = negotiate(acceptEncoding, ['br', 'gzip']) ?? null;
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The body of a hit in the best encoding the request accepts (br, gzip, or none), made once per entry. */
function encodedBody(entry: Entry, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!acceptEncoding || entry.body.length < COMPRESS_THRESHOLD) return { body: entry.body };
  const encoding = negotiateEncoding(acceptEncoding);
  if (encoding === 'br') return { body: (entry.br ??= brotliCompressSync(entry.body, BROTLI_OPTIONS)), encoding };
  if (encoding === 'gzip') return { body: (entry.gzip ??= gzipSync(entry.body)), encoding };
  return { body: entry.body };
}

/** Cached answers kept per process. */
const MAX_ENTRIES = 2000;
/** URLs remembered as asked once (an answer is kept only when its URL comes a second time). */
const MAX_SEEN = 20_000;
/** Larger answers are not kept (bytes). */
const MAX_BODY_BYTES = 512 * 1024;

/** What a cached answer's hit or 304 needs besides the body. */
export interface ResponseCacheOptions {
  dataVersion: DataVersion;
  /** The security headers every answer carries (helmet's, collected once: `collectSecurityHeaders`). */
  securityHeaders: readonly (readonly [string, string])[];
}

/**
 * HTTP caching of the public explore answers: `ETag` + `Cache-Control: no-cache` (the
 * browser revalidates and gets 304 while nothing changed) and an in-process cache of the answer
 * bodies keyed by URL, kept from a URL's second request on, both invalidated by any data change
 * (`DataVersion`). Admins, who see every status, are never served from it. A kept answer is
 * compressed once per encoding (brotli, gzip) and those bytes are sent to every later request that
 * accepts them; answers that miss the cache are compressed by @fastify/compress, whose hook runs
 * after this one's `onSend` (route hooks follow app hooks).
 *
 * Two plugins ("less work per cached request"):
 * - `early`, registered before every other plugin: an anonymous request (no or an empty `Authorization`) that
 *   hits, or revalidates with the current ETag, is answered at once from ready-made headers
 *   (security headers included) and bytes, written to the socket without Fastify's later hooks
 *   (languages, database availability, compression, serialisation): a hit costs little more than
 *   a bare route answering the same bytes (BENCHMARKS.md, Explore: cache hit ÷ bare route). It
 *   also keeps answers (onSend) and drops them after this process's own writes.
 * - `signedIn`, registered after authentication: the same cache for signed-in non-admins, answered
 *   through Fastify's reply.
 */
export function createResponseCache({ dataVersion, securityHeaders }: ResponseCacheOptions) {
  // ETags differ between processes, which only costs a revalidation after a load balancer switch.
  const boot = randomBytes(4).toString('hex');
  const cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  // Second-hit admission: a map pan or a list page with a cache buster is asked once and never again;
  // copying each such answer (25–35 KB) into the cache only churned memory and the garbage collector.
  const seen = new LRUCache<string, number>({ max: MAX_SEEN });
  const etagOf = (version: number) => `"${boot}-${version}"`;
  /** Flat [name, value, …] list of the headers every hit and 304 carries, before its own. */
  const fixedHeaders = securityHeaders.flatMap(([name, value]) => [name, value]);
  const cacheHeaders = (etag: string) => ['ETag', etag, 'Cache-Control', 'no-cache', 'Vary', 'accept-encoding'];
  /** The header list of an anonymous 304 at the current version. */
  let notModified: { version: number | null; headers: string[] } = { version: null, headers: [] };

  /** The version a cacheable request is answered at, or null (not cacheable, or changes cannot be followed). */
  const versionFor = (request: FastifyRequest): number | null =>
    request.method === 'GET' && request.routeOptions.config.publicCache ? dataVersion.current() : null;

  const early = fp(
    async (app) => {
      app.decorateRequest('cacheVersion', null);

      app.addHook('onRequest', (request, reply, done) => {
        if (request.headers.authorization) return done();
        const version = versionFor(request);
        if (version === null) return done();
        request.cacheVersion = version;
        const etag = etagOf(version);
        const hit = request.headers['if-none-match'] === etag ? null : cache.get(request.url);
        if (request.headers['if-none-match'] !== etag && (hit === undefined || hit?.version !== version)) {
          // A miss: the route answers, with these headers (one ETag for every encoding; `Vary` keeps
          // shared caches from mixing the encodings up).
          reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'accept-encoding');
          return done();
        }
        reply.hijack();
        if (!hit) {
          if (notModified.version !== version)
            notModified = { version, headers: [...fixedHeaders, ...cacheHeaders(etag)] };
          reply.raw.writeHead(304, notModified.headers);
          reply.raw.end();
          return;
        }
        const { body, encoding } = encodedBody(hit, request.headers['accept-encoding']);
        const headers = (hit.headers[encoding ?? 'identity'] ??= [
          ...fixedHeaders,
          ...cacheHeaders(etag),
          'Content-Type',
          hit.contentType,
          'Content-Length',
          String(body.length),
          ...(encoding ? ['Content-Encoding', encoding] : []),
        ]);
        reply.raw.writeHead(200, headers);
        reply.raw.end(body);
      });

      app.addHook('onSend', async (request, reply, payload) => {
        const version = request.cacheVersion;
        if (version === null) return payload;
        if (reply.statusCode !== 200 && reply.statusCode !== 304) reply.removeHeader('ETag');
        if (reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_BODY_BYTES) return payload;
        if (cache.get(request.url)?.version !== version) {
          if (seen.get(request.url) !== version) {
            seen.set(request.url, version);
            return payload;
          }
          cache.set(request.url, {
            version,
            body: Buffer.from(payload),
            contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            headers: {},
          });
        }
        return payload;
      });

      // A successful write through this process is visible at once, before its notification arrives: the
      // version moves before the answer leaves (onSend), so the writer's next request cannot see the old
      // answers (onResponse ran after the client already had the answer, and a quick next request raced it).
      // Other calls (sign-in, uploads, profile edits …) leave the cache alone; the triggers still speak for every table.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.config.changesPublicData && reply.statusCode < 300) dataVersion.bump();
        return payload;
      });
    },
    { name: 'response-cache' },
  );

  const signedIn = fp(
    async (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (!request.headers.authorization || request.user?.role_id === ADMIN_ROLE_ID) return;
        const version = versionFor(request);
        if (version === null) return;
        request.cacheVersion = version;
        const etag = etagOf(version);
        reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'accept-encoding');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const hit = cache.get(request.url);
        if (hit && hit.version === version) {
          // Sent with its Content-Encoding set, which @fastify/compress leaves alone.
          const { body, encoding } = encodedBody(hit, request.headers['accept-encoding']);
          reply.type(hit.contentType);
          if (encoding) reply.header('Content-Encoding', encoding);
          return reply.send(body);
        }
      });
    },
    { name: 'response-cache-signed-in', dependencies: ['response-cache'] },
  );

  /** Answers kept now and their bytes (bodies and their compressed copies), for `/api/metrics`. */
  const stats = (): CacheStat => {
    let bytes = 0;
    for (const entry of cache.values())
      bytes += entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
    return { cache: 'response_cache', entries: cache.size, bytes };
  };

  return { early, signedIn, stats };
}
