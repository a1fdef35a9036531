import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadParamsResponseSchema } from '@mm/shared';
import { z } from 'zod';
import {
  APP_VERSION,
  apiErrorSchema,
  figuresResponseSchema,
  locateQuerySchema,
  locateResponseSchema,
} from '@mm/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChecklistsService } from '../checklists/checklists.service';
import { homeFigures, loadParams } from './utilities.service';

/** `/api/utilities/*`. */
export const utilitiesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; checklists: ChecklistsService }> = async (
  app,
  { db, config, checklists },
) => {
  app.get('/locate', {
    schema: {
      operationId: 'locatePoint',
      tags: ['utilities'],
      summary: 'Province and country suggested for a point (WGS84 degrees), offline from seeded bounding boxes',
      querystring: locateQuerySchema,
      response: { 200: locateResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => checklists.locate(request.query.lat, request.query.lng),
  });

  app.get('/clientconfig', {
    schema: {
      operationId: 'getClientConfig',
      tags: ['utilities'],
      summary: 'Settings the web app needs at run time (map tile URL template, version)',
      response: { 200: z.object({ map_tile_url: z.string(), version: z.string() }) },
    },
    handler: async () => ({ map_tile_url: config.MAP_TILE_URL, version: APP_VERSION }),
  });

  app.get('/figures', {
    schema: {
      operationId: 'getFigures',
      tags: ['utilities'],
      summary:
        'Home page figures: visible observations this season (since 1 January UTC) and in all, volunteers and sites',
      response: { 200: figuresResponseSchema },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return homeFigures(db);
    },
  });

  app.get('/loadparams', {
    schema: {
      operationId: 'loadParams',
      tags: ['utilities'],
      summary: 'Reference data of spec §3 (abundances, provinces, life stages, milkweeds …) in the request language',
      response: { 200: loadParamsResponseSchema },
    },
    handler: async (request, reply) => {
      // Revalidated on every use: reference data edited in the admin panel shows at once.
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Language, Accept-Language');
      return loadParams(db, request.locale);
    },
  });
};
