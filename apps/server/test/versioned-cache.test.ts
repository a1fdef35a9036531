import { describe, expect, it } from 'vitest';
import { createVersionedCache } from '../src/lib/versioned-cache';

describe('createVersionedCache', () => {
  it('computes once per key and version, again for a new version', async () => {
    const calls: string[] = [];
    const cache = createVersionedCache((args: { name: string }) => {
      calls.push(args.name);
      return Promise.resolve(`${args.name}:${calls.length}`);
    }, 10);
    const [a, b] = await Promise.all([cache.get(1, 'k', { name: 'x' }), cache.get(1, 'k', { name: 'x' })]);
    expect([a, b]).toEqual(['x:1', 'x:1']);
    expect(await cache.get(1, 'k', { name: 'x' })).toBe('x:1');
    expect(await cache.get(2, 'k', { name: 'x' })).toBe('x:2');
    expect(await cache.get(2, 'other', { name: 'y' })).toBe('y:3');
    expect(calls).toEqual(['x', 'x', 'y']);
  });

  it('does not keep a failed computation', async () => {
    let fail = true;
    const cache = createVersionedCache(
      () => (fail ? Promise.reject(new Error('database away')) : Promise.resolve(42)),
      10,
    );
    await expect(cache.get(1, 'k', {})).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get(1, 'k', {})).toBe(42);
  });

  it('keeps at most max keys, dropping the least recently used', async () => {
    let n = 0;
    const cache = createVersionedCache(() => Promise.resolve(++n), 2);
    await cache.get(1, 'a', {});
    await cache.get(1, 'b', {});
    await cache.get(1, 'a', {});
    await cache.get(1, 'c', {});
    expect(await cache.get(1, 'a', {})).toBe(1);
    expect(await cache.get(1, 'b', {})).toBe(4);
  });
});

describe('createVersionedCache under data that change while a value is computed', () => {
  /** A load whose computations finish when the test says, each numbered by the order it started. */
  function controlledLoad() {
    const started: { n: number; finish: () => void }[] = [];
    const load = () =>
      new Promise<number>((resolve) => {
        const n = started.length + 1;
        started.push({ n, finish: () => resolve(n) });
      });
    return { started, load };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('runs one computation per key at a time; newer versions share the next one', async () => {
    const { started, load } = controlledLoad();
    const cache = createVersionedCache(load, 10);
    const first = cache.get(1, 'k', {});
    // Versions 2, 3, 4 arrive while version 1 is computed: one more computation, after the first.
    const later = [cache.get(2, 'k', {}), cache.get(3, 'k', {}), cache.get(4, 'k', {})];
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.finish();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    // Kept for version 4 and asked at an older one (a request that read its version earlier): no computation.
    expect(await cache.get(3, 'k', {})).toBe(2);
    expect(started).toHaveLength(2);
    // Other keys are not held up.
    const other = cache.get(1, 'other', {});
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    expect(await other).toBe(3);
  });

  it('starts the next computation after a failed one, and counts only computed values', async () => {
    let calls = 0;
    const gates: ((ok: boolean) => void)[] = [];
    const cache = createVersionedCache(
      () =>
        new Promise<string>((resolve, reject) => {
          calls++;
          gates.push((ok) => (ok ? resolve(`v${calls}`) : reject(new Error('database away'))));
        }),
      10,
    );
    const failing = cache.get(1, 'k', {});
    const next = cache.get(2, 'k', {});
    expect(cache.values()).toEqual([]);
    gates[0]!(false);
    await expect(failing).rejects.toThrow('database away');
    await tick();
    expect(calls).toBe(2);
    gates[1]!(true);
    expect(await next).toBe('v2');
    expect(cache.values()).toEqual(['v2']);
  });
});
