import type { SiteVisit } from '@mm/shared';

/** The monarch counts of one ISO week of a site, summed over its visits. */
export interface SiteWeek {
  /** `2026-W27` */
  key: string;
  iso_year: number;
  iso_week: number;
  visits: number;
  adults: number;
  eggs: number;
  caterpillars: number;
  chrysalises: number;
}

/**
 * Visits summed per ISO week, oldest first (the season as a weekly monitor walks it): counts per life
 * stage and the number of visits that week.
 */
export function siteWeeks(visits: readonly SiteVisit[]): SiteWeek[] {
  const weeks = new Map<string, SiteWeek>();
  for (const v of visits) {
    const key = `${v.iso_year}-W${String(v.iso_week).padStart(2, '0')}`;
    const w = weeks.get(key) ?? {
      key,
      iso_year: v.iso_year,
      iso_week: v.iso_week,
      visits: 0,
      adults: 0,
      eggs: 0,
      caterpillars: 0,
      chrysalises: 0,
    };
    w.visits += 1;
    w.adults += v.adults;
    w.eggs += v.eggs;
    w.caterpillars += v.caterpillars;
    w.chrysalises += v.chrysalises;
    weeks.set(key, w);
  }
  return [...weeks.values()].sort((a, b) => a.key.localeCompare(b.key));
}
