import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LICENSE, isLicenseCode, type GalleryPhoto, type LoadParams } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { formatDate } from '../../../lib/format-date';

/** What a gallery photo's caption says, in the page's language. */
export interface PhotoCaption {
  stage: string;
  /** Medium date, e.g. "Jun 2, 2026". */
  date: string;
  /** "Locality, Province", either part left out when unknown. */
  place: string;
  /** "by {username}". */
  observer: string;
  /** "Licence: CC BY 4.0 (attribution)". */
  license: string;
  /** Image text alternative: stage, place and date. */
  alt: string;
}

/**
 * Builds captions for gallery photos: life stage (translated), date (UTC, spec §9), place and
 * observer. `provinces` comes from the reference data; ids without a name are left out.
 */
export function usePhotoCaption(provinces: LoadParams['provinces'] | undefined): (photo: GalleryPhoto) => PhotoCaption {
  const { t } = useTranslation('gallery');
  const lng = useLocale();
  return useCallback(
    (photo) => {
      const stage = t(`common:lifestage.${photo.lifestage_id ?? 'milkweed'}`);
      const date = formatDate(photo.checklist_date, lng);
      const province = provinces?.find((p) => p.province_id === photo.province_id)?.province;
      const place = [photo.locality, province].filter(Boolean).join(', ');
      const observer = t('by', { username: photo.username ?? t('former_volunteer') });
      const code = isLicenseCode(photo.license) ? photo.license : DEFAULT_LICENSE;
      const license = t('license', { license: t(`common:licenses.${code}`) });
      return { stage, date, place, observer, license, alt: t('photo_alt', { stage, place, date }) };
    },
    [t, lng, provinces],
  );
}
