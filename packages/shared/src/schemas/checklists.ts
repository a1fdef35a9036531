import { z } from 'zod';
import { OBSERVATION_PAGE_SIZE } from '../constants/index';
import { queryColumnInt } from './input-rules';
import { V } from './validation';
import { paginatorSchema, photoSchema } from './observations';

const milkweedNames = {
  milkweed_id: z.number().int().nullable(),
  english_name: z.string().nullable(),
  french_name: z.string().nullable(),
  spanish_name: z.string().nullable(),
  latin_name: z.string().nullable(),
};

/** One observation inside a checklist: a monarch count for a life stage, or the milkweed row itself (lifestage_id null). */
export const checklistObservationSchema = z.object({
  observation_id: z.number().int(),
  lifestage_id: z.number().int().nullable(),
  /** Individuals counted; null when an imported record gave no count. */
  numbers: z.number().int().nullable(),
  number_of_plants: z.string().nullable(),
  abundance_id: z.number().int().nullable(),
  locationsize_id: z.number().int().nullable(),
  observationstatus_id: z.number().int(),
  dateidentified: z.string().nullable(),
  ...milkweedNames,
  photo: z.array(photoSchema),
});
export type ChecklistObservation = z.infer<typeof checklistObservationSchema>;

/** A checklist (Flash Detail or Mission details) with its site and observations. */
export const checklistDetailSchema = z.object({
  checklist_id: z.number().int(),
  is_flash: z.union([z.literal(0), z.literal(1)]),
  checklist_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  participants: z.number().int().nullable(),
  checklisttype_id: z.number().int(),
  submittype_id: z.number().int(),
  stems_inspected: z.number().int().nullable(),
  comment: z.string().nullable(),
  /** Licence the observer gave the record and its photos at submission: a `LicenseCode`. */
  license: z.string(),
  created: z.string(),
  username: z.string().nullable(),
  /**
   * Where: at a private site others than its observer and admins get the centre of its
   * 0.1° cell, and null locality and city.
   */
  site: z.object({
    site_id: z.number().int(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    province_id: z.number().int().nullable(),
    province: z.string().nullable(),
    country_id: z.number().int().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    is_private: z.boolean(),
  }),
  observations: z.array(checklistObservationSchema),
  /** True when the requester owns it and every observation is still Pending. */
  can_edit: z.boolean(),
});
export type ChecklistDetail = z.infer<typeof checklistDetailSchema>;

export const checklistIdParamsSchema = z.object({ id: queryColumnInt('checklist_id') });

/** One line of Flash Submissions / Missions: a summary of one of my checklists. */
export const mySubmissionSchema = z.object({
  checklist_id: z.number().int(),
  /** Its site, whose history is `GET /api/sites/:id/history`. */
  site_id: z.number().int(),
  is_flash: z.union([z.literal(0), z.literal(1)]),
  checklist_date: z.string(),
  locality: z.string(),
  province_id: z.number().int().nullable(),
  adults: z.number().int(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  chrysalises: z.number().int(),
  milkweed_rows: z.number().int(),
  /** The lowest-id status among its observations (1 Pending … 6 Test). */
  observationstatus_id: z.number().int(),
  photo: photoSchema.nullable(),
  created: z.string(),
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;

export const mySubmissionsQuerySchema = z.object({
  kind: z.enum(['flash', 'mission']),
  page: z.coerce.number().int().min(1, V.numberPositive).max(1_000_000, V.invalid).default(1),
  limit: z.coerce.number().int().min(1).max(OBSERVATION_PAGE_SIZE, V.invalid).default(20),
});
export const mySubmissionsResponseSchema = z.object({ data: z.array(mySubmissionSchema), paginator: paginatorSchema });
export type MySubmissionsResponse = z.infer<typeof mySubmissionsResponseSchema>;

/** One of my sites ("show my locations"), most recently used first. */
export const mySiteSchema = z.object({
  site_id: z.number().int(),
  locality: z.string(),
  city: z.string().nullable(),
  province_id: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Kept off public answers at its exact place. */
  is_private: z.boolean(),
  last_used: z.string(),
  checklists: z.number().int(),
});
export type MySite = z.infer<typeof mySiteSchema>;

/** `GET /api/sites/:id/history` path parameter. */
export const siteIdParamsSchema = z.object({ id: queryColumnInt('site_id') });

/** One visit of a site (a checklist): its day, ISO week and monarch counts per life stage. */
export const siteVisitSchema = z.object({
  checklist_id: z.number().int(),
  is_flash: z.union([z.literal(0), z.literal(1)]),
  /** yyyy-MM-dd */
  checklist_date: z.string(),
  /** ISO 8601 week-numbering year and week (1–53) of the date: the unit of weekly monitoring. */
  iso_year: z.number().int(),
  iso_week: z.number().int(),
  adults: z.number().int(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  chrysalises: z.number().int(),
  /** Milkweed stems inspected (Mission), null for a Flash. */
  stems_inspected: z.number().int().nullable(),
});
export type SiteVisit = z.infer<typeof siteVisitSchema>;

/**
 * Per-site history: the site and its visits, newest first. A private site's exact place
 * (point, locality, city) reaches only its owner and admins; others get the centre of its 0.1° cell
 * and nulls (`exact` false).
 */
export const siteHistorySchema = z.object({
  site: z.object({
    site_id: z.number().int(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    province_id: z.number().int().nullable(),
    province: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    is_private: z.boolean(),
    /** True when the point, locality and city are the exact ones. */
    exact: z.boolean(),
  }),
  visits: z.array(siteVisitSchema),
});
export type SiteHistory = z.infer<typeof siteHistorySchema>;

/** `GET /api/utilities/locate?lat&lng`: the province and country suggested for a point, from seeded bounding boxes (offline). */
export const locateQuerySchema = z.object({
  lat: z.coerce.number().min(-90, V.latitude).max(90, V.latitude),
  lng: z.coerce.number().min(-180, V.longitude).max(180, V.longitude),
});
export const locateResponseSchema = z.object({
  province_id: z.number().int().nullable(),
  country_id: z.number().int().nullable(),
});
