import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '@mm/shared';
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
}

/** Resolves the spec §7 `Authorization` header (the stored oauth_token, maybe empty) on API calls. */
export const authPlugin = fp<{ users: UsersService }>(async (app, { users }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    const user = await users.userForToken(token);
    if (user) {
      request.user = user;
      request.token = token;
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
