import { z } from 'zod';
import { multiline, columnInt } from './input-rules';
import { V } from './validation';
import { isIsoDay } from '../guards';
import { MAX_COORDINATE_UNCERTAINTY_M } from '../constants/index';

export const isoDate = z
  .string()
  .min(1, V.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, V.invalid)
  .refine((s) => isIsoDay(s), V.invalid);

export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.invalid);

/**
 * A count of individuals: a whole number ≥ 0 (spec §5 "Please enter a number" when not a number; below 0,
 * "{field} must be at least 0."). No type-level message: in zod 4 it would also speak for `.min(0)` (ADR 0020).
 */
export const countSchema = z.number().int(V.wholeNumber).min(0).max(100000, V.invalid);

/** A WGS84 point, degrees. A missing point is spec §5 "Please select a location on map". */
export const latitudeSchema = z.number(V.location).min(-90, V.latitude).max(90, V.latitude);
export const longitudeSchema = z.number(V.location).min(-180, V.longitude).max(180, V.longitude);

/**
 * Darwin Core coordinateUncertaintyInMeters of a submitted point: whole metres, 1–100,000,
 * from the device's GPS accuracy, the photo's EXIF or the map's scale where the point was clicked.
 * Optional: older clients and typed coordinates send none.
 */
export const coordinateUncertaintySchema = z
  .number(V.number)
  .int(V.wholeNumber)
  .min(1, V.numberPositive)
  .max(MAX_COORDINATE_UNCERTAINTY_M, V.invalid);

export const photoRefSchema = z.object({
  photo_name: z.string().regex(/^[a-f0-9-]{36}\.jpg$/, V.invalid),
  lifestage_id: z.number().int().min(1).max(4),
});
export type PhotoRef = z.infer<typeof photoRefSchema>;

const flashFields = {
  checklist_date: isoDate,
  start_time: clockTime.nullish(),
  end_time: clockTime.nullish(),
  adults: countSchema,
  eggs: countSchema,
  caterpillars: countSchema,
  chrysalises: countSchema,
};
/** True when the named parts of a raw payload already pass their own field schemas. */
function validParts(value: unknown, keys: (keyof typeof flashFields)[]): boolean {
  // Not an object (a JSON `null` body): the object check reports it; the cross-field rules have nothing to read.
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return keys.every((k) => flashFields[k].safeParse(v[k]).success);
}

/**
 * Flash Data submission (spec §1, §3): one sighting at one point.
 * `idempotency_key` is chosen by the client per submission; a retry with it returns the first answer.
 * Dates are ISO yyyy-MM-dd in UTC (spec §9); times HH:mm.
 */
export const submitFlashInputSchema = z
  .object({
    idempotency_key: z.uuid(V.invalid),
    checklist_date: flashFields.checklist_date,
    start_time: flashFields.start_time,
    end_time: flashFields.end_time,
    locality: z.string().trim().min(1, V.required).max(200),
    city: z.string().trim().max(100).nullish(),
    province_id: columnInt('province_id', V.invalid, V.required),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    coordinate_uncertainty_m: coordinateUncertaintySchema.nullish(),
    adults: flashFields.adults,
    eggs: flashFields.eggs,
    caterpillars: flashFields.caterpillars,
    chrysalises: flashFields.chrysalises,
    milkweed_id: columnInt('milkweed_id').nullish(),
    comment: multiline(z.string().trim().max(2000).nullish()),
    photos: z.array(photoRefSchema).max(40, V.invalid).default([]),
  })
  // `when`: report these cross-field rules alongside other fields' errors, as soon as their own inputs are valid.
  .refine((v) => v.adults + v.eggs + v.caterpillars + v.chrysalises > 0, {
    message: V.monarchRequired,
    path: ['adults'],
    when: (p) => validParts(p.value, ['adults', 'eggs', 'caterpillars', 'chrysalises']),
  })
  .refine((v) => !v.start_time || !v.end_time || v.end_time >= v.start_time, {
    message: V.endBeforeStart,
    path: ['end_time'],
    when: (p) => validParts(p.value, ['start_time', 'end_time']),
  })
  .refine((v) => v.checklist_date <= new Date().toISOString().slice(0, 10), {
    message: V.dateFuture,
    path: ['checklist_date'],
    when: (p) => validParts(p.value, ['checklist_date']),
  });
export type SubmitFlashInput = z.infer<typeof submitFlashInputSchema>;

export const submitResponseSchema = z.object({ checklist_id: z.number().int() });

export const photoSchema = z.object({
  id: z.number().int(),
  observation_id: z.number().int().nullable(),
  observation_lifestage_id: z.number().int().nullable(),
  photo_path: z.string(),
  photo_name: z.string(),
  user_id: z.number().int(),
  isdeleted: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const uploadPhotoResponseSchema = z.object({
  photo_path: z.string(),
  photo_name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadPhotoResponse = z.infer<typeof uploadPhotoResponseSchema>;

/** Observation row of spec §3, plus the point, date and Spanish name the UI needs. */
export const observationRowSchema = z.object({
  observation_id: z.number().int(),
  number_of_plants: z.string().nullable(),
  observationstatus_id: z.number().int(),
  milkweed_id: z.number().int().nullable(),
  is_flash: z.union([z.literal(0), z.literal(1)]),
  observation_created: z.string(),
  lifestage_id: z.number().int().nullable(),
  /** Individuals counted; null when an imported record gave no count. */
  numbers: z.number().int().nullable(),
  english_name: z.string().nullable(),
  latin_name: z.string().nullable(),
  french_name: z.string().nullable(),
  spanish_name: z.string().nullable(),
  site_id: z.number().int(),
  locality: z.string().nullable(),
  province_id: z.number().int().nullable(),
  checklist_id: z.number().int(),
  checklist_date: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  dateidentified: z.string().nullable(),
  username: z.string().nullable(),
  photo_path: z.string().nullable(),
  photo: z.array(photoSchema),
  /**
   * A private site: unless the requester owns it (detail page) or is an admin, `latitude`
   * and `longitude` are the centre of its 0.1° cell and `locality` is null.
   */
  is_private: z.boolean(),
});
export type ObservationRow = z.infer<typeof observationRowSchema>;

/** Paginator of spec §3. */
export const paginatorSchema = z.object({
  current: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  totalpage: z.number().int(),
  hasPre: z.boolean(),
  hasNext: z.boolean(),
});
export type Paginator = z.infer<typeof paginatorSchema>;

export const observationListResponseSchema = z.object({
  data: z.array(observationRowSchema),
  paginator: paginatorSchema,
});
export type ObservationListResponse = z.infer<typeof observationListResponseSchema>;
