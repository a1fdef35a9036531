import { useState } from 'react';
import type { LatLng } from '../../../components/map/location-picker';
import { readPhotoExif } from '../utils/photo-exif';
import { todayIso } from '../utils/flash-form-values';

/** Which parts of the form a photo's data filled in; each is a `flash.*` translation key. */
export type PrefillNote = 'exif_filled_both' | 'exif_filled_location' | 'exif_filled_date';

/** How the hook reads and writes the form; the readers are called when a photo's data arrives. */
export interface PrefillTarget {
  pointIsEmpty: () => boolean;
  setPoint: (p: LatLng) => void;
  /** True while the date is the untouched default of a new submission. */
  dateIsDefault: () => boolean;
  setDate: (day: string) => void;
}

/**
 * Pre-fills where and when from the EXIF of the original photo files: the GPS point fills an empty
 * location, DateTimeOriginal (not in the future) fills a still-default date. A photo without a
 * usable GPS point fills nothing. Unreadable or odd EXIF is ignored.
 * @returns `onFilesPicked` for PhotoPicker, and the note to show (cleared with `clearNote`)
 */
export function usePhotoPrefill(target: PrefillTarget) {
  const [note, setNote] = useState<PrefillNote | null>(null);
  const onFilesPicked = (files: File[]) => {
    const today = todayIso();
    for (const file of files) {
      void readPhotoExif(file, today).then(({ point, date }) => {
        if (!point) return;
        const location = target.pointIsEmpty();
        if (location) target.setPoint(point);
        const day = date !== undefined && target.dateIsDefault();
        if (day) target.setDate(date);
        if (location || day)
          setNote(location && day ? 'exif_filled_both' : location ? 'exif_filled_location' : 'exif_filled_date');
      });
    }
  };
  return { note, clearNote: () => setNote(null), onFilesPicked };
}
