import {
  LIFESTAGE_IDS,
  LIFESTAGE_KEYS,
  type ChecklistDetail,
  type LifestageId,
  type submitFlashInputSchema,
} from '@mm/shared';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { photoUrl } from '../../../entities/photo/photo-url';
import { todayIso } from '../../../lib/format-date';
import type { PickedPhoto } from '../components/photo-picker';

/** The Flash form's raw values, before the shared schema parses them. */
export type FlashFormValues = z.input<typeof submitFlashInputSchema>;

/** A new Flash submission: today, nothing counted, one fresh idempotency key. */
export function emptyFlashValues(): DefaultValues<FlashFormValues> {
  return {
    idempotency_key: crypto.randomUUID(),
    checklist_date: todayIso(),
    locality: '',
    city: '',
    adults: 0,
    eggs: 0,
    caterpillars: 0,
    chrysalises: 0,
    milkweed_id: null,
    comment: '',
    photos: [],
  };
}

const isStage = (id: number | null): id is LifestageId =>
  id !== null && (LIFESTAGE_IDS as readonly number[]).includes(id);

/**
 * A saved Flash submission as form values for the edit form: counts per life stage summed from the
 * observations with lifestage_id 1–4, the milkweed they share, and every saved photo kept.
 * @param savedLabel accessible name of the n-th saved photo (1-based)
 */
export function checklistToForm(
  detail: ChecklistDetail,
  savedLabel: (n: number) => string,
): { values: DefaultValues<FlashFormValues>; photos: PickedPhoto[] } {
  const monarchRows = detail.observations.filter((o) => isStage(o.lifestage_id));
  const count = (stage: LifestageId) =>
    monarchRows.filter((o) => o.lifestage_id === stage).reduce((n, o) => n + (o.numbers ?? 0), 0);
  const counts = Object.fromEntries(LIFESTAGE_KEYS.map((key, i) => [key, count(LIFESTAGE_IDS[i] ?? 1)])) as Record<
    (typeof LIFESTAGE_KEYS)[number],
    number
  >;
  const saved = monarchRows.flatMap((o) =>
    o.photo.filter((p) => !p.isdeleted).map((p) => ({ p, stage: o.lifestage_id as LifestageId })),
  );
  const photos: PickedPhoto[] = saved.map(({ p, stage }, i) => ({
    localId: `saved-${p.id}`,
    lifestage_id: stage,
    fileName: savedLabel(i + 1),
    previewUrl: photoUrl(p),
    progress: 1,
    photo_name: p.photo_name,
  }));
  const { site } = detail;
  return {
    values: {
      idempotency_key: crypto.randomUUID(),
      checklist_date: detail.checklist_date,
      start_time: detail.start_time,
      end_time: detail.end_time,
      locality: site.locality ?? '',
      city: site.city ?? '',
      province_id: site.province_id ?? undefined,
      latitude: site.latitude,
      longitude: site.longitude,
      ...counts,
      milkweed_id: detail.observations.find((o) => o.milkweed_id !== null)?.milkweed_id ?? null,
      comment: detail.comment ?? '',
      photos: photos.map((p) => ({ photo_name: p.photo_name ?? '', lifestage_id: p.lifestage_id })),
    },
    photos,
  };
}
