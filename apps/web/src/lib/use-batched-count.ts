import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `first` at once, then `step` more in each following task until
 * all are drawn. Each batch is its own React commit, so drawing a page of results (50 rows, ≈ 0.2 s
 * of a throttled phone's main thread in one commit) becomes several short tasks instead of one long
 * one (Total Blocking Time; ADR 0022). Items appended later (a "Load more") are drawn in
 * batches too; a count already reached is kept when the items change.
 * @param total items there are
 * @param first items drawn in the first commit
 * @param step items added by each later commit
 */
export function useBatchedCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
