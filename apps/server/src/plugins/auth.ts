import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '@mm/shared';
import { ignoresSession } from '../lib/api-contract';
import { unauthorized } from '../lib/errors';
import { tokenFromHeader } from '../lib/tokens';
import type { UsersService } from '../modules/users/users.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of the `Authorization` token, or null. */
    user: SessionUser | null;
    /** The raw token of a live session, for sign-out. */
    token: string | null;
  }
  interface FastifyContextConfig {
    /** The route needs a signed-in user: 401 before the body is read or validated. */
    auth?: boolean;
  }
}

/**
 * Resolves the spec §7 `Authorization` header (the stored oauth_token, maybe empty) on API calls;
 * routes with `config.auth` answer 401 without a live session, before their body is read or validated.
 */
export const authPlugin = fp<{ users: UsersService }>(async (app, { users }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    // Health and metrics answer for the process, not a user: no session lookup that a frozen database would hold.
    if (ignoresSession(request.url)) return;
    const token = tokenFromHeader(request.headers.authorization);
    const user = token ? await users.userForToken(token) : undefined;
    if (user) {
      request.user = user;
      request.token = token ?? null;
    } else if (request.routeOptions.config.auth) {
      throw unauthorized();
    }
  });
});

/**
 * The signed-in user of a request.
 * @throws 401 when the request carries no live session
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
