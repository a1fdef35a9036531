import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, blitzEventListSchema, blitzIdParamsSchema, blitzReportSchema } from '@mm/shared';
import type { BlitzService } from './blitz.service';
import { ROOT_PATH_FORMS } from '../../lib/api-contract';

const TOTALS =
  'Totals over the public statuses (Pending, Vetted, Valid) of the observations whose checklist date lies within the event’s days and whose site lies in its countries or provinces (the Explore filter blitz_id): ' +
  'participants (distinct observers), sites, visits (checklists), adults, eggs, caterpillars, chrysalises (sums of counts, Flash and Mission); ' +
  'stems and per_100_stems as the Explore density view (Missions with stems inspected > 0; 100 × (eggs + caterpillars) / stems, 2 decimals). ' +
  'Whole event, per country and per province, most visits first.';

/**
 * `/api/blitz`: Blitz events and their live totals for the public page `/{locale}/blitz` (the spec's
 * content page "International Monarch Monitoring Blitz"; docs/blitz.md).
 */
export const blitzRoutes: FastifyPluginAsyncZod<{ blitz: BlitzService }> = async (app, { blitz }) => {
  // `/api/blitz`, and `/api/blitz/` as Fastify also answers it, hidden (lib/api-contract.ts).
  for (const { prefixTrailingSlash, hide } of ROOT_PATH_FORMS)
    app.get('/', {
      prefixTrailingSlash,
      config: { publicCache: true },
      schema: {
        hide,
        operationId: 'listBlitzEvents',
        tags: ['blitz'],
        summary: 'Every Blitz event, newest first (name in en/fr/es, first and last day, area ids)',
        response: { 200: blitzEventListSchema },
      },
      handler: async () => blitz.list(),
    });

  // Not in the shared answer cache: which event is current follows the date, not only the data.
  app.get('/current', {
    schema: {
      operationId: 'getCurrentBlitzEvent',
      tags: ['blitz'],
      summary: 'The current Blitz event (running today, else the latest started, else the next) and its totals',
      description: `${TOTALS} 404 when no event is defined.`,
      response: { 200: blitzReportSchema, 404: apiErrorSchema },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return blitz.current(new Date().toISOString().slice(0, 10));
    },
  });

  app.get('/:id', {
    config: { publicCache: true },
    schema: {
      operationId: 'getBlitzEvent',
      tags: ['blitz'],
      summary: 'One Blitz event and its totals',
      description: `${TOTALS} 404 for an unknown id.`,
      params: blitzIdParamsSchema,
      response: { 200: blitzReportSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => blitz.report(request.params.id),
  });
};
