import { exifDay, exifPoint } from '@mm/shared';
import { EXIF_DEFAULT_UNCERTAINTY_M, toUncertainty } from '../../components/map/coordinate-uncertainty';

/** What a photo's EXIF can tell about a sighting: where (WGS84 degrees) and on which day (yyyy-MM-dd). */
export interface PhotoExif {
  /** `uncertainty`: whole metres, from GPSHPositioningError, else EXIF_DEFAULT_UNCERTAINTY_M. */
  point?: { lat: number; lng: number; uncertainty: number };
  date?: string;
}

type ExifSource = Blob | ArrayBuffer | Uint8Array;

export { exifDay };

/** A usable GPS point (see exifPoint) with its uncertainty in metres: the EXIF horizontal positioning error, or a default. */
function toPoint(gps: { latitude?: unknown; longitude?: unknown } | undefined, error: unknown): PhotoExif['point'] {
  const point = exifPoint(gps);
  if (!point) return undefined;
  const uncertainty = (typeof error === 'number' ? toUncertainty(error) : null) ?? EXIF_DEFAULT_UNCERTAINTY_M;
  return { ...point, uncertainty };
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
