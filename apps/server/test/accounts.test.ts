import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ApiError,
  FollowingResponse,
  LoadParams,
  MyProfile,
  PublicProfile,
  ResetTokenStatus,
  UploadPhotoResponse,
  UsernameSearchResult,
} from '@mm/shared';
import { passwordResets, users } from '../src/db/schema';
import { buildTestApp, multipart, signUp, unzip, type TestContext } from './helpers';

/** A submission's answer (`POST /api/observations/submit_*`). */
interface Submitted {
  checklist_id: number;
}
/** A sign-in's answer. */
interface Token {
  oauth_token: string;
}
/** `POST /api/users/update_photo`'s answer. */
interface ProfilePhoto {
  photo_path: string;
  photo_name: string;
}
/** The parts of `GET /api/users/mydata` this test reads. */
interface AccountData {
  account: Record<string, unknown>;
  checklists: { checklist_id: number; site: Record<string, unknown>; observations: Record<string, unknown>[] }[];
  followers: { username: string }[];
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: 'https://monarch.example.org' });
});
afterAll(() => ctx.close());

const outbox = () => path.join(ctx.dataDir, 'outbox');

async function outboxFiles(): Promise<string[]> {
  return (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
}

/**
 * The raw email of the newest outbox message addressed to `email` that holds a reset link, with
 * quoted-printable soft breaks undone (the account's sign-up confirmation went to the same address).
 */
async function emailTo(email: string): Promise<string> {
  // The reset email is sent after the answer (no timing difference between known and unknown emails): wait for it.
  let found = '';
  await expect
    .poll(
      async () => {
        for (const file of (await outboxFiles()).reverse()) {
          const raw = (await readFile(path.join(outbox(), file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (raw.includes(`To: ${email}`) && raw.includes('/users/resetpassword?token=')) found = raw;
          if (found) break;
        }
        return found !== '';
      },
      { timeout: 5000 },
    )
    .toBe(true);
  return found;
}

const tokenIn = (mail: string) => /resetpassword\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? '';

async function requestReset(email: string, language = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/forgotpassword',
    headers: { Language: language },
    payload: { email },
  });
}

describe('forgot password', () => {
  it('answers the same whether or not the email exists, and emails the username and a reset link', async () => {
    const { username } = await signUp(ctx.app, { language: 'fr' });
    const before = (await outboxFiles()).length;
    const known = await requestReset(`${username.toUpperCase()}@example.org`);
    const unknown = await requestReset('nobody-at-all@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await emailTo(`${username}@example.org`);
    expect((await outboxFiles()).length).toBe(before + 1);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain(username);
    // The user's language (fr), not the request's (en).
    expect(mail).toMatch(/Votre nom d'utilisateur/);
    expect(mail).toContain('https://monarch.example.org/mmapp/fr/users/resetpassword?token=');
    const token = tokenIn(mail);
    expect(token).toHaveLength(43);

    const [row] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.token_hash, (await import('../src/lib/tokens')).hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(await ctx.db.select().from(passwordResets))).not.toContain(token);
    expect(row!.expires_at.getTime() - row!.created.getTime()).toBeCloseTo(3_600_000, -4);
  });

  it('rejects a malformed email with the §5 message', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.email).toBe('Email is not valid.');
  });
});

describe('reset password', () => {
  it('checks the link, resets, revokes every old session and signs in afresh; the link works once', async () => {
    const { username, token: oldToken } = await signUp(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username, password: 'monarque1' },
    });
    const otherToken = other.json<Token>().oauth_token;
    // Both sessions are in the cache now.
    for (const t of [oldToken, otherToken]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: t } }))
          .statusCode,
      ).toBe(200);
    }
    await requestReset(`${username}@example.org`);
    const reset = tokenIn(await emailTo(`${username}@example.org`));

    const status = await ctx.app.inject({ method: 'GET', url: `/api/users/findbysystoken/${reset}` });
    expect(status.json()).toEqual({ valid: true, username });

    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${reset}`,
      payload: { password: 'papillon2', confirm_password: 'papillon3' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<ApiError>().fields?.confirm_password).toBe('Password must match.');
    const short = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${reset}`,
      payload: { password: 'abc', confirm_password: 'abc' },
    });
    expect(short.json<ApiError>().fields?.password).toBe('Password must be 4-16 characters.');

    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${reset}`,
      payload: { password: 'papillon2', confirm_password: 'papillon2' },
    });
    expect(ok.statusCode).toBe(200);
    const newToken = ok.json<Token>().oauth_token;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const t of [oldToken, otherToken]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: t } }))
          .statusCode,
      ).toBe(401);
    }
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/myprofile',
      headers: { Authorization: newToken },
    });
    expect(me.json<MyProfile>().username).toBe(username);
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username, password: 'monarque1' },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username, password: 'papillon2' },
    });
    expect(newPassword.statusCode).toBe(200);

    const used = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/findbysystoken/${reset}`,
      headers: { Language: 'fr' },
    });
    expect(used.json<ResetTokenStatus>()).toMatchObject({ valid: false, reason: 'used' });
    expect(used.json<ResetTokenStatus>().message).toMatch(/déjà été utilisé/);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${reset}`,
      payload: { password: 'papillon9', confirm_password: 'papillon9' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().message).toMatch(/already been used/);
  });

  it('refuses an expired or unknown link with a clear message', async () => {
    const { username, userId } = await signUp(ctx.app);
    await requestReset(`${username}@example.org`);
    const reset = tokenIn(await emailTo(`${username}@example.org`));
    await ctx.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.user_id, userId));

    const expired = await ctx.app.inject({ method: 'GET', url: `/api/users/findbysystoken/${reset}` });
    expect(expired.json<ResetTokenStatus>()).toMatchObject({ valid: false, reason: 'expired' });
    expect(expired.json<ResetTokenStatus>().message).toMatch(/expired/);
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${reset}`,
      payload: { password: 'papillon2', confirm_password: 'papillon2' },
    });
    expect(post.statusCode).toBe(400);
    expect(post.json<ApiError>().message).toMatch(/expired/);

    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/users/findbysystoken/${'x'.repeat(43)}` });
    expect(unknown.json()).toMatchObject({ valid: false, reason: 'unknown' });
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/users/findbysystoken/%27or%201=1' });
    expect(garbage.json()).toMatchObject({ valid: false, reason: 'unknown' });
  });
});

describe('profiles', () => {
  it('shows a public profile without email or private fields', async () => {
    const { username, token } = await signUp(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateprofile',
      headers: { Authorization: token },
      payload: {
        bio: 'I count monarchs in Parc Jarry.',
        club: 'Club des naturalistes',
        species_name: 'Asclepias syriaca',
        newsletter: true,
        obsend: true,
        obreceive: false,
      },
    });
    expect(put.statusCode).toBe(204);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${username.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicProfile>();
    expect(body).toMatchObject({
      username,
      first_name: 'Marie',
      bio: 'I count monarchs in Parc Jarry.',
      club: 'Club des naturalistes',
      observation_count: 0,
      recent_observations: [],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('@example.org');
    for (const key of [
      'email',
      'password',
      'role_id',
      'language',
      'lastlogin',
      'newsletter',
      'obsend',
      'obreceive',
      'systoken',
    ])
      expect(body).not.toHaveProperty(key);

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/users/profile/no-such-volunteer' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiError>().message).toBe('Resource not found');
  });

  it('counts only public observations and lists the recent ones', async () => {
    const { username, token, userId } = await signUp(ctx.app);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
    const provinceId = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
    const submit = (adults: number, date: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/observations/submit_flash',
        headers: { Authorization: token },
        payload: {
          idempotency_key: crypto.randomUUID(),
          checklist_date: date,
          locality: 'Parc Jarry',
          city: 'Montréal',
          province_id: provinceId,
          latitude: 45.5339,
          longitude: -73.6281,
          adults,
          eggs: 0,
          caterpillars: 0,
          chrysalises: 0,
          photos: [],
        },
      });
    expect((await submit(3, '2026-07-14')).statusCode).toBe(201);
    const hidden = (await submit(2, '2026-07-15')).json<Submitted>().checklist_id;
    await ctx.db.execute(sql`UPDATE observations SET observationstatus_id = 5 WHERE checklist_id = ${hidden}`);

    const body = (await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${username}` })).json<PublicProfile>();
    expect(body).toMatchObject({ checklist_count: 1, observation_count: 1, location_count: 1 });
    expect(body.recent_observations).toHaveLength(1);
    expect(body.recent_observations[0]).toMatchObject({
      numbers: 3,
      lifestage_id: 1,
      locality: 'Parc Jarry',
      checklist_date: '2026-07-14',
      is_flash: true,
    });
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: token } })
    ).json<MyProfile>();
    expect(mine.user_id).toBe(userId);
  });

  it('searches usernames case-insensitively, within the limit', async () => {
    // No a, b or c in the prefix: the three names then tie on trigram similarity and come in name order (a
    // prefix ending in "b" would rank "…bb" above "…ba").
    const prefix = `zq${Date.now().toString(36).replace(/[abc]/g, 'x')}`;
    for (const suffix of ['a', 'b', 'c'])
      await signUp(ctx.app, { username: `${prefix}${suffix}`, email: `${prefix}${suffix}@example.org` });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/getusernames?limit=2&value=${prefix.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [expect.objectContaining({ username: `${prefix}a` }), expect.objectContaining({ username: `${prefix}b` })],
      pagination: { count: 2 },
    });
    const tooMany = await ctx.app.inject({ method: 'GET', url: '/api/users/getusernames?limit=101&value=a' });
    expect(tooMany.statusCode).toBe(400);
    const wildcard = await ctx.app.inject({ method: 'GET', url: '/api/users/getusernames?value=%25' });
    expect(wildcard.json<UsernameSearchResult>().data).toEqual([]);
  });

  it('finds a username from any part of it, ignoring case and accents, best matches first', async () => {
    const tag = `q${Date.now().toString(36)}`;
    for (const username of [`l${tag}garcia`, `${tag}garciab`, `${tag}garcia`])
      await signUp(ctx.app, { username, email: `${username}@example.org` });
    const search = async (value: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/users/getusernames?limit=100&value=${encodeURIComponent(value)}`,
        })
      ).json<UsernameSearchResult>().data;
    expect((await search(`${tag.toUpperCase()}GARCÍA`)).map((r) => r.username)).toEqual([
      `${tag}garcia`,
      `${tag}garciab`,
      `l${tag}garcia`,
    ]);
    expect((await search(`${tag}garcía`.slice(1))).map((r) => r.username)).toContain(`l${tag}garcia`);
    expect(await search(`${tag}_`)).toEqual([]);
  });

  it('lists users for admins only', async () => {
    const user = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: { Authorization: user.token } })).statusCode,
    ).toBe(403);
    const admin = await signUp(ctx.app);
    await ctx.db.update(users).set({ role_id: 1 }).where(eq(users.user_id, admin.userId));
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username: admin.username, password: 'monarque1' },
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { Authorization: signin.json<Token>().oauth_token },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { username: string }[] }>().data.map((u) => u.username)).toContain(user.username);
  });

  it('lets users update only themselves, admins anyone', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const payload = {
      first_name: 'Jeanne',
      last_name: 'Roy',
      email: `${me.username}@example.net`,
      language: 'es',
      province_id: 11,
      country_id: 1,
    };
    const self = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${me.userId}`,
      headers: { Authorization: me.token },
      payload,
    });
    expect(self.statusCode).toBe(204);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/myprofile',
      headers: { Authorization: me.token },
    });
    expect(mine.json()).toMatchObject({ first_name: 'Jeanne', language: 'es', email: `${me.username}@example.net` });

    const notMine = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${other.userId}`,
      headers: { Authorization: me.token },
      payload: { ...payload, email: 'x@example.net' },
    });
    expect(notMine.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/users/update/${me.userId}`, payload });
    expect(anonymous.statusCode).toBe(401);
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${me.userId}`,
      headers: { Authorization: me.token },
      payload: { ...payload, email: `${other.username}@example.org` },
    });
    expect(taken.json<ApiError>().fields?.email).toBe('An account already uses this email.');

    await ctx.db.update(users).set({ role_id: 1 }).where(eq(users.user_id, other.userId));
    const adminSignin = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username: other.username, password: 'monarque1' },
    });
    const byAdmin = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${me.userId}`,
      headers: { Authorization: adminSignin.json<Token>().oauth_token },
      payload: { ...payload, first_name: 'Admin-set' },
    });
    expect(byAdmin.statusCode).toBe(204);
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const { username, token } = await signUp(ctx.app);
    const other = (
      await ctx.app.inject({ method: 'POST', url: '/api/users/signin', payload: { username, password: 'monarque1' } })
    ).json<Token>().oauth_token;
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/changepassword',
      headers: { Authorization: token },
      payload: { current_password: 'nope', new_password: 'papillon2', confirm_password: 'papillon2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().fields?.current_password).toBe('The current password is not correct.');
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/changepassword',
      headers: { Authorization: token },
      payload: { current_password: 'monarque1', new_password: 'papillon2', confirm_password: 'papillon2' },
    });
    expect(ok.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: token } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: other } }))
        .statusCode,
    ).toBe(401);
  });

  it('stores a square profile photo and shows it on the public profile', async () => {
    const { username, token } = await signUp(ctx.app);
    const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#e8871e' } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipart('me.jpg', image, 'image/jpeg');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update_photo',
      headers: { ...headers, Authorization: token },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const { photo_path, photo_name } = res.json<ProfilePhoto>();
    const meta = await sharp(path.join(ctx.uploadsDir, photo_path, photo_name)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${username}` });
    expect(profile.json<PublicProfile>().photo_path).toBe(`/attachments/${photo_path}/${photo_name}`);

    const text = multipart('me.jpg', Buffer.from('not an image'), 'image/jpeg');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update_photo',
      headers: { ...text.headers, Authorization: token },
      payload: text.payload,
    });
    expect(bad.statusCode).toBe(415);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update_photo',
      headers: text.headers,
      payload: text.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('follow', () => {
  it('follows and unfollows with real counts, idempotently; lists whom I follow', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const as = { Authorization: me.token };
    expect((await ctx.app.inject({ method: 'POST', url: `/api/users/follow/${other.username}` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/users/follow/${me.username}`, headers: as })).json<ApiError>()
        .message,
    ).toBe('You cannot follow yourself.');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/follow/nobody-such', headers: as })).statusCode,
    ).toBe(404);
    for (let i = 0; i < 2; i++)
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/users/follow/${other.username}`, headers: as })).statusCode,
      ).toBe(204);

    const seen = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${other.username}`, headers: as })
    ).json<PublicProfile>();
    expect(seen).toMatchObject({ follower_count: 1, following_count: 0, followed_by_me: true });
    const anonymous = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${other.username}` })
    ).json<PublicProfile>();
    expect(anonymous).not.toHaveProperty('followed_by_me');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: as })).json<MyProfile>()
        .following_count,
    ).toBe(1);
    const following = (
      await ctx.app.inject({ method: 'GET', url: '/api/users/following', headers: as })
    ).json<FollowingResponse>();
    expect(following.data).toHaveLength(1);
    expect(following.data[0]).toMatchObject({ username: other.username, latest: [] });

    for (let i = 0; i < 2; i++)
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/users/follow/${other.username}`, headers: as }))
          .statusCode,
      ).toBe(204);
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${other.username}`, headers: as })
    ).json<PublicProfile>();
    expect(after).toMatchObject({ follower_count: 0, followed_by_me: false });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/following', headers: as })).json<FollowingResponse>()
        .data,
    ).toEqual([]);
  });
});

describe('my data', () => {
  it('exports everything as JSON, then deletes the account keeping the observations anonymised', async () => {
    const { username, token, userId } = await signUp(ctx.app);
    const fan = await signUp(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/follow/${username}`,
      headers: { Authorization: fan.token },
    });
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
    const provinceId = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
    const flash = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: token },
      payload: {
        idempotency_key: crypto.randomUUID(),
        checklist_date: '2026-07-14',
        locality: 'Parc Jarry',
        city: 'Montréal',
        province_id: provinceId,
        latitude: 45.5339,
        longitude: -73.6281,
        adults: 2,
        eggs: 0,
        caterpillars: 0,
        chrysalises: 0,
        photos: [],
      },
    });
    const checklistId = flash.json<Submitted>().checklist_id;
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const body = multipart('me.jpg', image, 'image/jpeg');
    const photo = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/update_photo',
        headers: { ...body.headers, Authorization: token },
        payload: body.payload,
      })
    ).json<ProfilePhoto>();

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/mydata',
      headers: { Authorization: token },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`mission-monarch-${username}.json`);
    const data = exported.json<AccountData>();
    expect(data.account).toMatchObject({ username, email: `${username}@example.org`, follower_count: 1 });
    expect(data.checklists).toHaveLength(1);
    expect(data.checklists[0]).toMatchObject({
      checklist_id: checklistId,
      site: { locality: 'Parc Jarry' },
    });
    expect(data.checklists[0]?.observations).toHaveLength(1);
    expect(data.checklists[0]?.observations[0]).toMatchObject({ numbers: 2 });
    expect(data.followers.map((f) => f.username)).toEqual([fan.username]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|token_hash/);

    // The archive: the same data plus the photo files (an observation upload and the profile photo).
    const upload = multipart('field.jpg', image, 'image/jpeg');
    const fieldPhoto = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/photos/uploadphotos/observations',
        headers: { ...upload.headers, Authorization: token },
        payload: upload.payload,
      })
    ).json<UploadPhotoResponse>();
    const archive = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/mydata/archive',
      headers: { Authorization: token },
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-disposition']).toContain(`mission-monarch-${username}.zip`);
    const entries = await unzip(archive.rawPayload);
    expect(Object.keys(entries).sort()).toEqual([
      'data.json',
      `photos/${fieldPhoto.photo_name}`,
      `profile/${photo.photo_name}`,
    ]);
    expect(JSON.parse(entries['data.json']!)).toMatchObject({ account: { username }, missing_files: [] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/mydata/archive' })).statusCode).toBe(401);

    const wrong = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/myaccount',
      headers: { Authorization: token },
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/myaccount',
      headers: { Authorization: token },
      payload: { password: 'monarque1' },
    });
    expect(gone.statusCode).toBe(204);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: token } }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${username}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/signin', payload: { username, password: 'monarque1' } }))
        .statusCode,
    ).toBe(401);
    const kept = await ctx.db.execute<{ user_id: number | null; n: number }>(
      sql`SELECT c.user_id, count(o.*)::int AS n FROM checklists c JOIN observations o USING (checklist_id) WHERE c.checklist_id = ${checklistId} GROUP BY c.user_id`,
    );
    expect(kept.rows).toEqual([{ user_id: null, n: 1 }]);
    expect(existsSync(path.join(ctx.uploadsDir, photo.photo_path, photo.photo_name))).toBe(false);
    expect((await ctx.db.select().from(users).where(eq(users.user_id, userId))).length).toBe(0);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${fan.username}` })).json<PublicProfile>()
        .following_count,
    ).toBe(0);
  });
});

describe('contact us', () => {
  it('validates, stores and emails the message to CONTACT_TO', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/email-contact',
      payload: { name: '', email: 'nope', subject: '', message: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toMatchObject({
      name: 'Name is required.',
      email: 'Email is not valid.',
      subject: 'Subject is required.',
      message: 'Message is required.',
    });

    const subject = `Milkweed question ${Date.now()}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/email-contact',
      headers: { Language: 'fr' },
      payload: {
        name: 'Léa Gagnon',
        email: 'lea@example.org',
        subject,
        message: 'Where can I find milkweed seeds near Laval?',
      },
    });
    expect(res.statusCode).toBe(204);
    const row = await ctx.db.query.contactMessages.findFirst({
      where: (c, { eq: equals }) => equals(c.subject, subject),
    });
    expect(row).toMatchObject({ name: 'Léa Gagnon', email: 'lea@example.org', language: 'fr', handled: false });
    const files = await outboxFiles();
    const mails = await Promise.all(files.map((f) => readFile(path.join(outbox(), f), 'utf8')));
    const mail = mails.find((m) => m.includes('Reply-To: lea@example.org'));
    expect(mail).toContain('Where can I find milkweed seeds');
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => limited.close());

  it('answers 429 with a translated message after the limit, per endpoint', async () => {
    // Counters live in PostgreSQL, shared with every other test app: this test has its own address.
    const remoteAddress = '10.20.0.1';
    const forgot = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/forgotpassword',
        remoteAddress,
        headers: { Language: 'fr' },
        payload: { email: 'someone@example.org' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    const third = await forgot();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(third.json<ApiError>().message).toMatch(/Trop de tentatives/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const contact = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/email-contact',
        remoteAddress,
        payload: { name: 'A', email: 'a@example.org', subject: 'Hi', message: 'A message long enough.' },
      });
    expect((await contact()).statusCode).toBe(204);
    expect((await contact()).statusCode).toBe(204);
    expect((await contact()).statusCode).toBe(429);

    const signin = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress,
        payload: { username: 'nobody', password: 'whatever' },
      });
    expect((await signin()).statusCode).toBe(401);
    expect((await signin()).statusCode).toBe(401);
    expect((await signin()).statusCode).toBe(429);
  });

  it('also counts recovery requests per email address, whatever the IP, and lets them in again after the window', async () => {
    const windowed = await buildTestApp({ AUTH_RATE_LIMIT: '2', AUTH_RATE_WINDOW_MS: '60000' });
    // The counters' windows run on Date.now() (rate-limiter-flexible writes each expiry from it): only
    // the clock is faked, timers and PostgreSQL's I/O stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const email = `target-${Date.now()}@example.org`;
      const forgot = (ip: string, address = email) =>
        windowed.app.inject({
          method: 'POST',
          url: '/api/users/forgotpassword',
          remoteAddress: ip,
          payload: { email: address },
        });
      expect((await forgot('10.20.1.1')).statusCode).toBe(200);
      expect((await forgot('10.20.1.2')).statusCode).toBe(200);
      expect((await forgot('10.20.1.3')).statusCode).toBe(429);
      expect((await forgot('10.20.1.3', email.toUpperCase())).statusCode).toBe(429);
      expect((await forgot('10.20.1.4', `other-${email}`)).statusCode).toBe(200);
      // Still refused 1 s before the window (60 s here) ends, let in again once it has.
      vi.setSystemTime(Date.now() + 59_000);
      expect((await forgot('10.20.1.5')).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 1_001);
      expect((await forgot('10.20.1.6')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await windowed.close();
    }
  });
});
