import { isoDate } from '@mm/shared';
import { EXIF_DEFAULT_UNCERTAINTY_M, toUncertainty } from '../../../components/map/coordinate-uncertainty';

/** What a photo's EXIF can tell about a sighting: where (WGS84 degrees) and on which day (yyyy-MM-dd). */
export interface PhotoExif {
  /** `uncertainty`: whole metres, from GPSHPositioningError, else EXIF_DEFAULT_UNCERTAINTY_M. */
  point?: { lat: number; lng: number; uncertainty: number };
  date?: string;
}

type ExifSource = Blob | ArrayBuffer | Uint8Array;

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A usable GPS point: both coordinates finite and in range, and not the 0,0 "no fix" placeholder. */
function toPoint(gps: { latitude?: unknown; longitude?: unknown } | undefined, error: unknown): PhotoExif['point'] {
  const lat = gps?.latitude;
  const lng = gps?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return undefined;
  const uncertainty = (typeof error === 'number' ? toUncertainty(error) : null) ?? EXIF_DEFAULT_UNCERTAINTY_M;
  return { lat: round(lat), lng: round(lng), uncertainty };
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
  if (!isoDate.safeParse(day).success || day > today || day < '1900-01-01') return undefined;
  return day;
}

/**
 * Reads the GPS point (with its horizontal positioning error) and DateTimeOriginal of an ORIGINAL photo file in the browser, before upload
 * (the server strips metadata). Never throws: unknown formats (WebP), truncated files, empty or
 * nonsense GPS blocks and impossible dates all come back as missing parts.
 * @param today yyyy-MM-dd; later dates are ignored
 */
export async function readPhotoExif(file: ExifSource, today: string): Promise<PhotoExif> {
  try {
    // Loaded on first use: exifr is only needed once a photo is picked.
    const { default: exifr } = await import('exifr');
    const [gps, tags] = await Promise.all([
      exifr.gps(file).catch(() => undefined),
      exifr
        .parse(file, { pick: ['DateTimeOriginal', 'GPSHPositioningError'], reviveValues: false })
        .catch(() => undefined) as Promise<{ DateTimeOriginal?: unknown; GPSHPositioningError?: unknown } | undefined>,
    ]);
    return {
      point: toPoint(gps, tags?.GPSHPositioningError),
      date: exifDay(tags?.DateTimeOriginal, today),
    };
  } catch {
    return {};
  }
}
