import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError, ConfirmSignupResponse, MyProfile } from '@mm/shared';
import { randomUUID } from 'node:crypto';
import { buildTestApp, confirmationToken, emailsTo, signUp, type TestContext } from './helpers';
import { awaitConfirmationToken, awaitEmailsTo } from './outbox-mail';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('sign-up', () => {
  it('creates the account once the emailed link is followed, signs it in and hashes the password with argon2id', async () => {
    const { res, token, username } = await signUp(ctx.app);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ confirmation_sent: true });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) });
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.role_id).toBe(3);
  });

  it('answers every §5 message in the request language, per field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { Language: 'en' },
      payload: {
        username: 'ab',
        first_name: '',
        last_name: '',
        email: 'nope',
        password: 'abcde',
        confirm_password: 'abcdf',
        language: 'en',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.fields).toMatchObject({
      username: 'Must contain at least 3 characters',
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      email: 'Email is not valid.',
      confirm_password: 'Password must match.',
    });
    for (const password of ['123', '12345678901234567']) {
      const short = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { password, confirm_password: password },
      });
      expect(short.json<ApiError>().fields?.password).toBe('Password must be 4-16 characters.');
    }
  });

  it('rejects special characters in usernames and a taken username or email', async () => {
    const bad = await signUp(ctx.app, { username: 'bad$name' });
    expect(bad.res.json<ApiError>().fields?.username).toBe('Do not use special characters or spaces in any field.');
    const first = await signUp(ctx.app);
    const again = await signUp(ctx.app, { username: first.username.toUpperCase() });
    expect(again.res.statusCode).toBe(400);
    expect(again.res.json<ApiError>().fields?.username).toBe('This username is already taken.');
  });

  it('rejects malformed JSON and wrong types with 400, never 500', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiError>().message).toBeTruthy();
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { username: 42, password: [], newsletter: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<ApiError>().fields ?? {})).toEqual(
      expect.arrayContaining(['username', 'password', 'newsletter', 'email']),
    );
  });
});

