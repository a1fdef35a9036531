import {
  BasisOfRecord,
  ChecklistType,
  LIFESTAGE_KEYS,
  type SubmitFlashInput,
  type SubmitMissionInput,
} from '@mm/shared';

/** One observation row to write, with the photos (by file name) attached to it. */
export interface ObservationWrite {
  lifestage_id: number | null;
  numbers: number;
  milkweed_id: number | null;
  abundance_id: number | null;
  locationsize_id: number | null;
  basisofrecord_id: number;
  photo_names: string[];
}

/** Everything one submission writes: where, when and how, and what was seen. */
export interface ChecklistWrite {
  site: {
    site_id: number | null;
    locality: string;
    city: string | null;
    province_id: number;
    latitude: number;
    longitude: number;
    /** Private site; null leaves an existing site's flag as it is (a new one is public). */
    is_private: boolean | null;
    /** Darwin Core coordinateUncertaintyInMeters, or null when the client did not know it. */
    coordinate_uncertainty_m: number | null;
  };
  checklist: {
    checklist_date: string;
    start_time: string | null;
    end_time: string | null;
    participants: number | null;
    checklisttype_id: number;
    is_flash: boolean;
    comment: string | null;
    stems_inspected: number | null;
  };
  rows: ObservationWrite[];
}

const basis = (photos: string[]) => (photos.length > 0 ? BasisOfRecord.Photograph : BasisOfRecord.Sight);

/** Flash Data → one observation per life stage with a count > 0 (spec §3), the optional milkweed on each. */
export function flashToWrite(input: SubmitFlashInput): ChecklistWrite {
  return {
    site: {
      site_id: null,
      locality: input.locality,
      city: input.city ?? null,
      province_id: input.province_id,
      latitude: input.latitude,
      longitude: input.longitude,
      is_private: null,
      coordinate_uncertainty_m: input.coordinate_uncertainty_m ?? null,
    },
    checklist: {
      checklist_date: input.checklist_date,
      start_time: input.start_time ?? null,
      end_time: input.end_time ?? null,
      participants: null,
      checklisttype_id: ChecklistType.Incidental,
      is_flash: true,
      comment: input.comment ?? null,
      stems_inspected: null,
    },
    rows: LIFESTAGE_KEYS.flatMap((key, i) => {
      if (input[key] <= 0) return [];
      const photo_names = input.photos.filter((p) => p.lifestage_id === i + 1).map((p) => p.photo_name);
      return [
        {
          lifestage_id: i + 1,
          numbers: input[key],
          milkweed_id: input.milkweed_id ?? null,
          abundance_id: null,
          locationsize_id: null,
          basisofrecord_id: basis(photo_names),
          photo_names,
        },
      ];
    }),
  };
}

/**
 * Mission → per milkweed row, the milkweed observation itself (life stage null, abundance, location
 * size) plus one monarch observation per life stage counted on it.
 */
export function missionToWrite(input: SubmitMissionInput): ChecklistWrite {
  const { site, checklist, observation } = input;
  return {
    site: {
      site_id: site.site_id ?? null,
      locality: site.locality,
      city: site.city,
      province_id: site.province_id,
      latitude: site.latitude,
      longitude: site.longitude,
      is_private: site.is_private ?? null,
      coordinate_uncertainty_m: site.coordinate_uncertainty_m ?? null,
    },
    checklist: {
      checklist_date: checklist.checklist_date,
      start_time: checklist.start_time,
      end_time: checklist.end_time,
      participants: checklist.participants,
      checklisttype_id: ChecklistType.AreaSurvey,
      is_flash: false,
      comment: observation.comment ?? null,
      stems_inspected: observation.stems_inspected,
    },
    rows: observation.milkweeds.flatMap((m, index) => {
      const milkweed = { milkweed_id: m.milkweed_id, abundance_id: m.abundance_id, locationsize_id: m.locationsize_id };
      const milkweedRow: ObservationWrite = {
        ...milkweed,
        lifestage_id: null,
        numbers: 0,
        basisofrecord_id: BasisOfRecord.Sight,
        photo_names: [],
      };
      const monarchRows = LIFESTAGE_KEYS.flatMap((key, i) => {
        if (m[key] <= 0) return [];
        const photo_names = observation.photos
          .filter((p) => p.milkweed_index === index && p.lifestage_id === i + 1)
          .map((p) => p.photo_name);
        return [
          { ...milkweed, lifestage_id: i + 1, numbers: m[key], basisofrecord_id: basis(photo_names), photo_names },
        ];
      });
      return [milkweedRow, ...monarchRows];
    }),
  };
}

/** Photos referenced for a life stage with no count have nowhere to go: the names of such photos. */
export function strayPhotos(input: { photos: { photo_name: string }[] }, write: ChecklistWrite): string[] {
  const placed = new Set(write.rows.flatMap((r) => r.photo_names));
  return input.photos.map((p) => p.photo_name).filter((n) => !placed.has(n));
}
