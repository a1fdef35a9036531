import { describe, expect, it } from 'vitest';
import type { SiteVisit } from '@mm/shared';
import { siteWeeks } from './site-weeks';

const visit = (id: number, year: number, week: number, eggs: number, caterpillars: number): SiteVisit => ({
  checklist_id: id,
  is_flash: 0,
  checklist_date: '2026-07-01',
  iso_year: year,
  iso_week: week,
  adults: 1,
  eggs,
  caterpillars,
  chrysalises: 0,
  stems_inspected: 30,
});

describe('siteWeeks', () => {
  it('sums the visits of each ISO week, oldest week first, across a year boundary', () => {
    const weeks = siteWeeks([
      visit(4, 2027, 1, 0, 0),
      visit(3, 2026, 28, 1, 5),
      visit(2, 2026, 28, 2, 2),
      visit(1, 2026, 9, 3, 0),
    ]);
    expect(weeks.map((w) => w.key)).toEqual(['2026-W09', '2026-W28', '2027-W01']);
    expect(weeks[1]).toMatchObject({ visits: 2, adults: 2, eggs: 3, caterpillars: 7, chrysalises: 0 });
  });

  it('is empty without visits', () => {
    expect(siteWeeks([])).toEqual([]);
  });
});
