import { useState } from 'react';
import type { LatLng } from '../../components/map/location-picker';
import { todayIso } from '../../lib/format-date';
import { readPhotoExif } from './photo-exif';

/**
 * Which parts of a form a photo's data filled in; each is a `common` translation key under `flash.`
 * (the Flash and Mission forms show the same messages).
 */
export type PrefillNote = 'exif_filled_both' | 'exif_filled_location' | 'exif_filled_date';

/** How the hook reads and writes the form; the readers are called when a photo's data arrives. */
export interface PrefillTarget {
  pointIsEmpty: () => boolean;
  setPoint: (p: LatLng) => void;
  /** True while the date is the untouched default of a new submission (today). */
  dateIsDefault: () => boolean;
  setDate: (day: string) => void;
  /**
   * The date the volunteer kept, when a photo's other day should be offered rather than ignored
   * (the Mission's later steps); without it a kept date is simply left alone.
   */
  keptDate?: () => string;
}

/**
 * Pre-fills where and when from the EXIF of the original photo files (Flash and Mission forms): the
 * GPS point fills an empty location, DateTimeOriginal (not in the future) fills a still-default date.
 * A photo without a usable GPS point fills nothing; what the volunteer typed is never overwritten.
 * Unreadable or odd EXIF is ignored. A date the volunteer kept is never replaced: with `keptDate`, a
 * photo of another day offers its day instead (`offeredDate`, taken with `acceptDate`).
 * @returns `onFilesPicked` for a photo picker; `fillFrom`, the same as a promise of whether any file
 *   had a usable GPS point; the note to show (cleared with `clearNote`); the offered day (yyyy-MM-dd)
 *   or null, `acceptDate` and `dismissDate`
 */
export function usePhotoPrefill(target: PrefillTarget) {
  const [note, setNote] = useState<PrefillNote | null>(null);
  const [offeredDate, setOfferedDate] = useState<string | null>(null);
  const fillFrom = async (files: File[]): Promise<boolean> => {
    const today = todayIso();
    const found = await Promise.all(
      files.map(async (file) => {
        const { point, date } = await readPhotoExif(file, today);
        if (!point) return false;
        const location = target.pointIsEmpty();
        if (location) target.setPoint(point);
        const day = date !== undefined && target.dateIsDefault();
        if (day) target.setDate(date);
        else if (date !== undefined && target.keptDate && target.keptDate() !== date) setOfferedDate(date);
        if (location || day)
          setNote(location && day ? 'exif_filled_both' : location ? 'exif_filled_location' : 'exif_filled_date');
        return true;
      }),
    );
    return found.includes(true);
  };
  const onFilesPicked = (files: File[]) => void fillFrom(files);
  const acceptDate = () => {
    if (offeredDate) target.setDate(offeredDate);
    setOfferedDate(null);
  };
  return {
    note,
    clearNote: () => setNote(null),
    onFilesPicked,
    fillFrom,
    offeredDate,
    acceptDate,
    dismissDate: () => setOfferedDate(null),
  };
}
