import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, X-Content-Type-Options, Referrer-Policy …) on every answer.
 * The middleware is built once, at start: @fastify/helmet builds it again on every request (each
 * header's middleware, the CSP directives parsed anew), which was ≈ 18 % of the CPU of an answer
 * served from the response cache (BENCHMARKS.md, Explore).
 * @param options helmet's options, as `helmet(options)` takes them
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      // helmet 8 throws instead of passing errors on; with options checked at start it has none to give.
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
