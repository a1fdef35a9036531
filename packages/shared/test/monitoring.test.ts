import { describe, expect, it } from 'vitest';
import { isoWeekKey, localDayOf, monitoringMonths, monitoringSeason, monitoringStatus } from '../src/monitoring';

const day = (iso: string) => new Date(`${iso}T15:00:00Z`);

describe('monitoring rules', () => {
  it('reads the season from the quality flags’ egg and larva months by latitude band', () => {
    expect(monitoringMonths(46.8)).toEqual([5, 10]);
    expect(monitoringMonths(40)).toEqual([5, 10]);
    expect(monitoringMonths(34.1)).toEqual([3, 11]);
    expect(monitoringMonths(19.6)).toEqual([1, 12]);
    expect(monitoringMonths(-23)).toEqual([1, 12]);
    expect(monitoringSeason(35, 2028)).toEqual({ start: '2028-03-01', end: '2028-11-30' });
  });

  it('is due 7 days after the last visit inside the season, not 6', () => {
    const site = { latitude: 45.5, every_days: 7, visits: ['2026-06-01'] };
    expect(monitoringStatus(site, day('2026-06-07')).due).toBe(false);
    expect(monitoringStatus(site, day('2026-06-08')).due).toBe(true);
    expect(monitoringStatus({ ...site, every_days: 14 }, day('2026-06-09')).due).toBe(false);
    expect(monitoringStatus(site, day('2026-12-01'))).toMatchObject({ due: false, in_season: false, next_due: null });
    // A visit typed ahead of the day does not count yet.
    expect(monitoringStatus({ ...site, visits: ['2026-06-01', '2026-06-20'] }, day('2026-06-10')).last_visit).toBe(
      '2026-06-01',
    );
  });

  it('reads the calendar day of a device’s zone, and judges a day given as such', () => {
    const evening = new Date('2026-06-08T03:30:00Z');
    expect(localDayOf(evening, 'UTC')).toBe('2026-06-08');
    expect(localDayOf(evening, 'America/Mexico_City')).toBe('2026-06-07');
    expect(localDayOf(evening, 'America/Los_Angeles')).toBe('2026-06-07');
    expect(localDayOf(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('2027-01-01');
    const site = { latitude: 45.5, every_days: 7, visits: ['2026-06-01'] };
    expect(monitoringStatus(site, evening).due).toBe(true);
    expect(monitoringStatus(site, localDayOf(evening, 'America/Mexico_City')).due).toBe(false);
  });

  it('reads the device’s own day from its local calendar, as Intl reads it in that zone', () => {
    const kept = process.env.TZ;
    try {
      for (const zone of ['America/Mexico_City', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = zone;
        for (const instant of ['2026-06-08T03:30:00Z', '2026-12-31T23:30:00Z', '2027-01-01T00:30:00Z']) {
          expect(localDayOf(new Date(instant))).toBe(localDayOf(new Date(instant), zone));
        }
      }
      process.env.TZ = 'America/Mexico_City';
      expect(localDayOf(new Date('2026-06-08T03:30:00Z'))).toBe('2026-06-07');
    } finally {
      if (kept === undefined) delete process.env.TZ;
      else process.env.TZ = kept;
    }
  });

  it('names ISO weeks, across a year boundary too', () => {
    expect(isoWeekKey(day('2026-07-13'))).toBe('2026-W29');
    expect(isoWeekKey(day('2026-07-19'))).toBe('2026-W29');
    expect(isoWeekKey(day('2027-01-01'))).toBe('2026-W53');
    expect(isoWeekKey(day('2025-12-29'))).toBe('2026-W01');
  });
});
