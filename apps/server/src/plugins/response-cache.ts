import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
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
}

/** Cached answers kept per process. */
const MAX_ENTRIES = 2000;
/** URLs remembered as asked once (an answer is kept only when its URL comes a second time). */
const MAX_SEEN = 20_000;
/** Larger answers are not kept (bytes). */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * HTTP caching of the public explore answers (issue 4): `ETag` + `Cache-Control: no-cache` (the
 * browser revalidates and gets 304 while nothing changed) and an in-process cache of the answer
 * bodies keyed by URL, kept from a URL's second request on, both invalidated by any data change
 * (`DataVersion`). Admins, who see every
 * status, are never served from it.
 */
export const responseCachePlugin = fp<{ dataVersion: DataVersion }>(async (app, { dataVersion }) => {
  // ETags differ between processes, which only costs a revalidation after a load balancer switch.
  const boot = randomBytes(4).toString('hex');
  const cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  // Second-hit admission: a map pan or a list page with a cache buster is asked once and never again;
  // copying each such answer (25–35 KB) into the cache only churned memory and the garbage collector.
  const seen = new LRUCache<string, number>({ max: MAX_SEEN });
  const etagOf = (version: number) => `"${boot}-${version}"`;
  app.decorateRequest('cacheVersion', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicCache || request.user?.role_id === ADMIN_ROLE_ID)
      return;
    const version = dataVersion.current();
    if (version === null) return;
    request.cacheVersion = version;
    const etag = etagOf(version);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const hit = cache.get(request.url);
    if (hit && hit.version === version) return reply.type(hit.contentType).send(hit.body);
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
      });
    }
    return payload;
  });

  // A successful write through this process is visible at once, before its notification arrives.
  // Other calls (sign-in, uploads, profile edits …) leave the cache alone; the triggers still speak for every table.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.changesPublicData && reply.statusCode < 300) dataVersion.bump();
  });
});
