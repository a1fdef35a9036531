/**
 * Ends the current task and resumes the caller in a new one, so that the browser can paint and
 * answer input in between (issue 13: a phone's Total Blocking Time counts every task over 50 ms).
 * `scheduler.yield()` where the browser has it (Chromium ≥ 129: the continuation goes ahead of other
 * queued tasks), else a `setTimeout(0)` task.
 * @returns a promise settled in a later task; it never rejects
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
