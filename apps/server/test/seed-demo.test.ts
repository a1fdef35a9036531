import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeedRefusal, ensureDemoAccount, isDemoEmail } from '../src/cli/demo-accounts';
import { usersRepository } from '../src/modules/users/users.repository';
import { buildTestApp, signUp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('seed:demo accounts', () => {
  it('refuses a database with accounts it did not create, unless --force', async () => {
    await signUp(ctx.app);
    const refusal = await demoSeedRefusal(ctx.db, false);
    expect(refusal).toMatch(/did not create.*--force/);
    expect(await demoSeedRefusal(ctx.db, true)).toBeUndefined();
  });

  it('never touches a real account whose username is a demo name', async () => {
    const real = await signUp(ctx.app);
    const before = await usersRepository.findById(ctx.db, real.userId);
    expect(await ensureDemoAccount(ctx.db, { username: real.username, first_name: 'X', last_name: 'Y' })).toBe(
      'skipped',
    );
    expect(await usersRepository.findById(ctx.db, real.userId)).toEqual(before);
  });

  it('creates a marked demo account with a random password shown once, then reuses it', async () => {
    const username = `demo${randomUUID().slice(0, 8)}`;
    const first = await ensureDemoAccount(ctx.db, { username, first_name: 'Demo', last_name: 'Admin' });
    const second = await ensureDemoAccount(ctx.db, { username, first_name: 'Demo', last_name: 'Admin' });
    const other = await ensureDemoAccount(ctx.db, { username: `${username}b`, first_name: 'D', last_name: 'A' });
    if (first === 'skipped' || second === 'skipped' || other === 'skipped') throw new Error('skipped');
    expect(first.created).toBe(true);
    expect(first.password).toMatch(/^[\w-]{16}$/);
    expect(other.password).not.toBe(first.password);
    expect(second).toEqual({ userId: first.userId, created: false });
    const row = await usersRepository.findById(ctx.db, first.userId);
    expect(isDemoEmail(row?.email ?? '')).toBe(true);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username, password: first.password },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
