import { exifDay, exifPoint } from '@mm/shared';

/** What a photo's EXIF can tell about a sighting: where (WGS84 degrees) and on which day (yyyy-MM-dd). */
export interface PhotoExif {
  point?: { lat: number; lng: number };
  date?: string;
}

type ExifSource = Blob | ArrayBuffer | Uint8Array;

export { exifDay };

/**
 * Reads the GPS point and DateTimeOriginal of an ORIGINAL photo file in the browser, before upload
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
      exifr.parse(file, { pick: ['DateTimeOriginal'], reviveValues: false }).catch(() => undefined) as Promise<
        { DateTimeOriginal?: unknown } | undefined
      >,
    ]);
    return { point: exifPoint(gps), date: exifDay(tags?.DateTimeOriginal, today) };
  } catch {
    return {};
  }
}
