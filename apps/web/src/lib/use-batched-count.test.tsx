import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBatchedCount } from './use-batched-count';

describe('useBatchedCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the next pending task and the React work it schedules. */
  const nextTask = () => act(() => vi.advanceTimersToNextTimer());

  it('draws the first batch at once, then one more batch per task until all are drawn', async () => {
    const { result } = renderHook(() => useBatchedCount(25, 10, 10));
    expect(result.current).toBe(10);
    await nextTask();
    expect(result.current).toBe(20);
    await nextTask();
    expect(result.current).toBe(25);
    await nextTask();
    expect(result.current).toBe(25);
  });

  it('draws items appended later in batches too, and never fewer than already drawn', async () => {
    const { result, rerender } = renderHook(({ total }) => useBatchedCount(total, 10, 10), {
      initialProps: { total: 10 },
    });
    expect(result.current).toBe(10);
    rerender({ total: 30 });
    expect(result.current).toBe(10);
    await nextTask();
    await nextTask();
    expect(result.current).toBe(30);
    rerender({ total: 5 });
    expect(result.current).toBe(5);
    rerender({ total: 30 });
    expect(result.current).toBe(30);
  });
});
