import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors';
import { hashToken } from './tokens';

/** Table of every counter (migration 0009): rate-limiter-flexible's own layout `key, points, expire`. */
const RATE_LIMIT_TABLE = 'rate_limits';

/** Attempts allowed per window. */
export interface AuthLimit {
  max: number;
  /** Window length (ms). */
  timeWindow: number;
}

/**
 * Counters shared by every server process: rate-limiter-flexible's PostgreSQL store, one table,
 * one key prefix per use (limits hold across processes).
 */
export interface RateLimits {
  /** A limiter of `limit.max` points per `limit.timeWindow` under `prefix`. */
  limiter(prefix: string, limit: AuthLimit): RateLimiterPostgres;
  /** Deletes expired counters (the hourly job). */
  clearExpired(): Promise<void>;
}

export function createRateLimits(pool: Pool): RateLimits {
  const limiter = (prefix: string, limit: AuthLimit) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: prefix,
      points: limit.max,
      duration: limit.timeWindow / 1000,
    });
  return {
    limiter,
    clearExpired: async () => {
      await pool.query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < $1`, [Date.now()]);
    },
  };
}

/**
 * Consumes one point of `key`.
 * @throws TooManyRequestsError (429) once the key has used its points in the window
 */
export async function consumeOrRefuse(limiter: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw new TooManyRequestsError(err.msBeforeNext);
  }
}

/**
 * A second limit on an endpoint already limited per IP, counted per address typed (one
 * mailbox flooded from many addresses): the key is the lower-cased `email` of the request body.
 * Use as the route's `preHandler` (the body is parsed and validated by then).
 */
export function perEmailLimit(limits: RateLimits, prefix: string, limit: AuthLimit): preHandlerAsyncHookHandler {
  const limiter = limits.limiter(prefix, limit);
  return async (request: FastifyRequest) => {
    const value = (request.body as Record<string, unknown> | undefined)?.email;
    if (typeof value !== 'string' || value.trim() === '') return;
    // Hashed: a key holds at most 255 characters.
    await consumeOrRefuse(limiter, hashToken(value.trim().toLowerCase()));
  };
}

/** Failed sign-ins an account may take per hour (OWASP ASVS 2.2.1: at most 100). */
const SIGNIN_FAILURES_PER_HOUR = 100;
/** Failures before delays start; each further failure doubles the wait, up to `MAX_SIGNIN_DELAY_S`. */
const FREE_FAILURES = 5;
const MAX_SIGNIN_DELAY_S = 60;

/** Seconds an account waits after its `failures`-th failure in the hour: 0, then 1, 2, 4 … 60. */
export const signinDelaySeconds = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_SIGNIN_DELAY_S, 2 ** (failures - FREE_FAILURES));

/**
 * Failed sign-ins per account: one counter per account whatever identifier
 * was typed (username or email: the caller passes the account's key), at most `maxPerHour`
 * failures an hour, and growing delays between attempts after the first few failures. Counters
 * live in PostgreSQL, so every server process sees them.
 */
export function createSigninThrottle(limits: RateLimits, maxPerHour = SIGNIN_FAILURES_PER_HOUR) {
  const failures = limits.limiter('signin-failures', { max: maxPerHour, timeWindow: 3_600_000 });
  const waits = limits.limiter('signin-wait', { max: 1, timeWindow: 1000 });
  return {
    /**
     * Whether `key` may try now: undefined when yes, else the ms to wait (the hour's failures are
     * used up, or the delay after the last failure is still running).
     */
    async waitBefore(key: string): Promise<number | undefined> {
      const [failed, wait] = await Promise.all([failures.get(key), waits.get(key)]);
      if (failed && failed.consumedPoints >= maxPerHour) return failed.msBeforeNext;
      if (wait && wait.consumedPoints > 1) return wait.msBeforeNext;
      return undefined;
    },
    /** Counts a failure of `key` and starts its delay. */
    async failed(key: string): Promise<void> {
      const res = await failures.penalty(key, 1);
      const delay = signinDelaySeconds(res.consumedPoints);
      if (delay > 0) await waits.block(key, delay);
    },
    /** A successful sign-in clears the account's failures. */
    async succeeded(key: string): Promise<void> {
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}
export type SigninThrottle = ReturnType<typeof createSigninThrottle>;
