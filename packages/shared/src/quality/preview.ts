import { z } from 'zod';
import { columnInt } from '../schemas/input-rules';
import { countSchema, isoDate, latitudeSchema, longitudeSchema } from '../schemas/observations';
import { qualityFlagsSchema } from './flags';

/**
 * `POST /api/quality/preview`: a submission as the Flash form or the Mission steps hold it, before
 * sending. Each observation is a life stage (null: a milkweed row) with its count and the names of
 * its uploaded photos; `checklist_id` names the record being edited (left out of the duplicate rule).
 */
export const qualityPreviewInputSchema = z.object({
  checklist_date: isoDate,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  province_id: columnInt('province_id'),
  stems_inspected: z.number().int().min(0).max(1_000_000).nullish(),
  checklist_id: columnInt('checklist_id').nullish(),
  observations: z
    .array(
      z.object({
        lifestage_id: z.number().int().min(1).max(4).nullable(),
        numbers: countSchema,
        photo_names: z.array(z.string().max(64)).max(40).default([]),
      }),
    )
    .max(400),
});
export type QualityPreviewInput = z.infer<typeof qualityPreviewInputSchema>;

/** The flags the submission would get, without repeats. */
export const qualityPreviewResponseSchema = z.object({ flags: qualityFlagsSchema });
