import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreparedWhenIdle } from './use-prepared-when-idle';

describe('usePreparedWhenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Idle callbacks the test runs by hand, as the browser would once it has nothing else to do. */
  function idleCallbacks() {
    const pending = new Map<number, () => void>();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      pending.set(++next, cb);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
    const runAll = () =>
      act(() => {
        for (const [id, cb] of [...pending]) {
          pending.delete(id);
          cb();
        }
      });
    return { pending, runAll };
  }

  it('waits for what it prepares to be shown, then for the browser to be idle, and stays true', () => {
    const idle = idleCallbacks();
    const { result, rerender } = renderHook(({ ready }) => usePreparedWhenIdle(ready), {
      initialProps: { ready: false },
    });
    expect(idle.pending.size).toBe(0);
    idle.runAll();
    expect(result.current).toBe(false);

    rerender({ ready: true });
    expect(result.current).toBe(false);
    expect(idle.pending.size).toBe(1);
    idle.runAll();
    expect(result.current).toBe(true);

    // Photos filtered away and back: the viewer stays prepared, nothing more is asked of the browser.
    rerender({ ready: false });
    rerender({ ready: true });
    expect(result.current).toBe(true);
    expect(idle.pending.size).toBe(0);
  });

  it('gives up its idle callback when what it prepares is gone first or the page is left', () => {
    const idle = idleCallbacks();
    const { result, rerender, unmount } = renderHook(({ ready }) => usePreparedWhenIdle(ready), {
      initialProps: { ready: true },
    });
    expect(idle.pending.size).toBe(1);
    rerender({ ready: false });
    expect(idle.pending.size).toBe(0);
    expect(result.current).toBe(false);

    rerender({ ready: true });
    unmount();
    expect(idle.pending.size).toBe(0);
  });

  it('falls back to a timer where the browser has no idle callbacks (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => usePreparedWhenIdle(true));
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current).toBe(true);
  });
});
