import type { onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { consumeOrRefuse, type AuthLimit, type RateLimits } from '../lib/rate-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests allowed per client IP in each window (`timeWindow` ms), counted in PostgreSQL; more answer 429. */
    rateLimit?: AuthLimit;
  }
}

/**
 * Per-IP limits declared by routes as `config.rateLimit`, checked before anything else of the
 * request is read. One counter per route and IP, shared by every server process (rate-limiter-flexible,
 * PostgreSQL store). Register before the routes.
 */
export const rateLimitPlugin = fp<{ limits: RateLimits }>(async (app, { limits }) => {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const limiter = limits.limiter(`ip:${methods} ${route.url}`, limit);
    const hook: onRequestAsyncHookHandler = async (request) => consumeOrRefuse(limiter, request.ip);
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, hook];
  });
});
