import { describe, expect, it } from 'vitest';
import { isoWeekStart, provinceRows, weekSeries } from './stats-series';

describe('weekSeries', () => {
  it('spans the weeks with data, fills gaps and stacks stages in id order with milkweed last', () => {
    const s = weekSeries([
      { week: 25, lifestage_id: 3, observations: 2, individuals: 9 },
      { week: 23, lifestage_id: 1, observations: 1, individuals: 1 },
      { week: 25, lifestage_id: null, observations: 4, individuals: 0 },
      { week: 25, lifestage_id: 1, observations: 3, individuals: 3 },
    ]);
    expect(s.weeks).toEqual([23, 24, 25]);
    expect(s.stages).toEqual([
      { lifestage_id: 1, data: [1, 0, 3] },
      { lifestage_id: 3, data: [0, 0, 2] },
      { lifestage_id: null, data: [0, 0, 4] },
    ]);
  });
  it('is empty without data', () => {
    expect(weekSeries([])).toEqual({ weeks: [], stages: [] });
  });
});

describe('provinceRows', () => {
  it('keeps the provinces with the most observations and counts the rest', () => {
    const result = provinceRows(
      [
        { province_id: 1, observations: 5, individuals: 5 },
        { province_id: 2, observations: 9, individuals: 9 },
        { province_id: null, observations: 2, individuals: 2 },
        { province_id: 3, observations: 1, individuals: 1 },
      ],
      2,
    );
    expect(result).toEqual({
      rows: [
        { province_id: 2, observations: 9 },
        { province_id: 1, observations: 5 },
      ],
      others: 3,
      otherCount: 2,
    });
  });
});

describe('isoWeekStart', () => {
  it('gives the Monday of the ISO week', () => {
    expect(isoWeekStart(2024, 1).toISOString().slice(0, 10)).toBe('2024-01-01');
    expect(isoWeekStart(2021, 1).toISOString().slice(0, 10)).toBe('2021-01-04');
    expect(isoWeekStart(2026, 27).toISOString().slice(0, 10)).toBe('2026-06-29');
    // Week 1 of 2026 starts in 2025 (4 January 2026 is a Sunday); 2026 has a week 53.
    expect(isoWeekStart(2026, 1).toISOString().slice(0, 10)).toBe('2025-12-29');
    expect(isoWeekStart(2026, 53).toISOString().slice(0, 10)).toBe('2026-12-28');
  });
});
