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
