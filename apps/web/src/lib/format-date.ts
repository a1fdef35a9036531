import type { Locale } from '@mm/shared';

/** An ISO yyyy-MM-dd date (UTC, spec §9) in the UI language, e.g. "20 juill. 2026"; unparseable input as is. */
export function formatDate(iso: string, lng: Locale, style: 'medium' | 'full' = 'medium'): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? iso
    : new Intl.DateTimeFormat(lng, { dateStyle: style, timeZone: 'UTC' }).format(d);
}

/** Today as ISO yyyy-MM-dd in UTC (spec §9): the latest date an observation may have. */
export const todayIso = () => new Date().toISOString().slice(0, 10);
