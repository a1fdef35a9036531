import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_MEMORY_MS, isDiskFull, watchDatabase } from '../src/db/availability';

/** PostgreSQL's disk_full as node-postgres raises it (a DatabaseError with the SQLSTATE in `code`). */
const diskFull = Object.assign(new Error('could not extend file "base/16384/16450": No space left on device'), {
  code: '53100',
});

describe('database room (readiness says `full`)', () => {
  afterEach(() => vi.useRealTimers());

  it('recognises disk_full, also as the cause of another error', () => {
    expect(isDiskFull(diskFull)).toBe(true);
    expect(isDiskFull(new Error('insert failed', { cause: diskFull }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('out of memory'), { code: '53200' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });

  it('stays full for a while after a disk_full error, logged once, then ok again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const logged: string[] = [];
    // A remote database (no embedded cluster to look at): the errors are its only sign. Nothing listens on
    // port 1, so the monitor's own probe says down; room does not depend on it.
    const monitor = watchDatabase('postgres://monarch:x@127.0.0.1:1/monarch', undefined, (m) => logged.push(m));
    try {
      expect(await monitor.room()).toBe('ok');
      monitor.noteError(new Error('duplicate key value'));
      expect(await monitor.room()).toBe('ok');
      monitor.noteError(diskFull);
      monitor.noteError(diskFull);
      expect(await monitor.room()).toBe('full');
      vi.advanceTimersByTime(DISK_FULL_MEMORY_MS - 1);
      expect(await monitor.room()).toBe('full');
      vi.advanceTimersByTime(2);
      expect(await monitor.room()).toBe('ok');
      expect(logged.filter((m) => m.includes('disk full'))).toHaveLength(1);
    } finally {
      await monitor.close();
    }
  });
});
