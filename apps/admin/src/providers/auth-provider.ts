import type { AuthProvider } from 'react-admin';
import { API_BASE, Role, type SessionUser } from '@mm/shared';
import { queryClient } from './query-client';
import { createSessionCheck } from './session-check';
import { session } from './session';
import { isPanelRole, signIn } from './sign-in';

/** The answer's schema, loaded with zod beside the first request rather than with the panel's entry. */
const sessionSchema = async () => (await import('../shared-schemas')).checkSessionResponseSchema;

const post = (path: string, body?: unknown) =>
  fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: session.token(), Language: session.language() },
    body: JSON.stringify(body ?? {}),
  });

/** The user of the stored token according to the server (spec §4 checksession); clears a dead session. */
async function verifySession(): Promise<SessionUser | undefined> {
  if (!session.token()) return undefined;
  const [schema, res] = await Promise.all([sessionSchema(), post('/users/checksession')]);
  const check = schema.parse(await res.json());
  if (!('user_id' in check)) {
    session.clear();
    return undefined;
  }
  const user = { user_id: check.user_id, username: check.username, role_id: check.role_id };
  session.save(session.token(), user);
  return user;
}

/**
 * The server's word on the session, at most ~30 s old. When it reports another role than the menus
 * were built on, react-admin's permissions query is refreshed: `<Admin>` then re-registers the
 * resources, and the menu follows without a reload.
 */
const sessionCheck = createSessionCheck({
  verify: verifySession,
  onRoleChange: () => void queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] }),
  // react-admin's `checkAuth` query runs again, fails, and signs out to the sign-in form.
  onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: ['auth'] }),
});

/**
 * A user the sign-in form has just verified with the server (`signIn`, before the panel loaded): the
 * panel's first `checkAuth` trusts it for ~30 s instead of asking the server again (the sign-in routes'
 * rate limit counts every request, docs/adr/0040).
 */
export const trustSignedInUser = (user: SessionUser) => sessionCheck.set(user);

/**
 * The panel opened on a stored staff session (token and an Admin or Region admin user, `signedInAsStaff`):
 * its first `checkAuth` and `getPermissions` answer from that session, so the dashboard does not wait for
 * checksession, which runs meanwhile; a session the server refuses signs out (docs/adr/0040).
 */
export function trustStoredSession(): void {
  const user = session.user();
  if (session.token() && user && isPanelRole(user.role_id)) sessionCheck.assume(user);
}

/**
 * react-admin's auth provider over the spec §7 user endpoints: sign in with username or email
 * and password (`signIn`), the token in localStorage `oauth_token`, sign out revokes it. Roles 3 and 4
 * are refused with a translated message; `getPermissions` answers `{ isAdmin }` for the menus.
 */
export const authProvider: AuthProvider = {
  /** Through the sign-in form's own request (`signIn`), whose `SignInError` the form shows (docs/adr/0040). */
  async login({ username, password }: { username: string; password: string }) {
    sessionCheck.set(await signIn(username, password));
  },
  async logout() {
    if (session.token()) await post('/users/signout').catch(() => undefined);
    session.clear();
    sessionCheck.reset();
  },
  /**
   * Checked with the server when the last check is older than ~30 s: react-admin calls this on
   * every screen it opens and when the window regains focus, so a role changed or a session
   * revoked elsewhere shows within a navigation.
   */
  async checkAuth() {
    const user = await sessionCheck.current();
    if (!user || !isPanelRole(user.role_id)) {
      sessionCheck.reset();
      throw new Error('mm.auth.sign_in_needed');
    }
  },
  checkError(error: { status?: number }) {
    if (error.status === 401) {
      session.clear();
      sessionCheck.reset();
      return Promise.reject(new Error('mm.auth.session_ended'));
    }
    // 403 is an answer about one record (outside a Region admin's provinces): stay signed in.
    return Promise.resolve();
  },
  /** `{ isAdmin, roleId }` from the session as the server verified it, never from a stale localStorage copy. */
  async getPermissions() {
    const user = await sessionCheck.current();
    sessionCheck.permissionsRole(user?.role_id);
    return { isAdmin: user?.role_id === Role.Admin, roleId: user?.role_id };
  },
  getIdentity() {
    const user = session.user();
    if (!user) return Promise.reject(new Error('mm.auth.sign_in_needed'));
    return Promise.resolve({ id: user.user_id, fullName: user.username });
  },
};
