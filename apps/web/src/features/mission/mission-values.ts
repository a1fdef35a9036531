import type { Resolver } from 'react-hook-form';
import type { MissionChecklist, MissionMilkweed, MissionObservation, MissionSite } from '@mm/shared';
import { todayIso } from '../../lib/format-date';
import { lazySchemaResolver } from '../../lib/lazy-schema-resolver';
import type { MissionStepName } from './mission-steps';

// The steps live in their own module: mission-schemas.ts (loaded lazily from here) needs them too.
export { MISSION_STEPS, parseStep, type MissionStepName } from './mission-steps';

type Emptyable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

/** A milkweed row while it is being typed: its choices may still be empty. */
export type MilkweedValues = Emptyable<MissionMilkweed, 'milkweed_id' | 'abundance_id' | 'locationsize_id'>;

/**
 * A picture of the draft: what the API needs, plus where to show it from and its original file name.
 * `local_id` names its original kept on this device for the outbox; a picture taken without network
 * has `uploaded_at` null, an empty `photo_path` and the stand-in name `{local_id}.jpg` until sent.
 */
export type MissionPhoto = MissionObservation['photos'][number] & {
  photo_path: string;
  file_name: string;
  local_id?: string;
  uploaded_at?: number | null;
};

/** True for a picture waiting on this device to be uploaded with its mission. */
export const isOnDevice = (p: MissionPhoto) => p.uploaded_at === null;

/**
 * Everything the Mission form holds, shaped like `SubmitMissionInput` but with empty choices and
 * displayable photos. This is also what the draft in localStorage keeps.
 */
export interface MissionFormValues {
  idempotency_key: string;
  site: Emptyable<MissionSite, 'province_id' | 'latitude' | 'longitude'>;
  checklist: Emptyable<MissionChecklist, 'participants'>;
  observation: Emptyable<Omit<MissionObservation, 'milkweeds' | 'photos'>, 'stems_inspected'> & {
    milkweeds: MilkweedValues[];
    photos: MissionPhoto[];
  };
}

/** A new, empty mission with its own idempotency key (one per draft). */
export function emptyMission(): MissionFormValues {
  return {
    idempotency_key: crypto.randomUUID(),
    site: { site_id: null, locality: '', city: '', province_id: null, latitude: null, longitude: null },
    checklist: { checklist_date: todayIso(), start_time: '', end_time: '', participants: 1 },
    observation: { stems_inspected: null, milkweeds: [], monarchs_seen: true, photos: [], comment: '' },
  };
}

/** A new milkweed row: no species yet, no monarchs counted. */
export const blankMilkweed = (): MilkweedValues => ({
  milkweed_id: null,
  abundance_id: null,
  locationsize_id: null,
  adults: 0,
  eggs: 0,
  caterpillars: 0,
  chrysalises: 0,
});

/**
 * react-hook-form resolver validating only the given step with its shared schema
 * (`missionSiteSchema`, `missionChecklistSchema`, `missionObservationSchema`); the confirmation
 * step validates the whole `SubmitMissionInput`. The schemas load with `mission-schemas.ts` after the
 * first render; a validation asked before they arrive waits for them.
 */
export function missionStepResolver(step: MissionStepName): Resolver<MissionFormValues> {
  return lazySchemaResolver(() =>
    import('./mission-schemas').then((m) => m.stepSchemas[step]),
  ) as unknown as Resolver<MissionFormValues>;
}
