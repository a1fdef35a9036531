import { useEffect, useState } from 'react';
import { LIFESTAGE_IDS, SUB_PATH, type LifestageId } from '@mm/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { getEntry, getPhotoBlob } from '../../../lib/outbox';
import type { PickedPhoto } from '../components/photo-picker';
import type { FlashFormValues } from '../utils/flash-form-values';
import type { QueuedFlash } from './use-flash-form';

const stage = (id: number): LifestageId => LIFESTAGE_IDS.find((s) => s === id) ?? 1;

/**
 * The Flash entry `id` of the outbox as a form start (values with its idempotency key, photos shown
 * from their kept files, the server's refusal); `null` when there is no such Flash entry, undefined
 * while reading.
 */
export function useQueuedFlash(id: string | null): QueuedFlash | null | undefined {
  const [queued, setQueued] = useState<QueuedFlash | null>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    void (async () => {
      const entry = await getEntry(id);
      if (!entry || entry.kind !== 'flash' || entry.state === 'sent') return live && setQueued(null);
      const photos: PickedPhoto[] = [];
      for (const p of entry.photos) {
        const blob = await getPhotoBlob(p.local_id);
        const previewUrl = blob ? URL.createObjectURL(blob) : `${SUB_PATH}/img/dummy.svg`;
        photos.push({
          localId: p.local_id,
          lifestage_id: stage(p.lifestage_id),
          fileName: p.file_name,
          previewUrl,
          progress: 1,
          photo_name: p.photo_name,
          uploadedAt: p.uploaded_at,
        });
      }
      const error = entry.error
        ? new ApiRequestError(entry.error.status, {
            statusCode: entry.error.status,
            error: '',
            message: entry.error.message,
            fields: entry.error.fields,
          })
        : undefined;
      if (live) setQueued({ values: entry.form as FlashFormValues, photos, error });
    })();
    return () => {
      live = false;
    };
  }, [id]);
  return id ? queued : null;
}
