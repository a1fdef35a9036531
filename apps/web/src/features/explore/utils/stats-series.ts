import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import utc from 'dayjs/plugin/utc';
import type { ExploreStats } from '@mm/shared';

dayjs.extend(utc);
dayjs.extend(isoWeek);

/** A life stage id (1–4), or null for the milkweed rows of Missions. */
export type StageKey = number | null;

export interface WeekSeries {
  /** ISO weeks shown, from the first to the last week with data. */
  weeks: number[];
  /** Observations per stage, one value per week of `weeks`; only stages with data. */
  stages: { lifestage_id: StageKey; data: number[] }[];
}

/**
 * The per-week figures as stacked bar series: weeks from the first to the last with data (gaps
 * filled with 0), one series per life stage in id order, milkweed rows last.
 */
export function weekSeries(perWeek: ExploreStats['per_week']): WeekSeries {
  if (perWeek.length === 0) return { weeks: [], stages: [] };
  const first = Math.min(...perWeek.map((r) => r.week));
  const last = Math.max(...perWeek.map((r) => r.week));
  const weeks = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const ids = [...new Set(perWeek.map((r) => r.lifestage_id))].sort((a, b) => (a ?? 99) - (b ?? 99));
  const stages = ids.map((lifestage_id) => {
    const data = weeks.map(() => 0);
    for (const r of perWeek)
      if (r.lifestage_id === lifestage_id) data[r.week - first] = (data[r.week - first] ?? 0) + r.observations;
    return { lifestage_id, data };
  });
  return { weeks, stages };
}

/**
 * The `max` provinces with the most observations, most first, and how many observations the
 * others hold (told under the chart rather than drawn: one long "other" bar would dwarf the rest).
 */
export function provinceRows(
  perProvince: ExploreStats['per_province'],
  max = 15,
): { rows: { province_id: number | null; observations: number }[]; others: number; otherCount: number } {
  const sorted = [...perProvince].sort((a, b) => b.observations - a.observations);
  const rest = sorted.slice(max);
  return {
    rows: sorted.slice(0, max).map((r) => ({ province_id: r.province_id, observations: r.observations })),
    others: rest.reduce((n, r) => n + r.observations, 0),
    otherCount: rest.length,
  };
}

/** Monday of ISO week `week` of `year`, as a UTC date (to name the week on the axis and in the table). */
export function isoWeekStart(year: number, week: number): Date {
  // 4 January always falls in ISO week 1 of its year.
  return dayjs.utc(`${year}-01-04`).isoWeek(week).startOf('isoWeek').toDate();
}
