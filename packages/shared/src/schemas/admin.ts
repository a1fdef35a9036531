import { z } from 'zod';
import { qualityFlagsSchema } from '../quality/flags';
import { ObservationStatus, type ObservationStatusId } from '../constants/enums';
import { clockTime, countSchema, isoDate, latitudeSchema, longitudeSchema } from './observations';
import { columnInt, jsonLimitIssue, multiline, PG_INTEGER_RANGES } from './input-rules';
import { V } from './validation';

/**
 * Admin panel API, in the shape of react-admin's REST data provider (ra-data-simple-rest):
 * `GET /api/admin/{resource}?sort=["field","ASC"]&range=[0,24]&filter={…}` answers a JSON array
 * with `Content-Range: {resource} 0-24/319`; `GET|PUT|DELETE /api/admin/{resource}/{id}` and
 * `POST /api/admin/{resource}` answer one record carrying `id`.
 */

/**
 * Allowed observation status changes. Pending is the queue; Vetted means checked by staff,
 * Valid/Invalid are the scientific verdict; Test marks trial rows; Deleted hides (restorable to Pending).
 * Anything else (including a change to the same status) is refused with 409.
 */
export const STATUS_TRANSITIONS: Readonly<Record<ObservationStatusId, readonly ObservationStatusId[]>> = {
  [ObservationStatus.Pending]: [
    ObservationStatus.Vetted,
    ObservationStatus.Valid,
    ObservationStatus.Invalid,
    ObservationStatus.Test,
    ObservationStatus.Deleted,
  ],
  [ObservationStatus.Vetted]: [
    ObservationStatus.Valid,
    ObservationStatus.Invalid,
    ObservationStatus.Pending,
    ObservationStatus.Deleted,
  ],
  [ObservationStatus.Valid]: [ObservationStatus.Invalid, ObservationStatus.Vetted, ObservationStatus.Deleted],
  [ObservationStatus.Invalid]: [
    ObservationStatus.Valid,
    ObservationStatus.Vetted,
    ObservationStatus.Pending,
    ObservationStatus.Deleted,
  ],
  [ObservationStatus.Test]: [ObservationStatus.Pending, ObservationStatus.Deleted],
  [ObservationStatus.Deleted]: [ObservationStatus.Pending],
};

/** Whether an observation may go from one status to another (see STATUS_TRANSITIONS). */
export function canTransition(from: number, to: number): boolean {
  return (STATUS_TRANSITIONS[from as ObservationStatusId] ?? []).includes(to as ObservationStatusId);
}

