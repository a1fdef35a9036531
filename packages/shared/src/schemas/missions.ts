import { z } from 'zod';
import { LIFESTAGE_KEYS } from '../constants/enums';
import { columnInt, multiline, type IntegerColumn } from './input-rules';
import { V } from './validation';
import {
  clockTime,
  coordinateUncertaintySchema,
  countSchema,
  isoDate,
  latitudeSchema,
  longitudeSchema,
  photoRefSchema,
} from './observations';

/** A required reference to a row of the column's table. */
const idRef = (column: IntegerColumn) => columnInt(column, V.required, V.required);

/** Step 1, Where (site): one of the user's sites by id, or a new site. */
export const missionSiteSchema = z.object({
  site_id: columnInt('site_id').nullish(),
  locality: z.string().trim().min(1, V.required).max(200),
  city: z.string().trim().min(1, V.required).max(100),
  province_id: idRef('province_id'),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /**
   * Keep the exact place off public answers (a garden, private land: the Mission protocol asks for the
   * owner's permission). Sets the site's flag, also for one of the user's existing sites.
   */
  is_private: z.boolean(V.invalid).optional(),
  /**
   * Mark the site monitored (true, weekly) or not (false) with this Mission (docs/monitoring.md);
   * unchanged when left out.
   */
  monitored: z.boolean(V.invalid).optional(),
  /** Metres; kept only when a new site is created. */
  coordinate_uncertainty_m: coordinateUncertaintySchema.nullish(),
});
export type MissionSite = z.infer<typeof missionSiteSchema>;

/** Step 2, When (checklist): date, start and end time (end ≥ start), participants. */
export const missionChecklistSchema = z
  .object({
    checklist_date: isoDate,
    start_time: z.string().min(1, V.required).pipe(clockTime),
    end_time: z.string().min(1, V.required).pipe(clockTime),
    participants: z.number(V.number).int(V.wholeNumber).min(1, V.numberPositive).max(500, V.invalid),
  })
  .refine((v) => v.end_time >= v.start_time, {
    message: V.endBeforeStart,
    path: ['end_time'],
    when: (p) => {
      const v = (p.value ?? {}) as Record<string, unknown>;
      return clockTime.safeParse(v.start_time).success && clockTime.safeParse(v.end_time).success;
    },
  })
  .refine((v) => v.checklist_date <= new Date().toISOString().slice(0, 10), {
    message: V.dateFuture,
    path: ['checklist_date'],
    when: (p) => isoDate.safeParse((p.value as Record<string, unknown> | undefined)?.checklist_date).success,
  });
export type MissionChecklist = z.infer<typeof missionChecklistSchema>;

/** One milkweed row of step 3: species, abundance, location size and the monarchs counted on it. */
export const missionMilkweedSchema = z.object({
  milkweed_id: idRef('milkweed_id'),
  abundance_id: idRef('abundance_id'),
  locationsize_id: idRef('locationsize_id'),
  adults: countSchema,
  eggs: countSchema,
  caterpillars: countSchema,
  chrysalises: countSchema,
});
export type MissionMilkweed = z.infer<typeof missionMilkweedSchema>;

/** A photo of step 3: the uploaded file, its life stage, and the milkweed row (index) it belongs to. */
export const missionPhotoSchema = photoRefSchema.extend({ milkweed_index: z.number().int().min(0).max(19) });

const monarchTotal = (rows: MissionMilkweed[]) =>
  rows.reduce((n, r) => n + LIFESTAGE_KEYS.reduce((m, k) => m + r[k], 0), 0);

/** Step 3, What (observation): stems inspected, milkweed rows, whether monarchs were seen, photos, comment. */
export const missionObservationSchema = z
  .object({
    stems_inspected: z.number(V.stemsRequired).int(V.wholeNumber).min(1, V.stemsRequired).max(100000, V.invalid),
    milkweeds: z.array(missionMilkweedSchema, V.milkweedRequired).min(1, V.milkweedRequired).max(20, V.invalid),
    /** "I saw monarchs": when true at least one count must be > 0; a survey that found none is valuable data too. */
    monarchs_seen: z.boolean(),
    photos: z.array(missionPhotoSchema).max(80, V.invalid).default([]),
    comment: multiline(z.string().trim().max(2000).nullish()),
  })
  .refine((v) => !v.monarchs_seen || monarchTotal(v.milkweeds) > 0, {
    message: V.monarchRequired,
    path: ['monarchs_seen'],
    when: (p) =>
      z.array(missionMilkweedSchema).safeParse((p.value as Record<string, unknown> | undefined)?.milkweeds).success,
  })
  .refine((v) => v.photos.every((p) => p.milkweed_index < v.milkweeds.length), {
    message: V.invalid,
    path: ['photos'],
  });
export type MissionObservation = z.infer<typeof missionObservationSchema>;

/**
 * A whole Mission submission (spec §1 four steps; Step 4 Confirmation is the client's summary).
 * `idempotency_key` is chosen by the client per mission; a retry answers the first checklist.
 */
export const submitMissionInputSchema = z.object({
  idempotency_key: z.uuid(V.invalid),
  site: missionSiteSchema,
  checklist: missionChecklistSchema,
  observation: missionObservationSchema,
});
export type SubmitMissionInput = z.infer<typeof submitMissionInputSchema>;
