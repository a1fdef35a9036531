import type { FastifyInstance } from 'fastify';
import { isStorageKey, type Storage } from '../lib/storage';
import { answerUnavailable } from './db-availability';

/**
 * Cache-Control of stored photos. A key never names other bytes later (UUID names; a lost `small` is
 * made again from the same `large`), so caches need not revalidate; a week, so that a photo removed
 * with its account leaves shared caches within days.
 */
export const ATTACHMENT_CACHE_CONTROL = 'public, max-age=604800, immutable';

const httpDate = (value: string | undefined): Date | undefined => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * `GET /attachments/{key}` (and HEAD): a stored photo streamed from the storage driver, disk or S3,
 * with the same headers either way: `Cache-Control` (`ATTACHMENT_CACHE_CONTROL`), `ETag`,
 * `Last-Modified`, `Content-Length`, `Content-Type`; `If-None-Match` / `If-Modified-Since` answer 304.
 * Streamed rather than redirected to a presigned URL: one origin for the CSP and the service worker,
 * URLs that stay the same (so browsers cache them), a private bucket (README "Object storage").
 * Errors: 404 "Resource not found" for a key that names no object (or is not a storage key);
 * 503 with `Retry-After` when the store does not answer.
 */
export function registerAttachments(app: FastifyInstance, storage: Storage): void {
  app.get('/attachments/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isStorageKey(key) || key.endsWith('.tmp')) return reply.callNotFound();
    let found;
    try {
      found = await storage.get(key, {
        ifNoneMatch: request.headers['if-none-match'],
        ifModifiedSince: httpDate(request.headers['if-modified-since']),
      });
    } catch (err) {
      request.log.error({ err, key, storage: storage.location }, 'photo store did not answer');
      return answerUnavailable(request, reply);
    }
    if (!found) return reply.callNotFound();
    reply.header('Cache-Control', ATTACHMENT_CACHE_CONTROL).header('ETag', found.info.etag);
    if (found.notModified) return reply.code(304).send();
    return reply
      .header('Last-Modified', found.info.lastModified.toUTCString())
      .header('Content-Length', String(found.info.size))
      .type(found.info.contentType)
      .send(found.body);
  });
}