/** The transitions as one sentence per status, for the OpenAPI description. */
export const STATUS_TRANSITIONS_TEXT = Object.entries(STATUS_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.join(', ')}`)
  .join('; ');

const jsonParam = <T extends z.ZodType>(inner: T, fallback: z.input<T>) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: V.invalid });
        return z.NEVER;
      }
      // Bounded before `inner` (and the input rules) walk it.
      const tooLarge = jsonLimitIssue(parsed);
      if (tooLarge) {
        ctx.addIssue({ code: 'custom', message: tooLarge.message });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(inner);

/** `sort`, `range` and `filter` of a react-admin list request (JSON in the query string). */
export const adminListQuerySchema = z.object({
  sort: jsonParam(z.tuple([z.string().max(64), z.enum(['ASC', 'DESC'])]), ['id', 'DESC']),
  /** Inclusive row offsets; at most 500 rows per page. */
  range: jsonParam(
    z
      .tuple([
        z.number().int().min(0).max(PG_INTEGER_RANGES.integer.max),
        z.number().int().min(0).max(PG_INTEGER_RANGES.integer.max),
      ])
      .refine(([a, b]) => b >= a && b - a < 500, { message: V.invalid }),
    [0, 24],
  ),
  filter: jsonParam(z.record(z.string(), z.unknown()), {}),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** `{id}` of a panel record whose id column is an `integer` (see the server's per-table id params for the others). */
export const adminIdParamsSchema = z.object({
  id: z.coerce.number(V.number).int(V.wholeNumber).min(1, V.invalid).max(PG_INTEGER_RANGES.integer.max, V.invalid),
});

const statusId = z.number(V.number).int(V.wholeNumber).min(1, V.invalid).max(6, V.invalid);

/** `POST /api/admin/observations/status`: one status for one or many observations, all or nothing. */
export const statusChangeSchema = z.object({
  ids: z.array(columnInt('observation_id')).min(1, V.required).max(500, V.invalid),
  status_id: statusId,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** A photo as the panel shows it. */
export const adminPhotoSchema = z.object({
  id: z.number().int(),
  small: z.string(),
  large: z.string(),
  lifestage_id: z.number().int().nullable(),
});

/** Where a site is: its name, province or state, country and point (WGS84 degrees). */
const placeFields = {
  locality: z.string().nullable(),
  province_id: z.number().int().nullable(),
  country_id: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
};
/** Who submitted (null once the account is gone). */
const observerFields = { user_id: z.number().int().nullable(), username: z.string().nullable() };

/** One observation with its checklist, site and photos. */
export const adminObservationSchema = z.object({
  id: z.number().int(),
  checklist_id: z.number().int(),
  is_flash: z.boolean(),
  checklist_date: z.string(),
  lifestage_id: z.number().int().nullable(),
  /** Individuals counted; null when an imported record gave no count. */
  numbers: z.number().int().nullable(),
  milkweed_id: z.number().int().nullable(),
  observationstatus_id: z.number().int(),
  vetted_by: z.number().int().nullable(),
  vetted_by_username: z.string().nullable(),
  dateidentified: z.string().nullable(),
  observation_created: z.string(),
  site_id: z.number().int(),
  ...placeFields,
  ...observerFields,
  comment: z.string().nullable(),
  photos: z.array(adminPhotoSchema),
  /** Quality flags, each with the values its translated reason names. */
  quality_flags: qualityFlagsSchema,
  flag_count: z.number().int(),
  /** The admin who vetted the flagged record Valid, accepting its flags, and when (ISO 8601). */
  flags_accepted_by: z.number().int().nullable(),
  flags_accepted_by_username: z.string().nullable(),
  flags_accepted_at: z.string().nullable(),
});
export type AdminObservation = z.infer<typeof adminObservationSchema>;

/**
 * `PUT /api/admin/observations/{id}`: correct counts, milkweed, date or place. The date is the
 * checklist's and the place the site's, so they change for every observation sharing them.
 */
export const adminObservationUpdateSchema = z.object({
  numbers: countSchema.optional(),
  milkweed_id: columnInt('milkweed_id').nullable().optional(),
  checklist_date: isoDate.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  locality: z.string().trim().min(1, V.required).max(200).optional(),
  province_id: columnInt('province_id').optional(),
});
export type AdminObservationUpdate = z.infer<typeof adminObservationUpdateSchema>;

export const adminChecklistSchema = z.object({
  id: z.number().int(),
  checklist_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  participants: z.number().int().nullable(),
  is_flash: z.boolean(),
  comment: z.string().nullable(),
  site_id: z.number().int(),
  locality: z.string().nullable(),
  province_id: z.number().int().nullable(),
  ...observerFields,
  observation_count: z.number().int(),
  created: z.string(),
});
export const adminChecklistUpdateSchema = z.object({
  checklist_date: isoDate.optional(),
  start_time: clockTime.nullable().optional(),
  end_time: clockTime.nullable().optional(),
  participants: z
    .number(V.number)
    .int(V.wholeNumber)
    .min(1, V.numberPositive)
    .max(1000, V.invalid)
    .nullable()
    .optional(),
  comment: multiline(z.string().max(2000).nullable().optional()),
});

export const adminSiteSchema = z.object({
  id: z.number().int(),
  city: z.string().nullable(),
  ...placeFields,
  ...observerFields,
  checklist_count: z.number().int(),
  /** Private site: public answers show it generalised to its 0.1° cell. */
  is_private: z.boolean(),
});
export const adminSiteUpdateSchema = z.object({
  locality: z.string().trim().min(1, V.required).max(200).optional(),
  city: z.string().trim().max(200).nullable().optional(),
  province_id: columnInt('province_id').optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  /** Mark the site private (e.g. a sensitive colony) or public again. */
  is_private: z.boolean(V.invalid).optional(),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role_id: z.number().int(),
  isdeleted: z.boolean(),
  province_id: z.number().int().nullable(),
  lastlogin: z.string().nullable(),
  created: z.string(),
  checklist_count: z.number().int(),
  observation_count: z.number().int(),
  /** Provinces a Region admin may vet. */
  region_provinces: z.array(z.number().int()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserUpdateSchema = z.object({
  role_id: z.number(V.number).int().min(1, V.invalid).max(4, V.invalid).optional(),
  isdeleted: z.boolean().optional(),
  region_provinces: z.array(columnInt('province_id')).max(100, V.invalid).optional(),
});

/** Milkweed species of the reference data; retiring hides it from forms, never from old observations. */
export const adminMilkweedSchema = z.object({
  id: z.number().int(),
  latin_name: z.string(),
  english_name: z.string(),
  french_name: z.string(),
  spanish_name: z.string(),
  isdeleted: z.boolean(),
});
const name = z.string().trim().min(1, V.required).max(200);
export const adminMilkweedInputSchema = z.object({
  latin_name: name,
  english_name: name,
  french_name: name,
  spanish_name: name,
  isdeleted: z.boolean().optional(),
});

/** Reasons, abundances and location sizes: one name per language. */
export const adminNamedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_fr: z.string(),
  name_es: z.string(),
  isdeleted: z.boolean(),
});
export const adminNamedInputSchema = z.object({
  name,
  name_fr: name,
  name_es: name,
  isdeleted: z.boolean().optional(),
});

export const adminDownloadSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  reason_id: z.number().int().nullable(),
  reason_text: z.string().nullable(),
  filters: z.record(z.string(), z.unknown()),
  format: z.string(),
  rows: z.number().int(),
  finished: z.string().nullable(),
});

/** `GET /api/admin/downloads/per-reason` query: weeks or months, and how many of them up to the current one. */
export const adminDownloadsPerReasonQuerySchema = z.object({
  period: z.enum(['week', 'month'], V.invalid).default('month'),
  /** Periods shown, the current one included: 1–104. */
  periods: z.coerce.number(V.number).int(V.wholeNumber).min(1, V.numberMin).max(104, V.invalid).default(12),
});
export type AdminDownloadsPerReasonQuery = z.infer<typeof adminDownloadsPerReasonQuerySchema>;

/**
 * Downloads per reason over time: every period of the range (oldest first, its first day
 * yyyy-MM-dd, UTC; weeks start on Monday), the reasons that occur (`reason_id` null: a reason given
 * in the requester's own words only) with their totals, and the non-empty cells.
 */
export const adminDownloadsPerReasonSchema = z.object({
  period: z.enum(['week', 'month']),
  periods: z.array(z.string()),
  reasons: z.array(
    z.object({
      reason_id: z.number().int().nullable(),
      /** In the request's language; '' for `reason_id` null (the panel names it). */
      name: z.string(),
      retired: z.boolean(),
      downloads: z.number().int(),
      /** Records written by those downloads. */
      records: z.number().int(),
    }),
  ),
  cells: z.array(
    z.object({
      period: z.string(),
      reason_id: z.number().int().nullable(),
      downloads: z.number().int(),
      records: z.number().int(),
    }),
  ),
});
export type AdminDownloadsPerReason = z.infer<typeof adminDownloadsPerReasonSchema>;

export const adminMessageSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  handled: z.boolean(),
});
export const adminMessageUpdateSchema = z.object({ handled: z.boolean() });

export const adminAuditSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /**
   * 'cli' for a change made by an operator's command (`npm run users:role`), which has no author; else null.
   * A string, not an enum: OpenAPI 3.0 cannot say "this one value or null" (an enum with `nullable` refuses null).
   */
  via: z.string().nullable().describe("'cli' for a change made from the command line; null for the panel"),
  resource: z.string(),
  record_id: z.number().int(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** `GET /api/admin/dashboard`, limited to a Region admin's provinces. */
export const adminDashboardSchema = z.object({
  /** Observations created in the last 7 and 30 days, per status id. */
  week: z.array(z.object({ status_id: z.number().int(), count: z.number().int() })),
  month: z.array(z.object({ status_id: z.number().int(), count: z.number().int() })),
  pending: z.number().int(),
  /** Observations submitted per ISO week (Monday, yyyy-MM-dd) over the last 12 weeks. */
  per_week: z.array(z.object({ week: z.string(), count: z.number().int() })),
  newest_observations: z.array(adminObservationSchema),
  /** Admin only; empty for a Region admin. */
  newest_users: z.array(adminUserSchema),
  /** Admin only: most visited pages over the last 30 days; empty for a Region admin. */
  top_pages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
