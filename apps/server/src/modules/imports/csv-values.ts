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

/** How much of a date is known: the day, or only the month or the year. */
export type DatePrecision = 'day' | 'month' | 'year';

/** A date known to `precision`: `value` is the first day of that period, ISO `yyyy-MM-dd`. */
export interface PartialDate {
  value: string;
  precision: DatePrecision;
}

const ISO_PARTIAL = /^(\d{4})(?:-(\d{1,2}))?$/;

/**
 * Reads a GBIF `eventDate` that may be known only to the month (`1968-08`) or year (`1968`), or a full
 * date; a full date whose `day` column is empty (R's GBIF export pads `1968-08` to `1968-08-01`) is
 * taken at the precision the year/month/day columns give.
 * @param text trimmed cell text, null when missing.
 * @param parts the file's year, month and day cells, when it has those columns.
 * @returns the first day of the period and its precision.
 */
export function parsePartialDate(
  text: string | null,
  parts?: { month: string | null; day: string | null },
): CellResult<PartialDate> {
  const partial = text === null ? null : ISO_PARTIAL.exec(text);
  if (partial) {
    const month = partial[2];
    const checked = checkCalendarDate(Number(partial[1]), month ? Number(month) : 1, 1);
    if (!checked.ok) return checked;
    return ok({ value: checked.value, precision: month ? 'month' : 'year' });
  }
  const full = parseDateText(text);
  if (!full.ok) return full;
  if (parts && parts.day === null) {
    const precision: DatePrecision = parts.month === null ? 'year' : 'month';
    return ok({
      value: precision === 'year' ? `${full.value.slice(0, 4)}-01-01` : `${full.value.slice(0, 7)}-01`,
      precision,
    });
  }
  return ok({ value: full.value, precision: 'day' });
}

/** Decimal places of a coordinate as the file wrote it ("40.70" has 2). */
export const decimalsOf = (text: string): number => (text.trim().split('.')[1] ?? '').length;

/** Metres per degree of latitude and of longitude at `latitude` (WGS84 ellipsoid, series terms). */
function metresPerDegree(latitude: number): { lat: number; lng: number } {
  const phi = (latitude * Math.PI) / 180;
  return {
    lat: 111132.954 - 559.822 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi),
    lng: 111412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi) + 0.118 * Math.cos(5 * phi),
  };
}

/**
 * Coordinate uncertainty (m) that a point's precision alone implies: the diagonal of the cell of
 * 10^-decimals degrees at its latitude, as the Georeferencing Quick Reference Guide (Zermoglio et
 * al. 2020, table 3) gives it: 0.1° → ≈ 15.7 km at the equator, ≈ 12.5 km at 60° N; 0.001° → ≈ 157 m.
 * @param decimals the fewer decimal places of the latitude and longitude as written
 * @returns whole metres, at least 1
 */
export function uncertaintyFromPrecision(latitude: number, decimals: number): number {
  const step = 10 ** -decimals;
  const m = metresPerDegree(latitude);
  return Math.max(1, Math.round(Math.hypot(step * m.lat, step * m.lng)));
}
