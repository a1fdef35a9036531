import { API_BASE, PANEL_ROLE_IDS, toSessionUser, type RoleId, type SessionUser } from '@mm/shared';
import { session } from './session';

/**
 * Why a sign-in failed: `failed` (wrong name or password, or an answer the panel cannot read),
 * `not_staff` (a volunteer's account: the panel is for Admins and Region admins, README "Roles"),
 * `offline` (no answer from the server). `serverMessage`: the server's own message, in the panel's
 * language (the request's `Language` header), when it gave one.
 */
export class SignInError extends Error {
  constructor(
    readonly reason: 'failed' | 'not_staff' | 'offline',
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? reason);
    this.name = 'SignInError';
  }
}

/** Whether a role may open the panel (Admin or Region admin, README "Roles"). */
export const isPanelRole = (roleId: number) => PANEL_ROLE_IDS.includes(roleId as RoleId);

/** Whether the stored session is a staff member's: the panel then loads at once, else the sign-in form shows. */
export const signedInAsStaff = (): boolean => {
  const user = session.user();
  return !!session.token() && !!user && isPanelRole(user.role_id);
};

const post = (path: string, body: unknown, token = '') =>
  fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token, Language: session.language() },
    body: JSON.stringify(body),
  });

/**
 * Signs a staff member in (spec §7 `POST /users/signin` with username or email and password, then
 * `POST /users/checksession` for the role) and stores the session where the public site keeps it
 * (localStorage `oauth_token`, `currentUser`). A volunteer's token is revoked at once
 * (`POST /users/signout`). Without zod (`toSessionUser`), so that the sign-in form loads without the
 * panel (docs/adr/0040).
 * @returns the signed-in user `{ user_id, username, role_id }`
 * @throws SignInError `failed`, `not_staff` or `offline`
 */
export async function signIn(username: string, password: string): Promise<SessionUser> {
  try {
    const res = await post('/users/signin', { username, password });
    const body = (await res.json()) as { oauth_token?: string; message?: string };
    if (!res.ok || !body.oauth_token) throw new SignInError('failed', body.message);
    const token = body.oauth_token;
    const user = toSessionUser(await (await post('/users/checksession', { oauth_token: token })).json());
    if (!user) throw new SignInError('failed');
    if (!isPanelRole(user.role_id)) {
      await post('/users/signout', {}, token).catch(() => undefined);
      throw new SignInError('not_staff');
    }
    session.save(token, user);
    return user;
  } catch (error) {
    if (error instanceof SignInError) throw error;
    // fetch rejects with a TypeError when there is no answer at all; an unreadable body is a failure.
    throw new SignInError(error instanceof TypeError ? 'offline' : 'failed');
  }
}
