import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from './errors';

/** Attempts allowed per window on the sensitive account endpoints (sign-in, sign-up, recovery, contact). */
export interface AuthLimit {
  max: number;
  /** Window length (ms). */
  timeWindow: number;
}

/**
 * A second limit on an endpoint already limited per IP, counted per account (issue 5: guessing one
 * password from many addresses): the key is the lower-cased login or email of the request body.
 * Answers 429 with the same translated message as the per-IP limit, and `Retry-After` (s).
 * Use as the route's `preHandler` (the body is parsed and validated by then). Counts live in this
 * process, like the per-IP ones.
 */
export function perAccountLimit(limit: AuthLimit, field: 'username' | 'email'): preHandlerAsyncHookHandler {
  const limiter = new RateLimiterMemory({ points: limit.max, duration: limit.timeWindow / 1000 });
  return async (request: FastifyRequest, reply) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== 'string' || value.trim() === '') return;
    try {
      await limiter.consume(value.trim().toLowerCase());
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      reply.header('Retry-After', Math.ceil(err.msBeforeNext / 1000));
      throw new HttpError(429, 'errors.too_many_requests');
    }
  };
}
