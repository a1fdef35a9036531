/**
 * A calendar date (`2026-08-09`) or an ISO instant written in `locale` ("9 août 2026" in French);
 * the text itself when it is not a date. Calendar dates have no time zone and are read as UTC so
 * they never shift a day.
 */
export function formatDateText(value: string, locale: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? value
      : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A number written in `locale` (1 234,5 in French). */
export const formatNumber = (value: number, locale: string, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(locale, options).format(value);
