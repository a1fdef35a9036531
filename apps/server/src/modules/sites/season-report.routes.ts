import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createSeasonShareInputSchema,
  seasonReportQuerySchema,
  seasonReportSchema,
  seasonShareSchema,
  seasonShareTokenParamsSchema,
  siteIdParamsSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import type { SeasonReportService } from './season-report.service';

const e = apiErrorSchema;

const CONTENTS =
  'Visits: the Missions (never Flash sightings) of the calendar year with an observation counted, oldest first, each with ' +
  'its stems inspected and individuals per life stage. weeks: per ISO week, eggs + caterpillars per 100 stems by the ' +
  'density view’s rule (visits with stems inspected > 0; 100 × (eggs + caterpillars) / stems, 2 decimals) beside the ' +
  'region’s figure (`GET /api/observations/density` over the sites’ provinces/states for the year, public statuses, ' +
  'exclude_flagged=1; several provinces add up). stages: first and last day each life stage was counted. photos: up ' +
  'to 6, newest visit first. docs/monitoring.md "Season report".';

/** The season report (docs/monitoring.md "Season report", ADR 0037): the owner's reports, their share links, and a shared report. */
export const seasonReportRoutes: FastifyPluginAsyncZod<{ seasonReports: SeasonReportService }> = async (
  app,
  { seasonReports },
) => {
  app.get('/sites/season-report', {
    config: { auth: true },
    schema: {
      operationId: 'getMySeasonReport',
      tags: ['sites'],
      summary: 'My season report: all my sites with a visit in the year, with the region’s weekly figure',
      description: `${CONTENTS} Counts every observation of mine but the Deleted ones; exact places. Never cached.`,
      querystring: seasonReportQuerySchema,
      response: { 200: seasonReportSchema, 400: e, 401: e },
    },
    handler: async (request) => seasonReports.volunteerReport(requireUser(request).user_id, request.query.year),
  });

  app.get('/sites/:id/season-report', {
    config: { auth: true },
    schema: {
      operationId: 'getSiteSeasonReport',
      tags: ['sites'],
      summary: 'The season report of one of my sites for a year, with the region’s weekly figure',
      description: `${CONTENTS} Owner only: 404 when the site does not exist, is deleted or is someone else’s. Never cached.`,
      params: siteIdParamsSchema,
      querystring: seasonReportQuerySchema,
      response: { 200: seasonReportSchema, 400: e, 401: e, 404: e },
    },
    handler: async (request) =>
      seasonReports.siteReport(requireUser(request).user_id, request.params.id, request.query.year),
  });

  app.post('/sites/season-report/share', {
    config: { auth: true },
    schema: {
      operationId: 'shareSeasonReport',
      tags: ['sites'],
      summary: 'Make the public link of my season report (one site, or all my sites when site_id is left out)',
      description:
        'The link is /mmapp/{locale}/report/{token}: 256 random bits, stored, valid until revoked (ADR 0037). A live ' +
        'link of the same report is answered again, so a retry makes no second link. 404 when site_id is not a site of mine.',
      body: createSeasonShareInputSchema,
      response: { 200: seasonShareSchema, 400: e, 401: e, 404: e },
    },
    handler: async (request) => seasonReports.share(requireUser(request).user_id, request.body),
  });

  app.delete('/sites/season-report/share/:token', {
    config: { auth: true },
    schema: {
      operationId: 'revokeSeasonReportShare',
      tags: ['sites'],
      summary: 'Revoke one of my season report links: it answers 404 from then on',
      params: seasonShareTokenParamsSchema,
      response: { 204: z.null(), 400: e, 401: e, 404: e },
    },
    handler: async (request, reply) => {
      await seasonReports.revoke(requireUser(request).user_id, request.params.token);
      return reply.status(204).send(null);
    },
  });

  app.get('/season-reports/:token', {
    schema: {
      operationId: 'getSharedSeasonReport',
      tags: ['sites'],
      summary: 'A season report through its share link (no sign-in)',
      description:
        `${CONTENTS} As public Explore shows it: observations Pending, Vetted or Valid only; a private site at the ` +
        'centre of its 0.1° cell without locality or city; other sites with their public place names. `share` is null. ' +
        '404 when the token is unknown or revoked. Never cached.',
      params: seasonShareTokenParamsSchema,
      response: { 200: seasonReportSchema, 400: e, 404: e },
    },
    handler: async (request) => seasonReports.shared(request.params.token),
  });
};
