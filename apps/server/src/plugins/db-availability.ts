import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, type DatabaseMonitor } from '../db/availability';

/** Seconds a client is asked to wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/** Routes that need no database or report on it themselves. */
const needsDatabase = (url: string) =>
  url.startsWith('/api/') && !url.startsWith('/api/health') && !url.startsWith('/api/docs') && url !== '/api/metrics';

/** 503 with `Retry-After` and the spec's "Please try again" prompt (spec §8), in the request's language. */
export function answerUnavailable(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(503)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .send({ statusCode: 503, error: 'Service Unavailable', message: request.t('errors.please_try_again') });
}

/**
 * While the database is unavailable, every API request answers within 2 s:
 * - a request arriving while the monitor says "down" answers 503 at once;
 * - requests waiting on the database when it goes down answer 503 then (their work, if it
 *   completes later, was idempotent or not acknowledged: clients retry with the same key);
 * - a connection error raised by a query (refused, reset, connect timeout, statement timeout)
 *   answers 503 instead of 500 (plugins/errors.ts calls `answerUnavailable`) and makes the monitor
 *   probe at once.
 */
export const databaseAvailabilityPlugin = fp(
  async (app: FastifyInstance, { monitor }: { monitor: DatabaseMonitor }) => {
    const waiting = new Set<FastifyReply>();

    app.addHook('onRequest', async (request, reply) => {
      if (!needsDatabase(request.url)) return;
      if (!monitor.isUp()) return answerUnavailable(request, reply);
      waiting.add(reply);
    });
    const forget = async (_request: FastifyRequest, reply: FastifyReply) => void waiting.delete(reply);
    app.addHook('onResponse', forget);
    app.addHook('onRequestAbort', async (request) => {
      for (const reply of waiting) if (reply.request === request) waiting.delete(reply);
    });

    monitor.onChange((up) => {
      if (up) return;
      for (const reply of waiting) {
        waiting.delete(reply);
        if (reply.sent || reply.raw.headersSent) continue;
        try {
          void answerUnavailable(reply.request, reply);
        } catch (err) {
          // A reply in a phase that may not send (its own error hook) is answered by the error handler.
          reply.log.warn({ err }, 'could not answer 503 to a waiting request');
        }
      }
    });

    // The errors plugin answers those errors 503 (isDatabaseUnavailable); the monitor looks at once,
    // after this hook (the reply in its error phase is answered by the error handler, not by the monitor).
    app.addHook('onError', async (_request, reply, err) => {
      waiting.delete(reply);
      monitor.noteError(err);
      if (isDatabaseUnavailable(err)) setImmediate(() => void monitor.checkNow());
    });
  },
);
