import { APP_VERSION, apiErrorSchema } from '@mm/shared';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';

/**
 * The API contract (docs/internals.md, "API contract"; ADR 0026): what every operation of the OpenAPI
 * document carries besides its own schema, derived from the same route options the plugins enforce.
 */

/** An operation's security requirements: any one of them admits the request (`{}`: no credential). */
export type Security = Array<Record<string, string[]>>;

/** Security of a signed-in route (`config.auth`, the admin panel): the session token of spec §7. */
export const SIGNED_IN: Security = [{ token: [] }];
/** Security of a public route that honours a session when one is sent (owners and admins see more). */
const OPTIONAL_SESSION: Security = [{}, { token: [] }];
/** Security of a route that never looks at a session (health and metrics: plugins/auth.ts skips them). */
const NO_SESSION: Security = [];

/**
 * The two registrations of a route at its prefix's root: the canonical path without a trailing slash
 * (spec §7: `GET /api/observations`, `GET /users`), and the slash form older clients may still call,
 * served the same but hidden from the document. Register the route once per entry.
 */
export const ROOT_PATH_FORMS = [
  { prefixTrailingSlash: 'no-slash', hide: false },
  { prefixTrailingSlash: 'slash', hide: true },
] as const;

/**
 * Request URLs the auth plugin never resolves to a user (plugins/auth.ts skips them before reading the
 * token); the document gives their routes no security.
 */
export function ignoresSession(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/health') || url === '/api/metrics';
}

/** Options of @fastify/swagger: info, licence, servers and the session scheme; security is per operation. */
export function openApiOptions(publicUrl: string | undefined): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Mission Monarch API',
        version: APP_VERSION,
        description:
          'Monarch butterfly and milkweed observations. Errors are {statusCode, error, message, fields?}. ' +
          'Send the session token of POST /api/users/signin in the Authorization header (bare or `Bearer <token>`).',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      // Paths start with /api/, so the server is the origin: PUBLIC_URL's when set, else the origin that
      // serves this document (a relative URL resolves against the document's own address).
      servers: [
        publicUrl
          ? { url: new URL(publicUrl).origin, description: 'This deployment (PUBLIC_URL)' }
          : { url: '/', description: 'The server that serves this document' },
      ],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The oauth_token of sign-in, bare (as the web app sends it) or as `Bearer <token>`.',
          },
        },
      },
    },
  };
}

type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/**
 * onRoute hook, registered before the routes and before @fastify/swagger reads them: gives each
 * documented /api/ operation the security its `config.auth` means to the auth plugin, unless the
 * route declares its own, and the client errors the plugins answer for it (400 for a route with
 * params, query or body, 401 for a signed-in one, 429 for `config.rateLimit`) with the shared error
 * schema. Routes keep whatever they declare themselves; apps/server/test/api-contract.test.ts checks
 * the rest (operationId, a 4xx, 404 for looked-up ids).
 */
export function applyApiContract(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
  const security =
    (schema.security as Security | undefined) ??
    (route.config?.auth ? SIGNED_IN : ignoresSession(route.url) ? NO_SESSION : OPTIONAL_SESSION);
  const derived: Record<number, unknown> = {};
  if (schema.params || schema.querystring || schema.body) derived[400] = apiErrorSchema;
  const anonymous = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
  if (!anonymous) derived[401] = apiErrorSchema;
  if (route.config?.rateLimit) derived[429] = apiErrorSchema;
  // A new object: Fastify shares one schema object between a route's registrations.
  route.schema = { ...schema, security, response: { ...derived, ...schema.response } };
}
