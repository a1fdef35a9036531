/**
 * Parsers for single CSV cells (dates, WGS84 coordinates, counts). Each returns a value or a plain-English
 * reason, phrased to follow the column name: "Latitude" + " is missing".
 */

/** A parsed cell: its value, or why it cannot be used. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

// R writes NA, Journey North writes -999999.999, spreadsheets leave cells blank: all mean "unknown".
const MISSING_MARKERS = new Set(['', 'na', 'n/a', 'null', '-999999.999']);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// A time of day after the date (GBIF's "2020-06-01T10:30") carries nothing the record keeps.
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.+\-Z]*)?$/;
const EARLIEST_YEAR = 1800;
// The latest local date anywhere on Earth is UTC+14, so no honest sighting is later than that.
const LATEST_TIMEZONE_OFFSET_MS = 14 * 3600 * 1000;

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = <T>(reason: string): CellResult<T> => ({ ok: false, reason });

/** True for blank cells and the missing-value markers `NA`, `N/A`, `NULL` and `-999999.999`. */
export function isMissing(cell: string | undefined): boolean {
  return cell === undefined || MISSING_MARKERS.has(cell.trim().toLowerCase());
}

/**
 * Reads a WGS84 coordinate in decimal degrees.
 * @param text trimmed cell text, null when missing.
 * @param limit 90 for a latitude, 180 for a longitude.
 */
export function parseCoordinate(text: string | null, limit: 90 | 180): CellResult<number> {
  if (text === null) return fail('is missing');
  if (!DECIMAL.test(text)) return fail(`is not a number in decimal degrees ("${text}")`);
  const value = Number(text);
  return Math.abs(value) <= limit ? ok(value) : fail(`must be between -${limit} and ${limit} (got ${text})`);
}

/**
 * Reads a count of individuals: a whole number >= 0, where 0 reports "none seen".
 * @param text trimmed cell text, null when missing.
 * @returns null when the count is unknown.
 */
export function parseCount(text: string | null): CellResult<number | null> {
  if (text === null) return ok(null);
  if (!DECIMAL.test(text)) return fail(`is not a number ("${text}")`);
  const value = Number(text);
  if (value < 0) return fail(`must not be negative (got ${text})`);
  return Number.isInteger(value) ? ok(value) : fail(`must be a whole number (got ${text})`);
}

function isoText(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Checks a calendar date: it must exist (no 2021-02-30), be after 1800 and not be in the future.
 * @returns the date as ISO `yyyy-MM-dd`.
 */
export function checkCalendarDate(year: number, month: number, day: number, now = new Date()): CellResult<string> {
  const iso = isoText(year, month, day);
  // Checked first because Date.UTC reads years 0-99 as 1900-1999.
  if (year < EARLIEST_YEAR) return fail(`is before ${EARLIEST_YEAR} (${iso})`);
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists) return fail(`is not a real calendar date (${iso})`);
  const latest = new Date(now.getTime() + LATEST_TIMEZONE_OFFSET_MS).toISOString().slice(0, 10);
  return iso > latest ? fail(`is in the future (${iso})`) : ok(iso);
}

/**
 * Reads a date written as `M/D/YYYY` (US order, as Journey North exports it) or `YYYY-MM-DD`.
 * @param text trimmed cell text, null when missing.
 * @returns the date as ISO `yyyy-MM-dd`.
 */
export function parseDateText(text: string | null): CellResult<string> {
  if (text === null) return fail('is missing');
  const us = US_DATE.exec(text);
  if (us) return checkCalendarDate(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO_DATE.exec(text);
  if (iso) return checkCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return fail(`is not a date in M/D/YYYY or YYYY-MM-DD form ("${text}")`);
}

/**
 * Reads a date split over year, month and day columns.
 * @param parts trimmed cell texts, null when missing.
 * @returns the date as ISO `yyyy-MM-dd`.
 */
export function parseDateParts(parts: {
  year: string | null;
  month: string | null;
  day: string | null;
}): CellResult<string> {
  const { year, month, day } = parts;
  if (year === null || month === null || day === null)
    return fail('is incomplete (year, month and day are all needed)');
  if (![year, month, day].every((part) => /^\d+$/.test(part))) {
    return fail(`is not made of whole numbers ("${year}", "${month}", "${day}")`);
  }
  return checkCalendarDate(Number(year), Number(month), Number(day));
}
