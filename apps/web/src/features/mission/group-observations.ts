import { LIFESTAGE_KEYS, type ChecklistDetail, type ChecklistObservation, type LifestageKey } from '@mm/shared';
import type { MissionFormValues, MissionPhoto } from './mission-values';

/** One milkweed row of a checklist: the milkweed observation itself and the monarchs counted on it. */
export interface MilkweedGroup {
  /** The row with `lifestage_id === null` (abundance, location size); null for a Flash checklist. */
  milkweed: ChecklistObservation | null;
  /** Monarch counts per life stage on that milkweed. */
  stages: ChecklistObservation[];
}

/**
 * Groups a checklist's observations into milkweed rows. The API lists them by id, and a Mission
 * writes each milkweed observation just before its monarch counts, so a monarch row belongs to
 * the milkweed row before it; rows without one (Flash Data) form a single group.
 */
export function groupMilkweeds(observations: ChecklistObservation[]): MilkweedGroup[] {
  const groups: MilkweedGroup[] = [];
  let orphans: MilkweedGroup | undefined;
  for (const o of observations) {
    if (o.lifestage_id === null) {
      groups.push({ milkweed: o, stages: [] });
      continue;
    }
    const owner = [...groups]
      .reverse()
      .find((g) => g.milkweed !== null && (o.milkweed_id === null || g.milkweed.milkweed_id === o.milkweed_id));
    if (owner) owner.stages.push(o);
    else {
      orphans ??= { milkweed: null, stages: [] };
      orphans.stages.push(o);
    }
  }
  return orphans ? [...groups, orphans] : groups;
}

/** The count of each life stage in a group (0 where none was recorded). */
export function stageCounts(group: MilkweedGroup): Record<LifestageKey, number> {
  const counts = { adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0 };
  for (const o of group.stages) {
    const key = LIFESTAGE_KEYS[(o.lifestage_id ?? 0) - 1];
    if (key) counts[key] += o.numbers ?? 0;
  }
  return counts;
}

/**
 * A saved Mission as form values, to edit it (`?edit=id`); a new idempotency key because the
 * save is a replacement, not a first submission.
 */
export function missionFromChecklist(detail: ChecklistDetail): MissionFormValues {
  const groups = groupMilkweeds(detail.observations).filter((g) => g.milkweed !== null);
  const photos: MissionPhoto[] = groups.flatMap((g, milkweed_index) =>
    g.stages.flatMap((o) =>
      o.photo.map((p) => ({
        photo_name: p.photo_name,
        photo_path: p.photo_path,
        file_name: p.photo_name,
        lifestage_id: o.lifestage_id ?? 1,
        milkweed_index,
      })),
    ),
  );
  const milkweeds = groups.map((g) => ({
    milkweed_id: g.milkweed?.milkweed_id ?? null,
    abundance_id: g.milkweed?.abundance_id ?? null,
    locationsize_id: g.milkweed?.locationsize_id ?? null,
    ...stageCounts(g),
  }));
  const { site } = detail;
  return {
    idempotency_key: crypto.randomUUID(),
    site: {
      site_id: site.site_id,
      locality: site.locality ?? '',
      city: site.city ?? '',
      province_id: site.province_id,
      latitude: site.latitude,
      longitude: site.longitude,
      is_private: site.is_private,
    },
    checklist: {
      checklist_date: detail.checklist_date,
      start_time: detail.start_time ?? '',
      end_time: detail.end_time ?? '',
      participants: detail.participants,
    },
    observation: {
      stems_inspected: detail.stems_inspected,
      milkweeds,
      monarchs_seen: milkweeds.some((m) => LIFESTAGE_KEYS.some((k) => m[k] > 0)),
      photos,
      comment: detail.comment ?? '',
    },
  };
}
