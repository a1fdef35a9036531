import { isIsoDay } from '../guards';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A usable EXIF GPS point (WGS84 degrees, rounded to 1e-6): both coordinates finite and in range, and
 * not the 0,0 "no fix" placeholder; undefined otherwise.
 */
export function exifPoint(
  gps: { latitude?: unknown; longitude?: unknown } | undefined,
): { lat: number; lng: number } | undefined {
  const lat = gps?.latitude;
  const lng = gps?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return undefined;
  return { lat: round(lat), lng: round(lng) };
}

/**
 * The calendar day of a raw EXIF DateTimeOriginal ("2015:06:11 10:29:26", possibly with sub-seconds
 * or an offset): the camera's local day, which is the day the volunteer means. Days that do not
 * exist, are in the future (after `today`) or before 1900 give undefined.
 */
export function exifDay(raw: unknown, today: string): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(raw.trim());
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isIsoDay(day) || day > today || day < '1900-01-01') return undefined;
  return day;
}
