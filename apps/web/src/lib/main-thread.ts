/**
 * Ends the current task and resumes the caller in a new one, so that the browser can paint and
 * answer input in between (a phone's Total Blocking Time counts every task over 50 ms).
 * `scheduler.yield()` where the browser has it (Chromium ≥ 129: the continuation goes ahead of other
 * queued tasks), else a `setTimeout(0)` task.
 * @returns a promise settled in a later task; it never rejects
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` once the browser is idle (`requestIdleCallback`, at the latest after `timeoutMs`), or
 * after `fallbackMs` where the browser has no idle callbacks (Safari): for work the first screen does
 * not wait for, kept out of the tasks that draw it.
 * @returns a function that cancels the call if it has not run yet (an effect's clean-up)
 */
export function whenIdle(work: () => void, { timeoutMs = 5000, fallbackMs = 3000 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, fallbackMs);
  return () => clearTimeout(timer);
}
