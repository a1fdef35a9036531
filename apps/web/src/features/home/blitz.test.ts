import { describe, expect, it } from 'vitest';
import { blitzStatus } from './blitz';

describe('blitzStatus', () => {
  it('runs from 15 July to 15 August inclusive', () => {
    expect(blitzStatus(new Date('2026-07-15T00:00:00Z'))).toEqual({ running: true, year: 2026 });
    expect(blitzStatus(new Date('2026-08-01T12:00:00Z'))).toEqual({ running: true, year: 2026 });
    expect(blitzStatus(new Date('2026-08-15T23:59:00Z'))).toEqual({ running: true, year: 2026 });
  });

  it('announces this year before the Blitz and next year after it', () => {
    expect(blitzStatus(new Date('2026-07-14T23:59:00Z'))).toEqual({ running: false, year: 2026 });
    expect(blitzStatus(new Date('2026-08-16T00:00:00Z'))).toEqual({ running: false, year: 2027 });
    expect(blitzStatus(new Date('2026-11-21T10:00:00Z'))).toEqual({ running: false, year: 2027 });
  });
});
