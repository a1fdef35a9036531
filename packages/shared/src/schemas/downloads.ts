import { z } from 'zod';
import { exploreFiltersSchema, exploreSortSchema, queryBoolean } from './explore';
import { columnInt, multiline } from './input-rules';
import { V } from './validation';
import type { ObservationStatusId } from '../constants/enums';

/** File formats of the Explore download: CSV, GeoJSON FeatureCollection, Darwin Core Archive (zip). */
export const DOWNLOAD_FORMATS = ['csv', 'geojson', 'dwca'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Longest free-text download reason, characters. */
export const DOWNLOAD_REASON_MAX_CHARS = 500;

const reasonId = columnInt('reason_id');
const reasonFields = {
  format: z.enum(DOWNLOAD_FORMATS, V.invalid),
  /** A reason of the seeded `reasons` list (`loadparams.reasons`). */
  reason_id: reasonId.optional(),
  /** The reason in the requester's own words. */
  reason_text: multiline(z.string().trim().max(DOWNLOAD_REASON_MAX_CHARS).optional()),
};

/**
 * `statuses=1,2,4`: the observation statuses (ids 1–6, comma-separated, each once at most) the
 * requester chooses to download; without it, every status they may see ("Status").
 */
const statusesParam = z
  .string()
  .regex(/^[1-6](,[1-6]){0,5}$/, V.invalid)
  .transform((v) => v.split(',').map(Number) as ObservationStatusId[])
  .refine((ids) => new Set(ids).size === ids.length, V.invalid);

const hasReason = (v: { reason_id?: number; reason_text?: string }) =>
  v.reason_id !== undefined || (v.reason_text ?? '') !== '';
/** Spec §5 "Reason is required.": on the `reason` field, whichever of the two inputs is missing. */
const reasonRequired = { message: V.required, path: ['reason'] };

/**
 * What the download form sends: a format and a reason, chosen from the list and/or written
 * (spec §1: "a download that requires a stated reason").
 */
export const createDownloadInputSchema = z
  .object({
    ...reasonFields,
    /** The statuses to download, at least one (the dialog starts with every status the requester may see). */
    statuses: z.array(z.number().int().min(1).max(6)).min(1, V.required),
    /** Darwin Core Archive only: also the records imported from GBIF or a GBIF publisher (off by default). */
    include_gbif: z.boolean(V.invalid).optional(),
    /** Leave out flagged records (`exclude_flagged`, docs/adr/0035); the dialog starts with Explore's choice. */
    exclude_flagged: z.boolean(V.invalid).optional(),
    /** Administrators only: private sites at their exact point (`exact_positions` of the download query). */
    exact_positions: z.boolean(V.invalid).optional(),
  })
  .refine(hasReason, reasonRequired);
export type CreateDownloadInput = z.infer<typeof createDownloadInputSchema>;

/**
 * `GET /api/observations/download`: the Explore filters plus format and reason, so that a download
 * holds exactly what Explore shows for the same query string.
 */
export const downloadQuerySchema = exploreFiltersSchema
  .safeExtend({
    ...reasonFields,
    reason_id: z.coerce.number(V.number).pipe(reasonId).optional(),
    /**
     * Darwin Core Archive only: also include the records imported from GBIF or a GBIF publisher
     * (iNaturalist), marked with their source; left out by default, since GBIF already
     * publishes them. `1`/`true` or `0`/`false`.
     */
    include_gbif: queryBoolean.optional(),
    /**
     * Administrators only: the exact coordinates, locality and municipality of private sites, marked
     * in `dataGeneralizations` and `informationWithheld`. Without it every download, an admin's too,
     * gives private sites at the centre of their 0.1° cell (the file one would publish to GBIF).
     */
    exact_positions: queryBoolean.optional(),
    statuses: statusesParam.optional(),
    /** A ticket of `POST /api/observations/download/ticket`: download as its signed-in user (browser links cannot send `Authorization`). */
    ticket: z.string().max(300, V.invalid).optional(),
    /** Row order of a CSV or GeoJSON file, as Explore's list (the archive keeps id order). */
    sort: exploreSortSchema,
  })
  .refine(hasReason, reasonRequired);
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

/**
 * `POST /api/observations/download/ticket` answer: a short-lived, single-use ticket bound to the
 * signed-in user, their session and exactly this download (format, reason, filters), to add as
 * `ticket=` to the GET link; `expires_in` in seconds.
 */
export const downloadTicketResponseSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type DownloadTicketResponse = z.infer<typeof downloadTicketResponseSchema>;

/** `GET /api/downloads/{id}` params: the download's public UUID. */
export const downloadIdParamsSchema = z.object({ id: z.uuid(V.invalid) });

/**
 * `GET /api/downloads/{id}`: a download's public landing page ("Citable downloads"): the
 * citation text (dataset, year, download id, record count, access date, URL), the filters, format
 * and reason it was made with, and how many of its records each licence covers.
 */
export const downloadLandingSchema = z.object({
  id: z.string(),
  /** ISO 8601 date-time, UTC: when the download was made (its access date). */
  created: z.string(),
  /** False while it streams, or when it was cut short. */
  finished: z.boolean(),
  format: z.enum(DOWNLOAD_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  reason: z.string(),
  /** Records written: occurrences (with absences) for a Darwin Core Archive, rows otherwise. */
  records: z.number().int(),
  licenses: z.array(z.object({ code: z.string(), records: z.number().int(), url: z.string() })),
  citation: z.string(),
});
export type DownloadLanding = z.infer<typeof downloadLandingSchema>;
