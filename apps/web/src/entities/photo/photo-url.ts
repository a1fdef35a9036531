import type { Photo } from '@mm/shared';

/** URL of a photo variant: `/attachments/{photo_path}/{small|large}/{photo_name}` (spec §7). */
export const photoUrl = (photo: Pick<Photo, 'photo_path' | 'photo_name'>, size: 'small' | 'large' = 'small') =>
  `/attachments/${photo.photo_path}/${size}/${photo.photo_name}`;
