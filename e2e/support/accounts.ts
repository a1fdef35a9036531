import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/** The server's outbox folder: without SMTP every email lands there as an `.eml` file. */
const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/**
 * The newest sign-up confirmation link emailed to `email` (quoted-printable soft breaks and `=3D`
 * undone), waiting up to 10 s for it.
 */
export async function confirmationLink(email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const files = (await readdir(outbox))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(`To: ${email}`)) continue;
      link = /https?:\/\/\S+\/users\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(raw)?.[0] ?? '';
      if (link) break;
    }
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return link;
}

/**
 * Signs up through the API (`POST /api/users/signup`, 202) and follows the emailed confirmation link
 * (`POST /api/users/confirm`); answers the confirmation's response: 201 with the new account's
 * `user_id`, `username`, `role_id` and `oauth_token`.
 */
export async function signUpConfirmed(
  request: APIRequestContext,
  options: { data: { email: string } & Record<string, unknown>; headers?: Record<string, string> },
): Promise<APIResponse> {
  const signup = await request.post('/api/users/signup', options);
  expect(signup.status(), await signup.text()).toBe(202);
  const token = new URL(await confirmationLink(options.data.email)).searchParams.get('token');
  return request.post('/api/users/confirm', { data: { token } });
}

/** A confirmed volunteer's session, as the confirmation answers it. */
export interface VolunteerSession {
  oauth_token: string;
  user_id: number;
  role_id: number;
  username: string;
}

/**
 * Signs up and confirms a volunteer named `username` (English, no newsletter, `username@example.org`);
 * answers the new session.
 */
export async function newVolunteer(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<VolunteerSession> {
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Léa',
      last_name: 'Gagnon',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'en',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as Omit<VolunteerSession, 'username'>), username };
}
