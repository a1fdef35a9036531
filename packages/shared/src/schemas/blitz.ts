import { z } from 'zod';
import { isoDate } from './observations';
import { columnInt, queryColumnInt } from './input-rules';
import { V } from './validation';

/**
 * Blitz events (the International Monarch Monitoring Blitz, a content page of the spec): an event
 * an admin defines — a name in each language, first and last day, and an area of countries and/or
 * provinces/states (admin-1 ids of `loadparams`). An observation belongs to it when its checklist's
 * date lies within the days and its site in the area (docs/blitz.md, docs/adr/0031).
 */
const name = z.string().trim().min(1, V.required).max(200, V.maxChars);
/** Most countries or provinces an event names: the three countries and their 96 admin-1 units fit. */
const MAX_AREA_IDS = 200;

const blitzEventFields = {
  name,
  name_fr: name,
  name_es: name,
  /** First day of the event, yyyy-MM-dd (inclusive). */
  start_date: isoDate,
  /** Last day of the event, yyyy-MM-dd (inclusive; not before start_date). */
  end_date: isoDate,
  /** Whole countries in the event (ids of `countries`). */
  country_ids: z.array(columnInt('country_id', V.invalid), V.invalid).max(MAX_AREA_IDS, V.invalid).default([]),
  /** Provinces and states in the event (ids of `provinces`), besides the whole countries. */
  province_ids: z.array(columnInt('province_id', V.invalid), V.invalid).max(MAX_AREA_IDS, V.invalid).default([]),
};

const datesInOrder = (e: { start_date?: string; end_date?: string }) =>
  !e.start_date || !e.end_date || e.start_date <= e.end_date;
const hasArea = (e: { country_ids?: number[]; province_ids?: number[] }) =>
  e.country_ids === undefined || e.province_ids === undefined || e.country_ids.length + e.province_ids.length > 0;

/** `POST /api/admin/blitz-events` and `PUT …/:id` (every field; react-admin sends the whole record). */
export const blitzEventInputSchema = z
  .object(blitzEventFields)
  .refine(datesInOrder, { message: V.endDateBeforeStart, path: ['end_date'] })
  .refine(hasArea, { message: V.required, path: ['province_ids'] });
export type BlitzEventInput = z.infer<typeof blitzEventInputSchema>;

/** A Blitz event as stored (the admin panel's record). */
export const blitzEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_fr: z.string(),
  name_es: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  country_ids: z.array(z.number().int()),
  province_ids: z.array(z.number().int()),
  created: z.string(),
  updated: z.string(),
});
export type BlitzEvent = z.infer<typeof blitzEventSchema>;

/** `/api/blitz/:id`. */
export const blitzIdParamsSchema = z.object({ id: queryColumnInt('integer', V.invalid) });

/**
 * The figures of one group of a Blitz's observations (the whole event, a country or a province), over
 * the public statuses (Pending, Vetted, Valid) on live checklists:
 * - `participants`: distinct volunteers (accounts) who recorded a matching observation;
 * - `sites`, `visits`: distinct sites and checklists holding one;
 * - `adults`, `eggs`, `caterpillars`, `chrysalises`: sums of the counts of matching observations of each
 *   life stage (Flash Data and Missions);
 * - `stems`, `per_100_stems`: the Explore density view's definition (Missions with stems inspected > 0,
 *   stems once per visit; per_100_stems = 100 × (eggs + caterpillars of those Missions) / stems, 2 decimals,
 *   null without stems).
 */
export const blitzFiguresSchema = z.object({
  participants: z.number().int(),
  sites: z.number().int(),
  visits: z.number().int(),
  stems: z.number().int(),
  adults: z.number().int(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  chrysalises: z.number().int(),
  per_100_stems: z.number().nullable(),
});
export type BlitzFigures = z.infer<typeof blitzFiguresSchema>;

/** `GET /api/blitz/current` and `GET /api/blitz/:id`: the event and its live totals. */
export const blitzReportSchema = z.object({
  event: blitzEventSchema.omit({ created: true, updated: true }),
  total: blitzFiguresSchema,
  per_country: z.array(blitzFiguresSchema.extend({ country_id: z.number().int().nullable() })),
  per_province: z.array(blitzFiguresSchema.extend({ province_id: z.number().int().nullable() })),
});
export type BlitzReport = z.infer<typeof blitzReportSchema>;

/** `GET /api/blitz`: every event, newest first, without totals (links to earlier years). */
export const blitzEventListSchema = z.array(blitzEventSchema.omit({ created: true, updated: true }));
