import type { ChecklistDetail, Photo } from '@mm/shared';

export interface ChecklistSummary {
  /**
   * Individuals per life stage id (1–4), only the stages seen, in id order; null when the stage was
   * reported without a count (an imported presence-only report).
   */
  stages: { lifestage_id: number; numbers: number | null }[];
  /** Distinct milkweed species of the checklist, in the order first met. */
  milkweeds: {
    milkweed_id: number;
    english_name: string | null;
    french_name: string | null;
    spanish_name: string | null;
    latin_name: string | null;
  }[];
  /** The first photo, for a thumbnail. */
  photo: Photo | undefined;
}

/** What a map popup tells of a checklist: counts per life stage summed over its milkweed rows, species, a photo. */
export function summarizeChecklist(detail: Pick<ChecklistDetail, 'observations'>): ChecklistSummary {
  const counts = new Map<number, number | null>();
  const milkweeds = new Map<number, ChecklistSummary['milkweeds'][number]>();
  let photo: Photo | undefined;
  for (const o of detail.observations) {
    if (o.lifestage_id !== null) {
      const before = counts.get(o.lifestage_id);
      counts.set(o.lifestage_id, o.numbers === null ? (before ?? null) : (before ?? 0) + o.numbers);
    }
    if (o.milkweed_id !== null && !milkweeds.has(o.milkweed_id)) {
      milkweeds.set(o.milkweed_id, {
        milkweed_id: o.milkweed_id,
        english_name: o.english_name,
        french_name: o.french_name,
        spanish_name: o.spanish_name,
        latin_name: o.latin_name,
      });
    }
    photo ??= o.photo.find((p) => !p.isdeleted);
  }
  const stages = [...counts]
    .filter(([, n]) => n === null || n > 0)
    .sort(([a], [b]) => a - b)
    .map(([lifestage_id, numbers]) => ({ lifestage_id, numbers }));
  return { stages, milkweeds: [...milkweeds.values()], photo };
}
