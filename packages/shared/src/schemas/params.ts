import { z } from 'zod';

const named = z.object({ id: z.number().int(), name: z.string() });

/** Reference data answered by `GET /api/utilities/loadparams` with the exact field names of spec §3, names in the request's language. */
export const loadParamsResponseSchema = z.object({
  abundances: z.array(named),
  locationsizes: z.array(named),
  countries: z.array(z.object({ id: z.number().int(), country: z.string(), administrative: z.string() })),
  provinces: z.array(
    z.object({
      province_id: z.number().int(),
      province: z.string(),
      country_id: z.number().int(),
      administrative: z.string(),
    }),
  ),
  basisofrecords: z.array(z.object({ basisofrecord_id: z.number().int(), basisofrecord: z.string() })),
  checklisttypes: z.array(z.object({ checklisttype_id: z.number().int(), checklisttype: z.string() })),
  observationstatus: z.array(z.object({ status_id: z.number().int(), observation_status: z.string() })),
  submittypes: z.array(z.object({ submittype_id: z.number().int(), submittype: z.string() })),
  reasons: z.array(named),
  lifestages: z.array(z.object({ lifestage_id: z.number().int(), lifestage: z.string() })),
  roles: z.array(
    z.object({
      role_id: z.number().int(),
      role: z.string(),
      isdeleted: z.boolean(),
      created: z.string(),
      updated: z.string(),
    }),
  ),
  languages: z.array(named),
  milkweeds: z.array(
    z.object({
      milkweed_id: z.number().int(),
      english_name: z.string(),
      french_name: z.string(),
      spanish_name: z.string(),
      latin_name: z.string(),
    }),
  ),
});
export type LoadParams = z.infer<typeof loadParamsResponseSchema>;
