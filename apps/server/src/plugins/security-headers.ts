import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { collectSecurityHeaders } from '../lib/client-errors';

/**
 * helmet's security headers (CSP, HSTS, X-Content-Type-Options, Referrer-Policy …) on every answer.
 * They depend on the options only, so helmet runs once, at start, on a stand-in response
 * (`collectSecurityHeaders`, as the response cache and the client-error answers use them), and each
 * request gets the collected list among Fastify's reply headers. Running helmet's twelve middlewares on
 * every request, each calling `setHeader` on Node's response, was ≈ 10 % of the CPU of a cache-missed
 * map request and a quarter of what it left to the major garbage collector (BENCHMARKS.md, Explore).
 * Answers written on the raw response without Fastify's reply (the response cache's hits) carry the
 * same list themselves.
 * @param options helmet's options, as `helmet(options)` takes them
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const headers = Object.fromEntries(collectSecurityHeaders(helmet(options)));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