describe('sign-up confirmation and non-enumeration', () => {
  const form = (username: string, email: string, language = 'en') => ({
    username,
    first_name: 'Léa',
    last_name: 'Roy',
    email,
    password: 'monarque1',
    confirm_password: 'monarque1',
    language,
    newsletter: false,
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const users = async (username: string) =>
    (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = lower(${username})`)).rows[0]
      ?.n;

  it('answers a known email exactly like a new one and emails the owner in their language instead', async () => {
    // The owner's account, in French.
    const owner = await signUp(ctx.app, { language: 'fr' });
    const ownerEmail = `${owner.username}@example.org`;
    const mailsBefore = (await emailsTo(ctx.dataDir, ownerEmail)).length;

    const fresh = `n${randomUUID().slice(0, 8)}`;
    const newAnswer = await post('/api/users/signup', form(fresh, `${fresh}@example.org`), { Language: 'en' });
    const intruder = `i${randomUUID().slice(0, 8)}`;
    const knownAnswer = await post('/api/users/signup', form(intruder, ownerEmail.toUpperCase()), { Language: 'en' });

    // Same status, same body, same headers but for the request's own ones.
    expect(knownAnswer.statusCode).toBe(202);
    expect(knownAnswer.statusCode).toBe(newAnswer.statusCode);
    expect(knownAnswer.body).toBe(newAnswer.body);
    const headers = (r: typeof newAnswer) =>
      Object.keys(r.headers)
        .filter((h) => !['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(h))
        .sort()
        .map((h) => `${h}: ${h === 'content-length' || h.startsWith('x-ratelimit') ? '' : String(r.headers[h])}`);
    expect(headers(knownAnswer)).toEqual(headers(newAnswer));
    expect(knownAnswer.headers['content-length']).toBe(newAnswer.headers['content-length']);

    // The new address got a confirmation link; the known one's owner got a warning in French, no link.
    expect(await awaitConfirmationToken(ctx.dataDir, `${fresh}@example.org`)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ownerMails = (await awaitEmailsTo(ctx.dataDir, ownerEmail, mailsBefore + 1)).slice(mailsBefore);
    expect(ownerMails).toHaveLength(1);
    const warning = ownerMails[0] ?? '';
    expect(warning).toContain("Quelqu'un (peut-être vous) a tenté de créer un nouveau compte Mission Monarch");
    expect(warning).toContain('/mmapp/fr/users/signin');
    expect(warning).toContain('/mmapp/fr/users/forgotpassword');
    expect(warning).toContain(owner.username);
    expect(warning).not.toContain('/users/confirm?token=');
    expect(warning).not.toContain(intruder);
    // Nothing was created or queued for the intruder's username.
    expect(await users(intruder)).toBe(0);
    const queued = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM signup_requests WHERE username = ${intruder}`,
    );
    expect(queued.rows[0]?.n).toBe(0);
  });

  it('still says when a username is taken (usernames are public)', async () => {
    const first = await signUp(ctx.app);
    const res = await post('/api/users/signup', form(first.username, `${randomUUID()}@example.org`), {
      Language: 'fr',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ApiError>().fields ?? {})).toEqual(['username']);
  });

  it('creates no account before the link is followed; the link works once, translated errors otherwise', async () => {
    const username = `p${randomUUID().slice(0, 8)}`;
    const email = `${username}@example.org`;
    expect((await post('/api/users/signup', form(username, email, 'es'))).statusCode).toBe(202);
    expect(await users(username)).toBe(0);
    expect((await post('/api/users/signin', { username, password: 'monarque1' })).statusCode).toBe(401);

    const mail = (await awaitEmailsTo(ctx.dataDir, email, 1)).at(-1) ?? '';
    expect(mail).toContain('/mmapp/es/users/confirm?token=');
    const token = await awaitConfirmationToken(ctx.dataDir, email);

    const unknown = await post('/api/users/confirm', { token: 'x'.repeat(43) }, { Language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().message).toBe(
      "Ce lien n'est pas valide. Demandez-en un nouveau ou inscrivez-vous de nouveau.",
    );
    expect((await post('/api/users/confirm', { token: 'short' })).statusCode).toBe(400);

    const confirmed = await post('/api/users/confirm', { token });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json<ConfirmSignupResponse>()).toMatchObject({ username, role_id: 3 });
    expect(confirmed.json<ConfirmSignupResponse>().oauth_token).toMatch(/^[\w-]{43}$/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/myprofile',
      headers: { Authorization: confirmed.json<ConfirmSignupResponse>().oauth_token },
    });
    expect(me.json()).toMatchObject({ username, email, language: 'es', first_name: 'Léa' });
    expect((await post('/api/users/signin', { username, password: 'monarque1' })).statusCode).toBe(200);

    const again = await post('/api/users/confirm', { token }, { Language: 'en' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().message).toBe('This link has already been used: your account exists. Sign in.');
    expect(await users(username)).toBe(1);
  });

  it('refuses an expired link; a resent link replaces the previous one', async () => {
    const username = `r${randomUUID().slice(0, 8)}`;
    const email = `${username}@example.org`;
    await post('/api/users/signup', form(username, email));
    const first = await awaitConfirmationToken(ctx.dataDir, email);

    const resent = await post('/api/users/signup/resend', { email: email.toUpperCase() });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ sent: true });
    // The same answer for an address with no waiting sign-up.
    const nobody = await post('/api/users/signup/resend', { email: `${randomUUID()}@example.org` });
    expect([nobody.statusCode, nobody.body]).toEqual([resent.statusCode, resent.body]);
    // The resent link is written after the answer.
    const second = await vi.waitFor(
      async () => {
        const token = await confirmationToken(ctx.dataDir, email);
        if (!token || token === first) throw new Error('no second link yet');
        return token;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect((await post('/api/users/confirm', { token: first })).statusCode).toBe(400);

    await ctx.db.execute(
      sql`UPDATE signup_requests SET expires_at = now() - interval '1 minute' WHERE username = ${username}`,
    );
    const expired = await post('/api/users/confirm', { token: second }, { Language: 'en' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ApiError>().message).toMatch(/^This link has expired/);
    expect(await users(username)).toBe(0);
  });

  it('refuses a link whose username someone confirmed first', async () => {
    const username = `t${randomUUID().slice(0, 8)}`;
    await post('/api/users/signup', form(username, `${username}-a@example.org`));
    await post('/api/users/signup', form(username, `${username}-b@example.org`));
    const a = await awaitConfirmationToken(ctx.dataDir, `${username}-a@example.org`);
    const b = await awaitConfirmationToken(ctx.dataDir, `${username}-b@example.org`);
    expect((await post('/api/users/confirm', { token: b })).statusCode).toBe(201);
    const late = await post('/api/users/confirm', { token: a }, { Language: 'en' });
    expect(late.statusCode).toBe(400);
    expect(late.json<ApiError>().message).toMatch(/^Someone chose this username in the meantime/);
    expect(await users(username)).toBe(1);
  });
});

describe('sign-in, session check and sign-out', () => {
  it('signs in by username or email, checks the session, and revokes it on sign-out', async () => {
    const { username } = await signUp(ctx.app);
    const byName = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username, password: 'monarque1' },
    });
    expect(byName.statusCode).toBe(200);
    const token = byName.json<ConfirmSignupResponse>().oauth_token;
    const byEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username: `${username}@EXAMPLE.org`, password: 'monarque1' },
    });
    expect(byEmail.statusCode).toBe(200);

    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/checksession',
      payload: { oauth_token: token },
    });
    expect(check.json()).toMatchObject({ username, role_id: 3, user: { first_name: 'Marie', language: 'fr' } });

    const out = await ctx.app.inject({ method: 'POST', url: '/api/users/signout', headers: { Authorization: token } });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/checksession',
      payload: { oauth_token: token },
    });
    expect(after.json()).toEqual({});
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: token } });
    expect(me.statusCode).toBe(401);
  });

  it('answers the same 401 for a wrong password and an unknown user, translated', async () => {
    const { username } = await signUp(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { Language: 'fr' },
      payload: { username, password: 'wrong-one' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { Language: 'fr' },
      payload: { username: 'nobody-here', password: 'wrong-one' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json<ApiError>().message).toBe(unknown.json<ApiError>().message);
  });

  it('reports a role changed by another process at once, and later requests follow it', async () => {
    const { token, username } = await signUp(ctx.app);
    const check = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/checksession',
        headers: { Authorization: token },
        payload: {},
      });
    const users = () => ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { Authorization: token } });
    expect((await check()).json()).toMatchObject({ username, role_id: 3 });
    // The session is now in the server's cache; `npm run users:role` writes the database from another process.
    expect((await users()).statusCode).toBe(403);
    await ctx.db.execute(sql`UPDATE users SET role_id = 1 WHERE username = ${username}`);
    expect((await check()).json()).toMatchObject({ username, role_id: 1 });
    expect((await users()).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of tokens', async () => {
    const { token, userId } = await signUp(ctx.app);
    const rows = await ctx.db.query.sessions.findMany({ where: (s, { eq }) => eq(s.user_id, userId) });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });
});

describe('my profile', () => {
  it('answers the user record without secrets', async () => {
    const { token, username } = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: token } });
    expect(res.statusCode).toBe(200);
    const body = res.json<MyProfile>();
    expect(body).toMatchObject({ username, first_name: 'Marie', observation_count: 0, profile: { newsletter: true } });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password|token/);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiError>().message).toBe('Please sign in to continue.');
  });
});
