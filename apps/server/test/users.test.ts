import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('sign-up', () => {
  it('creates an account, signs it in and hashes the password with argon2id', async () => {
    const { res, token, username } = await signUp(ctx.app);
    expect(res.statusCode).toBe(201);
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
    const body = res.json();
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
      expect(short.json().fields.password).toBe('Password must be 4-16 characters.');
    }
  });

  it('rejects special characters in usernames and a taken username or email', async () => {
    const bad = await signUp(ctx.app, { username: 'bad$name' });
    expect(bad.res.json().fields.username).toBe('Do not use special characters or spaces in any field.');
    const first = await signUp(ctx.app);
    const again = await signUp(ctx.app, { username: first.username.toUpperCase() });
    expect(again.res.statusCode).toBe(400);
    expect(again.res.json().fields.username).toBe('This username is already taken.');
  });

  it('rejects malformed JSON and wrong types with 400, never 500', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { username: 42, password: [], newsletter: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(
      expect.arrayContaining(['username', 'password', 'newsletter', 'email']),
    );
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
    const token = byName.json().oauth_token as string;
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
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('reports a role changed by another process at once, and later requests follow it (issue 17)', async () => {
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
    const body = res.json();
    expect(body).toMatchObject({ username, first_name: 'Marie', observation_count: 0, profile: { newsletter: true } });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password|token/);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });
});
