import { LIFESTAGE_KEYS } from '@mm/shared';
import type { QualityDraft } from '../../entities/quality/quality-warnings';
import type { MissionFormValues } from './mission-values';

const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

/**
 * A mission as the quality preview takes it, shaped as the server stores it: per milkweed row, the
 * milkweed observation (life stage null) and one observation per life stage counted on it, with its
 * photos. Undefined until the site has a point.
 */
export function missionQualityDraft(
  { site, checklist, observation }: MissionFormValues,
  checklistId: number | null,
): QualityDraft | undefined {
  if (site.latitude === null || site.longitude === null) return undefined;
  const stems = observation.stems_inspected;
  return {
    checklist_date: checklist.checklist_date,
    latitude: site.latitude,
    longitude: site.longitude,
    province_id: site.province_id,
    stems_inspected: typeof stems === 'number' && Number.isFinite(stems) ? whole(stems) : null,
    checklist_id: checklistId,
    observations: observation.milkweeds.flatMap((m, index) => [
      { lifestage_id: null, numbers: 0, photo_names: [] },
      ...(observation.monarchs_seen
        ? LIFESTAGE_KEYS.flatMap((key, i) =>
            whole(m[key]) > 0
              ? [
                  {
                    lifestage_id: i + 1,
                    numbers: whole(m[key]),
                    photo_names: observation.photos
                      .filter((p) => p.milkweed_index === index && p.lifestage_id === i + 1)
                      .map((p) => p.photo_name),
                  },
                ]
              : [],
          )
        : []),
    ]),
  };
}
