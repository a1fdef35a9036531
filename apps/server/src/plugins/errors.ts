import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describeIssue, fieldMessageValues, i18nKey, issueField } from '@mm/shared';
import { isDatabaseUnavailable } from '../db/availability';
import { databaseInputError } from '../lib/db-errors';
import { HttpError, RequestValidationError, TooManyRequestsError } from '../lib/errors';
import { isNoRoomError } from '../lib/storage-core';
import { answerUnavailable } from './db-availability';

const statusKeys: Record<number, string> = {
  400: 'errors.bad_request',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.not_found',
  409: 'errors.conflict',
  413: 'errors.payload_too_large',
  414: 'errors.uri_too_long',
  415: 'errors.unsupported_media_type',
  429: 'errors.too_many_requests',
  503: 'errors.unavailable',
};
const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Lowest wait between two error-level logs of photo writes refused for lack of room (ms). */
const NO_ROOM_LOG_EVERY_MS = 60_000;

function send(reply: FastifyReply, statusCode: number, message: string, fields?: Record<string, string>) {
  return reply
    .status(statusCode)
    .send({ statusCode, error: reasonPhrases[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) });
}

/** `observation.milkweeds.0.abundance_id` → `abundance_id`: labels are per field name. */
const lastSegment = (path: string) =>
  path
    .split('.')
    .filter((p) => !/^\d+$/.test(p))
    .pop() ?? path;

/** Translates each issue with its field's name (`fieldMessageValues`); the first message per field wins. */
function validationFields(request: FastifyRequest, err: RequestValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const field = issueField(issue);
    if (fields[field]) continue;
    const { key, values } = describeIssue(issue);
    fields[field] = request.t(i18nKey(key), { ...values, ...fieldMessageValues(request.t, lastSegment(field)) });
  }
  return fields;
}

/**
 * Every error leaves as DESIGN.md's `{statusCode, error, message, fields?}` in the request's
 * language; unexpected errors are logged and answered 500 without details. The database gone: 503 with
 * Retry-After; a photo write refused for lack of room or a read-only store: 507, logged once a minute.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // A full photo disk fails every upload: one error line a minute, with how many were refused since.
  let lastNoRoomLog = -Infinity;
  let refusedSinceLog = 0;
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const t = request.t;
    if (isDatabaseUnavailable(raw)) return answerUnavailable(request, reply);
    if (isNoRoomError(raw)) {
      refusedSinceLog++;
      if (Date.now() - lastNoRoomLog >= NO_ROOM_LOG_EVERY_MS) {
        request.log.error(
          { err: raw, refused: refusedSinceLog },
          'photo store full or read-only: writes refused (507)',
        );
        lastNoRoomLog = Date.now();
        refusedSinceLog = 0;
      }
      // 507: the outbox keeps the entry and sends it again later, as for a 5xx (web lib/outbox/sync.ts).
      return send(reply, 507, t('errors.photo_store_full'));
    }
    const err = databaseInputError(raw) ?? raw;
    if (err instanceof RequestValidationError) {
      const fields = validationFields(request, err);
      return send(reply, 400, Object.values(fields).join(' '), fields);
    }
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequestsError)
        reply.header('Retry-After', Math.max(1, Math.ceil(err.retryAfterMs / 1000)));
      const fields = err.fields
        ? Object.fromEntries(
            Object.entries(err.fields).map(([f, d]) => [
              f,
              t(i18nKey(d.key), { ...d.values, ...fieldMessageValues(t, lastSegment(f)) }),
            ]),
          )
        : undefined;
      const message = fields ? Object.values(fields).join(' ') : t(i18nKey(err.messageKey), err.values);
      return send(reply, err.statusCode, message, fields);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, t(statusKeys[status] ?? 'errors.bad_request'));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, status >= 500 && status !== 500 ? status : 500, t(statusKeys[status] ?? 'errors.server'));
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, request.t('errors.not_found')));
});
