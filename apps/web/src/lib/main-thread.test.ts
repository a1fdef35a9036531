import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, yieldToMain } from './main-thread';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses scheduler.yield() where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });

  it('else resumes in a later task, after the microtasks and timers queued before it', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);
    const resumed = yieldToMain().then(() => order.push('resumed'));
    void Promise.resolve().then(() => order.push('microtask'));
    await resumed;
    expect(order).toEqual(['microtask', 'earlier task', 'resumed']);
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the work in an idle callback, at the latest after the timeout, and can be cancelled', () => {
    const callbacks = new Map<number, () => void>();
    const request = vi.fn((cb: () => void) => callbacks.set(callbacks.size + 1, cb).size);
    const cancel = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();
    whenIdle(work, { timeoutMs: 1234 });
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 1234 });
    expect(work).not.toHaveBeenCalled();
    callbacks.get(1)?.();
    expect(work).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(cancel).toHaveBeenCalledWith(2);
    expect(callbacks.has(2)).toBe(false);
  });

  it('falls back to a timer where the browser has no idle callbacks (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, { fallbackMs: 100 });
    vi.advanceTimersByTime(99);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled, { fallbackMs: 100 })();
    vi.advanceTimersByTime(200);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
