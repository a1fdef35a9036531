import { hash, verify } from '@node-rs/argon2';
import { LRUCache } from 'lru-cache';
import type { CacheStat } from '../../lib/metrics';
import { ObservationStatus, type MyProfile, type SessionUser } from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, TooManyRequestsError, unauthorized } from '../../lib/errors';
import type { SigninThrottle } from '../../lib/rate-limits';
import { hashToken, newToken } from '../../lib/tokens';
import { usersRepository } from './users.repository';

/** OWASP argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// Verifying against this hash when the user does not exist keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;

/**
 * How long a looked-up session is trusted without asking the database again (ms). A revoked token, a
 * changed role or a deactivated account drops it at once in every process: a trigger NOTIFYs
 * `mm_session_changed` (migration 0018) and each process LISTENs (app.ts, `forgetSessions`). While a
 * process cannot listen, `canCache` is false and every request reads the database.
 */
const SESSION_CACHE_TTL_MS = 30_000;

/** The channel migration 0018's triggers notify with a user id when that user's sessions or role change. */
export const SESSION_CHANGED_CHANNEL = 'mm_session_changed';

export interface IssuedSession {
  user: SessionUser;
  oauth_token: string;
}

/** Account rules: sign-up, sign-in, sessions and the own-profile view (spec §3, §4, §7). */
export function createUsersService(
  db: Db,
  sessionDays: number,
  signinThrottle: SigninThrottle,
  /** Whether sessions may be served from the cache now (false while the change listener is down). */
  canCache: () => boolean = () => true,
) {
  // Token hash → session user: spares a database round trip on every authenticated request (BENCHMARKS.md).
  const sessionCache = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_CACHE_TTL_MS });
  function forgetSessions(userId: number): void {
    for (const [tokenHash, user] of sessionCache.entries()) if (user.user_id === userId) sessionCache.delete(tokenHash);
  }
  async function issueSession(user: SessionUser, userAgent?: string): Promise<IssuedSession> {
    const token = newToken();
    const expires = new Date(Date.now() + sessionDays * 86_400_000);
    await usersRepository.createSession(db, user.user_id, hashToken(token), expires, userAgent);
    await usersRepository.touchLastLogin(db, user.user_id);
    return { user, oauth_token: token };
  }

  return {
    /** Sessions kept in memory now, for `/api/metrics`. */
    sessionCacheStats: (): CacheStat => ({ cache: 'sessions', entries: sessionCache.size }),
    /**
     * Checks a username (or email) and password. Failures count once per account whichever
     * identifier was typed (an unknown identifier counts on its own), with growing delays and at
     * most 100 an hour (`createSigninThrottle`).
     * @throws 401 "Invalid username or password" for either mistake, without saying which
     * @throws TooManyRequestsError (429, Retry-After) while the account must wait
     */
    async signin(login: string, password: string, userAgent?: string): Promise<IssuedSession> {
      const user = await usersRepository.findByLogin(db, login);
      const accountKey = user ? `user:${user.user_id}` : `login:${hashToken(login.trim().toLowerCase())}`;
      const wait = await signinThrottle.waitBefore(accountKey);
      if (wait !== undefined) throw new TooManyRequestsError(wait);
      dummyHash ??= hash('not-a-real-password', ARGON2);
      const ok = await verify(user?.password ?? (await dummyHash), password).catch(() => false);
      if (!user || !ok) {
        await signinThrottle.failed(accountKey);
        throw new HttpError(401, 'errors.invalid_credentials');
      }
      await signinThrottle.succeeded(accountKey);
      return issueSession({ user_id: user.user_id, username: user.username, role_id: user.role_id }, userAgent);
    },

    /**
     * The session user of a token, or undefined when unknown, revoked or expired. Served from a
     * cache of SESSION_CACHE_TTL_MS; `fresh` reads the database (a role changed by another process,
     * e.g. `npm run users:role`) and refreshes the cache, so later requests see the new role too.
     */
    async userForToken(token: string, { fresh = false }: { fresh?: boolean } = {}): Promise<SessionUser | undefined> {
      const tokenHash = hashToken(token);
      const cached = fresh || !canCache() ? undefined : sessionCache.get(tokenHash);
      if (cached) return cached;
      if (fresh) sessionCache.delete(tokenHash);
      const row = await usersRepository.findSessionUser(db, tokenHash);
      if (!row) return undefined;
      const user: SessionUser = { user_id: row.user_id, username: row.username, role_id: row.role_id };
      // Never trusted past the session's own expiry, nor kept while changes cannot be heard.
      if (canCache())
        sessionCache.set(tokenHash, user, {
          ttl: Math.min(SESSION_CACHE_TTL_MS, row.expires_at.getTime() - Date.now()),
        });
      return user;
    },

    /** A new session for an already authenticated user (after a password reset). */
    startSession: issueSession,

    /** Hashes a password with argon2id (OWASP parameters). */
    hashPassword: (password: string) => hash(password, ARGON2),

    /** Whether `password` matches the stored hash of a user; false for unknown users. */
    async verifyPassword(userId: number, password: string): Promise<boolean> {
      const user = await usersRepository.findById(db, userId);
      return user ? verify(user.password, password).catch(() => false) : false;
    },

    /**
     * Revokes every live session of a user and drops them from this process's cache at once
     * (other processes at their notification, migration 0018).
     */
    async revokeAllSessions(userId: number, tx: DbOrTx = db): Promise<void> {
      await usersRepository.revokeUserSessions(tx, userId);
      forgetSessions(userId);
    },

    /** Revokes every session of a user but the one of `keepTokenHash` (a password change from My profile). */
    async revokeOtherSessions(userId: number, keepTokenHash: string | null): Promise<void> {
      await usersRepository.revokeUserSessions(db, userId, keepTokenHash ?? undefined);
      for (const [tokenHash, user] of sessionCache.entries())
        if (user.user_id === userId && tokenHash !== keepTokenHash) sessionCache.delete(tokenHash);
    },

    /** Drops a user's sessions from the cache; call again once a transaction that revoked them commits. */
    forgetSessions,

    /** Drops every cached session (the change listener reconnected: notifications may have been missed). */
    forgetAllSessions: () => sessionCache.clear(),

    /** Revokes the session of `token` (spec §3 signout). */
    async signout(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      sessionCache.delete(tokenHash);
      await usersRepository.revokeSession(db, tokenHash);
    },

    /** The signed-in user's own record with counts computed from their submissions. */
    async myProfile(userId: number): Promise<MyProfile> {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw unauthorized();
      const profile = await usersRepository.findProfile(db, userId);
      const counts = await usersRepository.submissionCounts(db, userId, ObservationStatus.Deleted);
      const c = counts ?? { locations: 0, checklists: 0, observations: 0, species: 0 };
      return {
        user_id: user.user_id,
        username: user.username,
        email: user.email,
        role_id: user.role_id,
        first_name: user.first_name,
        last_name: user.last_name,
        language: user.language,
        province_id: user.province_id,
        country_id: user.country_id,
        photo_name: user.photo_name,
        photo_path: user.photo_path,
        lastlogin: user.lastlogin?.toISOString() ?? null,
        location_count: c.locations,
        checklist_count: c.checklists,
        observation_count: c.observations,
        species_count: c.species,
        following_count: user.following_count,
        follower_count: user.follower_count,
        created: user.created.toISOString(),
        profile: profile
          ? { ...profile, created: profile.created.toISOString(), updated: profile.updated.toISOString() }
          : null,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
