import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminIdParamsSchema,
  adminListQuerySchema,
  apiErrorSchema,
  blitzEventInputSchema,
  blitzEventSchema,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { panelAccess } from './admin-access.service';
import type { AdminBlitzService } from './admin-blitz.service';
import { sendList } from './admin-list';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const ADMIN_ONLY = 'Admin (role 1) only.';
const FIELDS =
  'name, name_fr, name_es (1–200 characters); start_date, end_date (yyyy-MM-dd, inclusive; end_date not before start_date); ' +
  'country_ids, province_ids (ids of loadparams countries and provinces; at least one between them). ' +
  'An observation belongs to the event when its checklist date lies within the days and its site in one of the countries or provinces. ' +
  '400 names the field (translated): end before start, empty name, unknown country or province, same name and first day as another event.';

/**
 * `/api/admin/blitz-events`: Blitz events in ra-data-simple-rest's shape (Admin only), registered inside
 * `adminRoutes`, whose hook checks the panel role. Each write is one transaction with its audit row.
 */
export function registerAdminBlitzRoutes(app: FastifyInstance, db: Db, blitz: AdminBlitzService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/blitz-events', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminBlitzEvents',
      tags: ['admin'],
      summary: 'Blitz events; filter id, q (any name); sort id, name, start_date, end_date',
      description: `react-admin REST list (sort, range, filter). ${ADMIN_ONLY}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(blitzEventSchema), ...errors },
    },
    handler: async (request, reply) => sendList(reply, 'blitz-events', request.query, await blitz.list(request.query)),
  });
  r.get('/blitz-events/:id', {
    config: { adminOnly: true },
    schema: {
      operationId: 'getAdminBlitzEvent',
      tags: ['admin'],
      summary: 'One Blitz event',
      description: ADMIN_ONLY,
      params: adminIdParamsSchema,
      response: { 200: blitzEventSchema, ...errors },
    },
    handler: async (request) => blitz.get(request.params.id),
  });
  r.post('/blitz-events', {
    config: { adminOnly: true, changesPublicData: true },
    schema: {
      operationId: 'createAdminBlitzEvent',
      tags: ['admin'],
      summary: 'Define a Blitz event',
      description: `${FIELDS} ${ADMIN_ONLY}`,
      body: blitzEventInputSchema,
      response: { 200: blitzEventSchema, ...errors },
    },
    handler: async (request) => blitz.create(await panelAccess(db, request), request.body),
  });
  r.put('/blitz-events/:id', {
    config: { adminOnly: true, changesPublicData: true },
    schema: {
      operationId: 'updateAdminBlitzEvent',
      tags: ['admin'],
      summary: 'Change a Blitz event (every field)',
      description: `${FIELDS} ${ADMIN_ONLY}`,
      params: adminIdParamsSchema,
      body: blitzEventInputSchema,
      response: { 200: blitzEventSchema, ...errors },
    },
    handler: async (request) => blitz.update(await panelAccess(db, request), request.params.id, request.body),
  });
  r.delete('/blitz-events/:id', {
    config: { adminOnly: true, changesPublicData: true },
    schema: {
      operationId: 'deleteAdminBlitzEvent',
      tags: ['admin'],
      summary: 'Delete a Blitz event (its observations stay; only the event goes)',
      description: ADMIN_ONLY,
      params: adminIdParamsSchema,
      response: { 200: blitzEventSchema, ...errors },
    },
    handler: async (request) => blitz.remove(await panelAccess(db, request), request.params.id),
  });
}
