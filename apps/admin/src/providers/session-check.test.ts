import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@mm/shared';
import { createSessionCheck } from './session-check';

const regionAdmin: SessionUser = { user_id: 7, username: 'lgarcia', role_id: 2 };
const admin: SessionUser = { ...regionAdmin, role_id: 1 };

type Answer = SessionUser | undefined | Error;

/** A server whose answers the test sets (or holds back, as promises), counting how often it is asked. */
function setup(answers: (Answer | Promise<Answer>)[]) {
  let t = 1_000_000;
  let calls = 0;
  let roleChanges = 0;
  let sessionsEnded = 0;
  const check = createSessionCheck({
    verify: async () => {
      const answer = await answers[Math.min(calls++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onRoleChange: () => {
      roleChanges += 1;
    },
    onSessionEnded: () => {
      sessionsEnded += 1;
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
    sessionsEnded: () => sessionsEnded,
  };
}

/** A promise the test settles when it chooses: a server answer still on its way. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** Lets the background check's promise callbacks run. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

  it('answers an assumed stored session before the server does, and verifies it in the background', async () => {
    const answer = later<Answer>();
    const s = setup([answer.promise]);
    s.check.assume(regionAdmin);
    expect(await s.check.current()).toEqual(regionAdmin);
    expect(s.calls()).toBe(1);
    answer.settle(regionAdmin);
    await settled();
    expect(await s.check.current()).toEqual(regionAdmin);
    expect(s.calls()).toBe(1);
    expect(s.sessionsEnded()).toBe(0);
    expect(s.roleChanges()).toBe(0);
  });

  it('reports an assumed session the server refuses as ended, and answers signed out from then on', async () => {
    const s = setup([undefined]);
    s.check.assume(admin);
    await settled();
    expect(s.sessionsEnded()).toBe(1);
    expect(await s.check.current()).toBeUndefined();
    expect(s.calls()).toBe(1);
  });

  it('reports another role than the assumed one once the menus were built on it', async () => {
    const answer = later<Answer>();
    const s = setup([answer.promise]);
    s.check.assume(admin);
    s.check.permissionsRole((await s.check.current())?.role_id);
    answer.settle(regionAdmin);
    await settled();
    expect(s.roleChanges()).toBe(1);
    expect(s.sessionsEnded()).toBe(0);
    expect(await s.check.current()).toEqual(regionAdmin);
  });

  it('keeps the assumed session when its check fails, and asks again after 30 s', async () => {
    const s = setup([new TypeError('Failed to fetch'), regionAdmin]);
    s.check.assume(regionAdmin);
    await settled();
    expect(s.sessionsEnded()).toBe(0);
    expect(await s.check.current()).toEqual(regionAdmin);
    expect(s.calls()).toBe(1);
    s.advance(30_001);
    expect(await s.check.current()).toEqual(regionAdmin);
    expect(s.calls()).toBe(2);
  });

  it('lets a sign-out during the background check win over its answer', async () => {
    const answer = later<Answer>();
    const s = setup([answer.promise, undefined]);
    s.check.assume(admin);
    s.check.reset();
    answer.settle(admin);
    await settled();
    expect(await s.check.current()).toBeUndefined();
    expect(s.sessionsEnded()).toBe(0);
  });
});
