import exifr from 'exifr';
import { exifDay, exifPoint } from '@mm/shared';

/** What an original upload's EXIF said, kept for the photo quality flags; nulls when absent. */
export interface ExifFacts {
  exif_taken_on: string | null;
  exif_latitude: number | null;
  exif_longitude: number | null;
}

/**
 * Reads DateTimeOriginal (the camera's local day) and the GPS point of an ORIGINAL upload before it is
 * re-encoded without metadata. Never throws: unreadable or nonsense EXIF gives nulls.
 * @param today yyyy-MM-dd (UTC); later days are ignored
 */
export async function readExifFacts(input: Buffer, today: string): Promise<ExifFacts> {
  const none = { exif_taken_on: null, exif_latitude: null, exif_longitude: null };
  try {
    const [gps, tags] = await Promise.all([
      exifr.gps(input).catch(() => undefined),
      exifr.parse(input, { pick: ['DateTimeOriginal'], reviveValues: false }).catch(() => undefined) as Promise<
        { DateTimeOriginal?: unknown } | undefined
      >,
    ]);
    const point = exifPoint(gps);
    return {
      exif_taken_on: exifDay(tags?.DateTimeOriginal, today) ?? null,
      exif_latitude: point?.lat ?? null,
      exif_longitude: point?.lng ?? null,
    };
  } catch {
    return none;
  }
}
