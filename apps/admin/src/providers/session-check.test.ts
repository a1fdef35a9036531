import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@mm/shared';
import { createSessionCheck } from './session-check';

const regionAdmin: SessionUser = { user_id: 7, username: 'lgarcia', role_id: 2 };
const admin: SessionUser = { ...regionAdmin, role_id: 1 };

/** A server whose answers the test sets, counting how often it is asked. */
function setup(answers: (SessionUser | undefined | Error)[]) {
  let t = 1_000_000;
  let calls = 0;
  let roleChanges = 0;
  const check = createSessionCheck({
    verify: () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    onRoleChange: () => {
      roleChanges += 1;
    },
    now: () => t,
    maxAgeMs: 30_000,
  });
  return {
    check,
    advance: (ms: number) => {
      t += ms;
    },
    calls: () => calls,
    roleChanges: () => roleChanges,
  };
}

describe('createSessionCheck', () => {
  it('asks the server once, then answers from memory for 30 s', async () => {
    const s = setup([regionAdmin]);
    const [a, b] = await Promise.all([s.check.current(), s.check.current()]);
    expect(a).toEqual(regionAdmin);
    expect(b).toEqual(regionAdmin);
    s.advance(30_000);
    await s.check.current();
    expect(s.calls()).toBe(1);
    s.advance(1);
    await s.check.current();
    expect(s.calls()).toBe(2);
  });

  it('reports a role changed on the server once, after permissions were built on the old one', async () => {
    const s = setup([regionAdmin, admin]);
    s.check.permissionsRole((await s.check.current())?.role_id);
    s.advance(31_000);
    expect(await s.check.current()).toEqual(admin);
    expect(s.roleChanges()).toBe(1);
    // Until permissions are rebuilt, further checks with the same answer do not report again.
    s.advance(31_000);
    await s.check.current();
    expect(s.roleChanges()).toBe(1);
    s.check.permissionsRole(admin.role_id);
    s.advance(31_000);
    await s.check.current();
    expect(s.roleChanges()).toBe(1);
  });

  it('reports a revoked session as a change of role', async () => {
    const s = setup([admin, undefined]);
    s.check.permissionsRole((await s.check.current())?.role_id);
    s.advance(31_000);
    expect(await s.check.current()).toBeUndefined();
    expect(s.roleChanges()).toBe(1);
  });

  it('keeps the last answer when the network fails, and asks again on the next call', async () => {
    const s = setup([admin, new TypeError('Failed to fetch'), admin]);
    await s.check.current();
    s.advance(31_000);
    expect(await s.check.current()).toEqual(admin);
    await s.check.current();
    expect(s.calls()).toBe(3);
  });

  it('passes other failures on (a malformed answer is not hidden)', async () => {
    const s = setup([new Error('bad answer')]);
    await expect(s.check.current()).rejects.toThrow('bad answer');
  });

  it('trusts a sign-in without asking, and forgets everything on sign-out', async () => {
    const s = setup([regionAdmin]);
    s.check.set(admin);
    expect(await s.check.current()).toEqual(admin);
    expect(s.calls()).toBe(0);
    s.check.reset();
    expect(await s.check.current()).toEqual(regionAdmin);
    expect(s.calls()).toBe(1);
  });
});
