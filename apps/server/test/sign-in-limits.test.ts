import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ApiError } from '@mm/shared';
import { loadConfig } from '../src/config';
import { isCommonPassword } from '../src/lib/common-passwords';
import { signinDelaySeconds } from '../src/lib/rate-limits';
import { buildTestApp, signUp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const signin = (app: TestContext['app'], username: string, password: string, ip = '10.30.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/signin', remoteAddress: ip, payload: { username, password } });

describe('failed sign-ins per account', () => {
  it('delays grow from the 5th failure: 0 … 0, 1, 2, 4 … 60 s', () => {
    expect([1, 4, 5, 6, 7, 10, 11, 100].map(signinDelaySeconds)).toEqual([0, 0, 1, 2, 4, 32, 60, 60]);
  });

  it('counts one account once whether the username or the email is typed, from any address', async () => {
    const { username } = await signUp(ctx.app);
    // The delays run on Date.now() (rate-limiter-flexible writes each expiry from it): only the clock is
    // faked, timers and PostgreSQL's I/O stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const email = `${username}@example.org`;
    const typed = [username, email.toUpperCase(), username.toUpperCase(), email, username];
    for (const [i, login] of typed.entries()) {
      expect((await signin(ctx.app, login, 'wrong-one', `10.30.1.${i}`)).statusCode).toBe(401);
    }
    // The 5th failure started a delay: the right password must wait too, whatever is typed.
    const waiting = await signin(ctx.app, email, 'monarque1', '10.30.1.9');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    // Another account is not affected.
    const other = await signUp(ctx.app);
    expect((await signin(ctx.app, other.username, 'monarque1')).statusCode).toBe(200);
    // Still waiting 100 ms before the delay's end; after it the right password signs in and clears the count.
    vi.setSystemTime(Date.now() + 900);
    expect((await signin(ctx.app, username, 'monarque1')).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 101);
    expect((await signin(ctx.app, username, 'monarque1')).statusCode).toBe(200);
    expect((await signin(ctx.app, username, 'wrong-one')).statusCode).toBe(401);
  });

  it('refuses an account after its failures of the hour, in every server process (PostgreSQL store)', async () => {
    const first = await buildTestApp({ SIGNIN_FAILURES_PER_HOUR: '3' });
    const second = await buildTestApp({ SIGNIN_FAILURES_PER_HOUR: '3' });
    try {
      const { username } = await signUp(first.app);
      expect((await signin(first.app, username, 'wrong-one')).statusCode).toBe(401);
      expect((await signin(second.app, username, 'wrong-one')).statusCode).toBe(401);
      expect((await signin(first.app, `${username}@example.org`, 'wrong-one')).statusCode).toBe(401);
      const refused = await signin(second.app, username, 'monarque1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // An unknown identifier is counted the same way (no hint that the account exists).
      const unknown = `nobody-${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect((await signin(first.app, unknown, 'x1234')).statusCode).toBe(401);
      expect((await signin(second.app, unknown.toUpperCase(), 'x1234')).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('defaults: 100 failures an hour, sign-in 10 per IP a minute, sign-up 30 per IP per 10 minutes', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused' });
    expect(config.SIGNIN_FAILURES_PER_HOUR).toBe(100);
    expect([config.AUTH_RATE_LIMIT, config.AUTH_RATE_WINDOW_MS]).toEqual([10, 60_000]);
    expect([config.SIGNUP_RATE_LIMIT, config.SIGNUP_RATE_WINDOW_MS]).toEqual([30, 600_000]);
    expect(() => loadConfig({ SIGNIN_FAILURES_PER_HOUR: '101' })).toThrow(/SIGNIN_FAILURES_PER_HOUR/);
  });
});

describe('sign-up limits and passwords', () => {
  it('lets a class of 30 sign up from one address, then answers 429', async () => {
    const school = await buildTestApp({ SIGNUP_RATE_LIMIT: '30' });
    try {
      const ip = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const username = `c${randomUUID().slice(0, 10)}`;
        const res = await school.app.inject({
          method: 'POST',
          url: '/api/users/signup',
          remoteAddress: ip,
          payload: {
            username,
            first_name: 'Élève',
            last_name: 'Classe',
            email: `${username}@example.org`,
            password: 'Papillon-7q',
            confirm_password: 'Papillon-7q',
            language: 'fr',
          },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 202)).toBe(true);
      expect(codes[30]).toBe(429);
    } finally {
      await school.close();
    }
  });

  it('refuses the 10,000 most common passwords with a translated message, keeping the 4–16 rule', async () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Qwerty')).toBe(true);
    expect(isCommonPassword('monarque1')).toBe(false);
    const common = await signUp(ctx.app, { password: 'password1', confirm_password: 'password1', language: 'es' });
    expect(common.res.statusCode).toBe(400);
    expect(Object.keys(common.res.json<ApiError>().fields ?? {})).toEqual(['password']);
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { Language: 'fr' },
      payload: {
        username: `u${randomUUID().slice(0, 8)}`,
        first_name: 'A',
        last_name: 'B',
        email: `${randomUUID()}@example.org`,
        password: 'qwerty',
        confirm_password: 'qwerty',
        language: 'fr',
      },
    });
    expect(fr.json<ApiError>().fields?.password).toBe(
      'Ce mot de passe est trop courant. Veuillez en choisir un autre.',
    );
    const tooShort = await signUp(ctx.app, { password: 'q1', confirm_password: 'q1' });
    expect(tooShort.res.json<ApiError>().fields?.password).toBe('Password must be 4-16 characters.');

    const { token } = await signUp(ctx.app);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/changepassword',
      headers: { Authorization: token },
      payload: { current_password: 'monarque1', new_password: 'iloveyou', confirm_password: 'iloveyou' },
    });
    expect(change.statusCode).toBe(400);
    expect(Object.keys(change.json<ApiError>().fields ?? {})).toEqual(['new_password']);
  });
});
