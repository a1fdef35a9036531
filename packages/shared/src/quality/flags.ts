import { z } from 'zod';

/**
 * Quality flags: warnings computed for every observation at submission, at import and
 * after an admin correction. A flag never refuses a record (hard errors stay in the input schemas);
 * it tells the volunteer before sending and the vetting admin after. docs/quality-flags.md lists
 * every rule with its threshold and source.
 */
export const QUALITY_FLAG_CODES = [
  'date_future',
  'date_before_1900',
  'out_of_season',
  'count_above_ceiling',
  'count_per_stem',
  'place_other_province',
  'place_outside_area',
  'near_duplicate',
  'photo_date_far',
  'photo_place_far',
] as const;
export type QualityFlagCode = (typeof QUALITY_FLAG_CODES)[number];

/**
 * One flag: its code and the values its translated reason (`common:quality.<code>`) names, e.g.
 * `{ code: 'out_of_season', params: { lifestage_id: 2, month: 1, latitude: 46.8 } }`.
 */
export const qualityFlagSchema = z.object({
  code: z.enum(QUALITY_FLAG_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type QualityFlag = z.infer<typeof qualityFlagSchema>;
export const qualityFlagsSchema = z.array(qualityFlagSchema);
