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
import type { PickedPhoto } from '../components/photo-picker';

/** The Flash form's raw values, before the shared schema parses them. */
export type FlashFormValues = z.input<typeof submitFlashInputSchema>;

/**
 * What the typed fields of a new Flash submission show at first: nothing counted, no text. Written into the
 * markup (`defaultValue`), not given to react-hook-form as default values: the form then reads them from its
 * fields when it starts, so that what a volunteer typed before the app ran is kept (docs/adr/0049, as the
 * sign-in form's, 0047). The date has none in the markup: the device's day, not the server's, is its default.
 */
export const NEW_FLASH_FIELDS = {
  locality: '',
  city: '',
  adults: 0,
  eggs: 0,
  caterpillars: 0,
  chrysalises: 0,
  comment: '',
} as const satisfies DefaultValues<FlashFormValues>;

/**
 * A new Flash submission as react-hook-form's default values: one fresh idempotency key, no milkweed, no photo; the
 * typed fields are read from the form's fields (`NEW_FLASH_FIELDS`), the date is the device's day (`useFlashForm`).
 */
export function emptyFlashValues(): DefaultValues<FlashFormValues> {
  return {
    idempotency_key: crypto.randomUUID(),
    milkweed_id: null,
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
