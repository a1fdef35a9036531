import type { SessionUser } from '@mm/shared';

/** How long a session verified with the server is trusted before the next check asks again (ms). */
const SESSION_MAX_AGE_MS = 30_000;

export interface SessionCheckOptions {
  /** Asks the server who the stored token belongs to; undefined when signed out or revoked. */
  verify: () => Promise<SessionUser | undefined>;
  /** Called when a re-check finds a different role than the one the panel's permissions were built on. */
  onRoleChange: () => void;
  /** Called when the background check of an assumed session (`assume`) finds it signed out or revoked. */
  onSessionEnded?: () => void;
  /** Clock in ms (Date.now by default). */
  now?: () => number;
  maxAgeMs?: number;
}

/**
 * The panel's memory of "who is signed in, according to the server" (spec §4 checksession).
 * `current()` answers the last verification while it is younger than `maxAgeMs`, otherwise asks
 * the server again; callers at the same instant share one request. A re-check that fails on the
 * network keeps the previous answer (a blip must not sign the admin out) and retries next time.
 * `permissionsRole()` records the role the menus were built on, so that a role changed on the
 * server (`npm run users:role`, another admin's edit) triggers `onRoleChange` once. `assume()` answers
 * a stored session at once and verifies it in the background (docs/adr/0040).
 */
export function createSessionCheck({
  verify,
  onRoleChange,
  onSessionEnded = () => undefined,
  now = Date.now,
  maxAgeMs = SESSION_MAX_AGE_MS,
}: SessionCheckOptions) {
  let entry: { at: number; promise: Promise<SessionUser | undefined> } | undefined;
  let lastKnown: SessionUser | undefined;
  let servedRole: number | undefined;

  const noticeRole = (user: SessionUser | undefined) => {
    if (servedRole !== undefined && user?.role_id !== servedRole) {
      servedRole = undefined;
      onRoleChange();
    }
  };

  return {
    /** The verified user, re-checked with the server when the last answer is older than maxAgeMs. */
    current(): Promise<SessionUser | undefined> {
      const t = now();
      if (entry && t - entry.at <= maxAgeMs) return entry.promise;
      const previous = lastKnown;
      const promise = verify().then(
        (user) => {
          lastKnown = user;
          noticeRole(user);
          return user;
        },
        (error: unknown) => {
          // Forget the failed attempt so the next call asks again.
          if (entry?.promise === promise) entry = undefined;
          if (previous && error instanceof TypeError) return previous;
          throw error;
        },
      );
      entry = { at: t, promise };
      return promise;
    },
    /** A user just verified by sign-in. */
    set(user: SessionUser) {
      lastKnown = user;
      entry = { at: now(), promise: Promise.resolve(user) };
    },
    /**
     * The stored staff session, trusted at once so that the panel's first screen does not wait for a
     * round trip (docs/adr/0040), and verified with the server right away in the background. When the
     * server finds it signed out or revoked, `onSessionEnded` fires (react-admin then checks again and
     * signs out); another role fires `onRoleChange` once the menus were built. A failed check (network,
     * unexpected answer) keeps the stored user until the next check after `maxAgeMs`.
     */
    assume(user: SessionUser) {
      lastKnown = user;
      const assumed = { at: now(), promise: Promise.resolve<SessionUser | undefined>(user) };
      entry = assumed;
      verify().then(
        (verified) => {
          // Signed in or out meanwhile (`set`, `reset`): that answer is newer than this one.
          if (entry !== assumed) return;
          lastKnown = verified;
          entry = { at: now(), promise: Promise.resolve(verified) };
          if (!verified) onSessionEnded();
          else noticeRole(verified);
        },
        () => undefined,
      );
    },
    /** Signed out: the next call asks the server. */
    reset() {
      entry = undefined;
      lastKnown = undefined;
      servedRole = undefined;
    },
    /** Records the role the permissions (menus, resources) were just computed from. */
    permissionsRole(roleId: number | undefined) {
      servedRole = roleId;
    },
  };
}
