import type { AuthProvider } from 'react-admin';
import { API_BASE, PANEL_ROLE_IDS, Role, type RoleId, type SessionUser } from '@mm/shared';
import { queryClient } from './query-client';
import { createSessionCheck } from './session-check';
import { session } from './session';

/** The answer's schema, loaded with zod beside the first request rather than with the panel's entry. */
const sessionSchema = async () => (await import('../shared-schemas')).checkSessionResponseSchema;

const post = (path: string, body?: unknown) =>
  fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: session.token(), Language: session.language() },
    body: JSON.stringify(body ?? {}),
  });

/** Whether a role may open the panel (Admin or Region admin, README "Roles"). */
const isPanelRole = (roleId: number) => PANEL_ROLE_IDS.includes(roleId as RoleId);

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
});

/**
 * react-admin's auth provider over the spec §7 user endpoints: sign in with username or email
 * and password, the token in localStorage `oauth_token`, sign out revokes it. Roles 3 and 4 are
 * refused with a translated message; `getPermissions` answers `{ isAdmin }` for the menus.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const res = await post('/users/signin', { username, password });
    const body = (await res.json()) as { oauth_token?: string; message?: string };
    if (!res.ok || !body.oauth_token) throw new Error(body.message ?? 'ra.auth.sign_in_error');
    const [schema, checkRes] = await Promise.all([
      sessionSchema(),
      post('/users/checksession', { oauth_token: body.oauth_token }),
    ]);
    const check = schema.parse(await checkRes.json());
    if (!('user_id' in check)) throw new Error('ra.auth.sign_in_error');
    const user = { user_id: check.user_id, username: check.username, role_id: check.role_id };
    if (!isPanelRole(user.role_id)) {
      await fetch(`${API_BASE}/users/signout`, { method: 'POST', headers: { Authorization: body.oauth_token } });
      throw new Error('mm.auth.not_staff');
    }
    session.save(body.oauth_token, user);
    sessionCheck.set(user);
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
