import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  downloadIdParamsSchema,
  downloadLandingSchema,
  downloadQuerySchema,
  downloadTicketResponseSchema,
} from '@mm/shared';
import { HttpError } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { requireUser } from '../../plugins/auth';
import { DWC_COLUMNS } from './darwin-core';
import type { DownloadsService } from './downloads.service';
import type { PublicArchiveService } from './public-archive.service';

/** Retry-After (s) of the latest archive before its first build: the start-up run takes minutes at most. */
const ARCHIVE_RETRY_AFTER_S = 600;

/**
 * `GET /api/observations/download`, registered under the observations prefix in a plugin of its
 * own; its static path wins over `GET /api/observations/:id`.
 */
export const downloadsRoutes: FastifyPluginAsyncZod<{
  downloads: DownloadsService;
  perMinute: number;
  /** PUBLIC_URL: the origin of the files' links, else the request's (lib/public-origin.ts). */
  publicUrl: string | undefined;
}> = async (app, { downloads, perMinute, publicUrl }) => {
  app.post('/download/ticket', {
    config: { auth: true, rateLimit: { max: perMinute, timeWindow: 60_000 } },
    schema: {
      operationId: 'createDownloadTicket',
      tags: ['observations'],
      summary: 'A ticket to download as the signed-in user from a browser link',
      description:
        'Body: the query of the download, as the GET link will send it (format, reason_id and/or reason_text, Explore filters; strings as in a query string). ' +
        'Answers {ticket, expires_in (s)}: add ticket=… to GET /api/observations/download with exactly that query within expires_in seconds; single use, bound to this user and session. ' +
        '400 "Reason is required." without a reason; 401 when not signed in.',
      body: downloadQuerySchema,
      response: { 200: downloadTicketResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return downloads.tickets.issue(user, request.token ?? '', request.body);
    },
  });

  app.get('/download', {
    config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    // A HEAD would log a download and open a cursor for nothing.
    exposeHeadRoute: false,
    schema: {
      operationId: 'downloadObservations',
      tags: ['observations'],
      summary:
        'Download the Explore observations as CSV, GeoJSON or a Darwin Core Archive, with a stated reason (spec §1, §5)',
      description:
        'Query: format (csv|geojson|dwca), reason_id (one of loadparams.reasons) and/or reason_text (≤ 500 characters), plus the Explore filters ' +
        "(date_from, date_to, lifestage_id, milkweed_id, country_id, province_id, username, kind, with_photos, status, exclude_flagged, blitz_id: a Blitz event's days and area) with the same visibility as the list; exclude_flagged=1 leaves out records with a quality flag no admin accepted, and the EML says so. " +
        'statuses (optional, e.g. 1,2,4): the observation status ids to download, each once; default every status the requester may see (Pending, Vetted, Valid; all six for an admin). ' +
        'identificationVerificationStatus gives each record its status name. ' +
        `csv and geojson: one row per observation, ordered by id, Darwin Core columns: ${DWC_COLUMNS.join(', ')}. ` +
        'csv: RFC 4180, UTF-8 with a byte-order mark, header row. geojson: FeatureCollection of Points [longitude, latitude]. ' +
        'dwca: a sampling-event Darwin Core Archive: event.txt (Event core, one row per checklist), occurrence.txt (present and absent life stages, milkweeds), ' +
        'multimedia.txt (photos), meta.xml, eml.xml (EML 2.2), citation.txt and rights.txt; ids are urn:uuid: of the stored records, each record carries its licence. ' +
        'Streamed from a database cursor as an attachment named mission-monarch-observations-{yyyy-MM-dd}.{csv|geojson|zip}; every download is logged with its reason, filters and row count. ' +
        'include_gbif (optional, dwca only, default false): also include records imported from GBIF or a GBIF publisher such as iNaturalist, marked with their source dataset, institution and a note; left out by default since GBIF already publishes them. ' +
        "exact_positions (optional, admins only, default false): private sites at their exact point with their locality, marked in dataGeneralizations and informationWithheld; without it every download, an admin's too, gives a private site the centre of its 0.1° cell and drops the positional parameters of its quality flags (400 on fields.exact_positions for anyone else). " +
        'ticket (optional): from POST /api/observations/download/ticket, to download as that signed-in user from a browser link. ' +
        '400 "Reason is required." (fields.reason) without a reason; 400 on fields.statuses for a malformed list or a status the requester may not see; 401 for a ticket that is invalid, expired, already used, for another download, or whose session ended; 503 while too many downloads are streaming.',
      querystring: downloadQuerySchema,
      produces: ['text/csv', 'application/geo+json', 'application/zip'],
      response: {
        200: z.any().describe('The file, streamed'),
        400: apiErrorSchema,
        401: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    // A file streamed as is: its bytes and Content-Length stay those of the file (no @fastify/compress).
    compress: false,
    // A stream failing before its first byte is answered as a JSON error, not as a file.
    errorHandler: (err, _request, reply) => {
      reply.removeHeader('content-type').removeHeader('content-disposition');
      throw err;
    },
    handler: async (request, reply) => {
      const user = request.query.ticket
        ? await downloads.tickets.redeem(request.query.ticket, request.query)
        : request.user;
      const file = await downloads.start(user, request.query, request.locale, publicOrigin(publicUrl, request));
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Download-Id', file.id)
        .send(file.body);
    },
  });
};

/**
 * Under `/api/downloads`: `GET /dwca/latest.zip`, the latest public archive (GBIF's endpoint), and
 * `GET /{id}`, the public landing page of a download.
 */
export const downloadPagesRoutes: FastifyPluginAsyncZod<{
  downloads: DownloadsService;
  publicArchive: PublicArchiveService;
  perMinute: number;
  /** PUBLIC_URL: the origin of the citation's link, else the request's (lib/public-origin.ts). */
  publicUrl: string | undefined;
}> = async (app, { downloads, publicArchive, perMinute, publicUrl }) => {
  app.get('/dwca/latest.zip', {
    // A crawler fetching once a week needs no more; anyone looping on it meets the download limit.
    config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    exposeHeadRoute: false,
    schema: {
      operationId: 'getLatestArchive',
      tags: ['observations'],
      summary: 'The latest public Darwin Core Archive: the endpoint to register with GBIF (DWC_ARCHIVE)',
      description:
        'Public, stable URL. Answers the stored sampling-event Darwin Core Archive of the whole public dataset, what a visitor downloads without filters (as GET /api/observations/download?format=dwca): ' +
        'Pending, Vetted and Valid records, private sites at the centre of their 0.1° cell, records imported from GBIF or a GBIF publisher left out, flagged records kept with their flags. ' +
        'The job queue rebuilds it when the data changed, at most once an hour (docs/adr/0038); its EML carries pubDate and the version (packageId ending /v1.{build}). ' +
        'Headers: ETag (the SHA-256 of the file), Last-Modified (when it was built), Content-Length, X-Archive-Version, X-Download-Id (the build, logged as a download with its landing page and citation). ' +
        'If-None-Match / If-Modified-Since: 304 when the copy is current. 503 with Retry-After until the first build exists. ' +
        'Register it with GBIF as the dataset\'s endpoint of type DWC_ARCHIVE (docs/internals.md "GBIF").',
      produces: ['application/zip'],
      response: {
        200: z.any().describe('The archive'),
        304: z.null().describe("Not modified: the ETag or date sent is the current archive's"),
        503: apiErrorSchema,
      },
    },
    compress: false,
    errorHandler: (err, _request, reply) => {
      reply.removeHeader('content-type').removeHeader('content-disposition');
      throw err;
    },
    handler: async (request, reply) => {
      const archive = await publicArchive.current();
      const body = archive && (await publicArchive.open(archive));
      if (!archive || !body) {
        // Until the first build (the start-up run of the job builds it within minutes).
        reply.header('Retry-After', String(ARCHIVE_RETRY_AFTER_S));
        throw new HttpError(503, 'errors.archive_building');
      }
      const lastModified = new Date(Math.floor(archive.lastModified.getTime() / 1000) * 1000);
      reply
        .header('ETag', archive.etag)
        .header('Last-Modified', lastModified.toUTCString())
        .header('Cache-Control', 'no-cache')
        .header('X-Archive-Version', archive.version)
        .header('X-Download-Id', archive.downloadId);
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const current = ifNoneMatch
        ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === archive.etag || tag.trim() === '*')
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
      if (current) {
        body.destroy();
        return reply.code(304).send(null);
      }
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', archive.size)
        .header('Content-Disposition', 'attachment; filename="mission-monarch-dwca.zip"')
        .send(body);
    },
  });

  app.get('/:id', {
    schema: {
      operationId: 'getDownload',
      tags: ['observations'],
      summary: 'A download as cited: citation, filters, format, reason and licence mix',
      description:
        'Public. id: the download id (UUID) answered in the X-Download-Id header of GET /api/observations/download and written in its citation. ' +
        'The reason is in the request language. 400 for an id that is not a UUID, 404 for an unknown one.',
      params: downloadIdParamsSchema,
      response: { 200: downloadLandingSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => downloads.landing(request.params.id, request.locale, publicOrigin(publicUrl, request)),
  });
};
