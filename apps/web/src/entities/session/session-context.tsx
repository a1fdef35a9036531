import { createContext, startTransition, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Role, toSessionUser, type SessionUser } from '@mm/shared';
import { onSessionExpired } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { checkSession, signoutRequest } from './auth-api';
import { takeEarlySessionCheck } from './early-session-check';

interface SessionState {
  /** undefined until known, null when signed out (spec §3 "user state, initially undefined"). */
  user: SessionUser | null | undefined;
  /** True once the start-up session check has finished (spec §4). */
  checked: boolean;
  /** True after the user signed out in this tab, until the next sign-in. */
  signedOut: boolean;
  /** True once the server refused the stored token (revoked or expired) in this tab, until the next sign-in. */
  expired: boolean;
  /** Stores a new token and checks it; answers the user. */
  establish: (token: string) => Promise<SessionUser | null>;
  /** Revokes the token and clears all local storage (spec §4 sign-out). */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** The user of `token` by the server's session check (the one sent at start-up, if it was for this token). */
async function verify(token: string): Promise<SessionUser | null> {
  const answer = await (takeEarlySessionCheck(token) ?? checkSession(token));
  return toSessionUser(answer) ?? null;
}

/**
 * Who the server draws a page for when it knows only that the visitor has a session (docs/adr/0048): a
 * volunteer, nothing of them shown (the header's account links do not name them; the admin's link waits for
 * the app).
 */
const SIGNED_IN_VISITOR: SessionUser = { user_id: 0, username: '', role_id: Role.MmUser };

/**
 * Session of spec §4: restore `currentUser` from local storage, then check it with the stored
 * `oauth_token`; a user_id in the answer keeps it, anything else removes user and token.
 * @param signedIn a page the server drew for a visitor with a session (docs/adr/0048): drawn (on the
 *   server) and hydrated (in the browser, with a stored token) with the session restored, not the loading
 *   screen; the check still runs, and a refusal sends the volunteer to sign in as on any page
 */
export function SessionProvider({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  const [initialToken] = useState(() => storage.token());
  const [user, setUser] = useState<SessionUser | null | undefined>(() =>
    signedIn ? (storage.currentUser() ?? SIGNED_IN_VISITOR) : initialToken ? storage.currentUser() : null,
  );
  const [checked, setChecked] = useState(!initialToken || signedIn);
  const [signedOut, setSignedOut] = useState(false);
  const [expired, setExpired] = useState(false);

  // A token the server refuses is forgotten at once: pages that need a session send the volunteer to
  // sign in (with the way back), and what waits in the outbox is sent after the next sign-in.
  useEffect(
    () =>
      onSessionExpired(() => {
        storage.clearSession();
        setUser(null);
        setExpired(true);
      }),
    [],
  );

  useEffect(() => {
    if (!initialToken) {
      storage.clearSession();
      return;
    }
    void verify(initialToken)
      .then((u) => {
        if (u) storage.setCurrentUser(u);
        else storage.clearSession();
        return u;
      })
      // Offline start: keep the restored user; the next call that needs a session will tell.
      .catch(() => storage.currentUser() ?? null)
      // The whole app replaces the loading screen here: as a transition, React draws it in slices
      // instead of one long task (a signed-in volunteer's first screen).
      .then((u) =>
        startTransition(() => {
          setUser(u);
          setChecked(true);
        }),
      );
  }, [initialToken]);

  const establish = useCallback(async (token: string) => {
    storage.setToken(token);
    const u = await verify(token);
    if (u) storage.setCurrentUser(u);
    else storage.clearSession();
    setUser(u);
    setSignedOut(false);
    if (u) setExpired(false);
    return u;
  }, []);

  const signOut = useCallback(async () => {
    await signoutRequest().catch(() => undefined);
    const lng = storage.language();
    storage.clearAll();
    storage.setLanguage(lng);
    setSignedOut(true);
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ user, checked, signedOut, expired, establish, signOut }),
    [user, checked, signedOut, expired, establish, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The session state; throws outside SessionProvider. */
export function useSession(): SessionState {
  const ctx = use(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
