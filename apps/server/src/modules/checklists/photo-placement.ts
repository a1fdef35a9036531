import { V } from '@mm/shared';
import { fieldError } from '../../lib/errors';
import { strayPhotos, type ChecklistWrite } from './checklist-write';

/**
 * Every referenced photo must land on an observation: a picture of a life stage needs a count for it.
 * @throws 400 on `photos`
 */
export function assertPhotosPlaced(photos: { photo_name: string }[], write: ChecklistWrite): void {
  if (strayPhotos({ photos }, write).length > 0) throw fieldError('photos', V.photoWithoutCount);
}
