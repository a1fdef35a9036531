import { MAX_IMAGE_BYTES } from '@mm/shared';
import { ApiRequestError } from '../../lib/api-client';
import { keepPhoto } from '../../lib/outbox';
import { uploadObservationPhoto } from './upload-photo';

export { prepareForTravel, startPhotoWorker } from './travel-copy';

/**
 * Where a picked photo's copy ended up: on the server's temporary area (`uploaded`, with the server's
 * names and the time in ms), on this device for the outbox (`kept`, no network), or nowhere, for a
 * `reason`: `too_big` (over MAX_IMAGE_BYTES even after the device shrank it), `not_kept` (the device
 * could not store it) or `refused` (the server's 4xx, its translated `message`).
 */
export type SentPhoto =
  | { state: 'uploaded'; photo_name: string; photo_path: string; uploadedAt: number }
  | { state: 'kept' }
  | { state: 'failed'; reason: 'too_big' | 'not_kept' }
  | { state: 'failed'; reason: 'refused'; message: string };

/**
 * The photo pipeline shared by the Flash and Mission pickers (spec §5; docs/adr/0024): the copy made
 * by `prepareForTravel` is kept on this device under `localId` until its entry is sent, then uploaded
 * at once when the browser is online; without network (no answer, or offline) it stays kept for the
 * outbox. Loaded when a photo is chosen, not with the form (bundle budgets, ADR 0016).
 * @param copy the travel copy (or the original the browser could not decode)
 * @param onProgress upload progress 0–1
 */
export async function sendPhoto(
  localId: string,
  copy: File,
  onProgress: (fraction: number) => void,
): Promise<SentPhoto> {
  if (copy.size > MAX_IMAGE_BYTES) return { state: 'failed', reason: 'too_big' };
  const kept = keepPhoto(localId, copy);
  // Online, a failure to keep it matters only if the upload fails too.
  kept.catch(() => undefined);
  const keepOnDevice = (): Promise<SentPhoto> =>
    kept.then(
      () => ({ state: 'kept' }),
      () => ({ state: 'failed', reason: 'not_kept' }),
    );
  if (!navigator.onLine) return keepOnDevice();
  try {
    const res = await uploadObservationPhoto(copy, onProgress);
    return { state: 'uploaded', photo_name: res.photo_name, photo_path: res.photo_path, uploadedAt: Date.now() };
  } catch (err) {
    if (err instanceof ApiRequestError && err.status > 0)
      return { state: 'failed', reason: 'refused', message: err.message };
    return keepOnDevice();
  }
}
