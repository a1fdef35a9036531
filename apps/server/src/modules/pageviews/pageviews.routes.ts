import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, pageViewInputSchema } from '@mm/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createPageViewsService } from './pageviews.service';

/**
 * `POST /api/utilities/pageview` (spec §7): body `{path}`, path and query of a web app
 * page (`/mmapp/…`, ≤ 512 characters). Answers 204 with no body and sets no cookie; 400 with a
 * translated field message for a bad path; 429 past `PAGEVIEW_RATE_LIMIT` reports per IP per
 * `PAGEVIEW_RATE_WINDOW_MS`. Counted per UTC day, then forwarded to Plausible/Matomo when configured.
 */
export const pageViewsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const pageViews = createPageViewsService(
    db,
    {
      plausibleUrl: config.PLAUSIBLE_URL,
      plausibleDomain: config.PLAUSIBLE_DOMAIN,
      matomoUrl: config.MATOMO_URL,
      matomoSiteId: config.MATOMO_SITE_ID,
      publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
    },
    (msg, err) => app.log.warn({ err }, msg),
  );

  app.post('/pageview', {
    config: { rateLimit: { max: config.PAGEVIEW_RATE_LIMIT, timeWindow: config.PAGEVIEW_RATE_WINDOW_MS } },
    schema: {
      operationId: 'countPageView',
      tags: ['utilities'],
      summary: 'Count a page view (path and query under /mmapp/); no cookie, IP or user is stored',
      body: pageViewInputSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await pageViews.record(request.body.path, request.headers['user-agent']);
      return reply.status(204).send(null);
    },
  });
};
