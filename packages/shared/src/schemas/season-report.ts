import { z } from 'zod';
import { columnInt } from './input-rules';
import { V } from './validation';

/**
 * The season report (docs/monitoring.md "Season report", ADR 0037): one volunteer's Missions of one
 * calendar year, at one of their sites or at all of them, with the region's weekly figure beside
 * theirs. Counts are individuals (sums of `numbers`); a "visit" is a Mission (never a Flash) with at
 * least one observation that is not Deleted.
 */

/** First and last year a report may be asked for: the program's first season to a little past today. */
export const SEASON_REPORT_FIRST_YEAR = 1990;
export const SEASON_REPORT_LAST_YEAR = 2100;

/** `?year=`: the season (calendar year) of the report. */
export const seasonReportQuerySchema = z.object({
  year: z.coerce
    .number(V.number)
    .int(V.wholeNumber)
    .min(SEASON_REPORT_FIRST_YEAR, V.invalid)
    .max(SEASON_REPORT_LAST_YEAR, V.invalid),
});
export type SeasonReportQuery = z.infer<typeof seasonReportQuerySchema>;

/** `POST /api/sites/season-report/share` body: the season and, for one site's report, the site (else all my sites). */
export const createSeasonShareInputSchema = z.object({
  year: z
    .number(V.number)
    .int(V.wholeNumber)
    .min(SEASON_REPORT_FIRST_YEAR, V.invalid)
    .max(SEASON_REPORT_LAST_YEAR, V.invalid),
  site_id: columnInt('site_id').nullable().optional(),
});
export type CreateSeasonShareInput = z.infer<typeof createSeasonShareInputSchema>;

/** `:token` of a shared report: 43 characters of base64url (256 random bits). */
export const seasonShareTokenParamsSchema = z.object({
  token: z.string(V.required).regex(/^[A-Za-z0-9_-]{43}$/, V.invalid),
});

/** A share link of a report: its token (the link is `/mmapp/{locale}/report/{token}`) and when it was made. */
export const seasonShareSchema = z.object({
  token: z.string(),
  year: z.number().int(),
  /** The site of a one-site report; null for the report of all the volunteer's sites. */
  site_id: z.number().int().nullable(),
  /** ISO 8601 date-time. */
  created: z.string(),
});
export type SeasonShare = z.infer<typeof seasonShareSchema>;

/** A site of the report, as its reader may see it (`exact` false: a private site at its 0.1° cell centre, unnamed). */
export const seasonReportSiteSchema = z.object({
  site_id: z.number().int(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  province_id: z.number().int().nullable(),
  /** WGS84 degrees. */
  latitude: z.number(),
  longitude: z.number(),
  is_private: z.boolean(),
  exact: z.boolean(),
});
export type SeasonReportSite = z.infer<typeof seasonReportSiteSchema>;

/** One visit (a Mission) of the season: its day, stems inspected and monarchs counted per life stage (individuals). */
export const seasonVisitSchema = z.object({
  checklist_id: z.number().int(),
  site_id: z.number().int(),
  /** yyyy-MM-dd */
  checklist_date: z.string(),
  /** ISO 8601 week (1–53) of the date, as the density view groups it. */
  week: z.number().int(),
  stems_inspected: z.number().int().nullable(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  chrysalises: z.number().int(),
  adults: z.number().int(),
});
export type SeasonVisit = z.infer<typeof seasonVisitSchema>;

/**
 * One ISO week: the volunteer's figure by the density view's rule (visits with stems inspected > 0;
 * `per_100_stems` = 100 × (eggs + caterpillars) / stems, 2 decimals, null without stems) and the
 * region's (`region_per_100_stems`: the density view over the report's provinces, flagged visits left
 * out; null when the region has no such visit that week).
 */
export const seasonWeekSchema = z.object({
  week: z.number().int(),
  visits: z.number().int(),
  stems: z.number().int(),
  eggs: z.number().int(),
  caterpillars: z.number().int(),
  per_100_stems: z.number().nullable(),
  region_visits: z.number().int(),
  region_per_100_stems: z.number().nullable(),
});
export type SeasonWeek = z.infer<typeof seasonWeekSchema>;

/** First and last day (yyyy-MM-dd) a life stage (1 adult, 2 egg, 3 caterpillar, 4 chrysalis) was counted (> 0). */
export const seasonStageSchema = z.object({
  lifestage_id: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
});

/** A photo of the season's visits: JPEG URLs under /attachments/ (small ≤ 400 px, large ≤ 2048 px). */
export const seasonPhotoSchema = z.object({
  id: z.number().int(),
  checklist_date: z.string(),
  lifestage_id: z.number().int().nullable(),
  small: z.string(),
  large: z.string(),
});

/** `GET /api/sites/:id/season-report`, `GET /api/sites/season-report` and `GET /api/season-reports/:token`. */
export const seasonReportSchema = z.object({
  year: z.number().int(),
  /** `site`: one site's report; `volunteer`: all the volunteer's sites with a visit that season. */
  scope: z.enum(['site', 'volunteer']),
  username: z.string(),
  sites: z.array(seasonReportSiteSchema),
  /** The provinces/states of the sites: the region of `region_per_100_stems`. */
  region_province_ids: z.array(z.number().int()),
  visits: z.array(seasonVisitSchema),
  totals: z.object({
    visits: z.number().int(),
    stems_inspected: z.number().int(),
    eggs: z.number().int(),
    caterpillars: z.number().int(),
    chrysalises: z.number().int(),
    adults: z.number().int(),
    per_100_stems: z.number().nullable(),
  }),
  weeks: z.array(seasonWeekSchema),
  stages: z.array(seasonStageSchema),
  photos: z.array(seasonPhotoSchema),
  /** The report's live share link: the owner's view only (always null in a shared view). */
  share: seasonShareSchema.nullable(),
});
export type SeasonReport = z.infer<typeof seasonReportSchema>;
