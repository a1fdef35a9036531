import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STATUS_TRANSITIONS_TEXT,
  adminAuditSchema,
  adminChecklistSchema,
  adminChecklistUpdateSchema,
  adminDashboardSchema,
  adminDownloadSchema,
  adminDownloadsPerReasonQuerySchema,
  adminDownloadsPerReasonSchema,
  adminIdParamsSchema,
  adminListQuerySchema,
  adminMessageSchema,
  adminMessageUpdateSchema,
  adminMilkweedInputSchema,
  adminMilkweedSchema,
  adminNamedInputSchema,
  adminNamedSchema,
  adminObservationSchema,
  adminObservationUpdateSchema,
  adminSiteSchema,
  adminSiteUpdateSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  apiErrorSchema,
  statusChangeSchema,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { idParamsFor } from '../../lib/integer-columns';
import { SIGNED_IN } from '../../lib/api-contract';
import { notFound } from '../../lib/errors';
import { assertPanelRole, panelAccess } from './admin-access.service';
import { sendList } from './admin-list';
import type { AdminBlitzService } from './admin-blitz.service';
import { registerAdminBlitzRoutes } from './admin-blitz.routes';
import type { AdminLogsService } from './admin-logs.service';
import type { AdminObservationsService } from './admin-observations.service';
import type { AdminRecordsService } from './admin-records.service';
import { REFERENCE_ID_COLUMNS, type AdminReferenceService, type ReferenceResource } from './admin-reference.service';
import type { AdminUsersService } from './admin-users.service';
import type { JobQueue } from '../../jobs/job-queue';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin (role 1) only; other panel routes also admit Region admins (role 2), limited to their provinces. */
    adminOnly?: boolean;
  }
}

export interface AdminDeps {
  db: Db;
  observations: AdminObservationsService;
  records: AdminRecordsService;
  users: AdminUsersService;
  reference: AdminReferenceService;
  logs: AdminLogsService;
  /** Blitz events (Admin only). */
  blitz: AdminBlitzService;
  /** The job queue's dead letters: emails that failed every attempt. */
  failedEmails: Pick<JobQueue, 'failedEmails' | 'retryFailedEmail' | 'dismissFailedEmail'>;
}

/** An email that failed every attempt (dead-letter queue `email-dead`). */
const failedEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
});
const jobIdParams = z.object({ id: z.uuid() });

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const LIST_DESCRIPTION =
  'react-admin REST list: query `sort=["field","ASC|DESC"]`, `range=[from,to]` (inclusive, ≤ 500 rows), `filter={…}` (JSON). ' +
  'Answers the array with `Content-Range: {resource} {from}-{to}/{total}` (exposed to scripts).';
const ROLES = 'Admin (role 1) only.';
const PANEL = 'Admin (role 1), or Region admin (role 2) limited to the provinces assigned to them (403 outside).';
const PANEL_READ = 'Admin (role 1) or Region admin (role 2).';
const idParams = adminIdParamsSchema;

/**
 * `/api/admin/…`: the admin panel's API, in ra-data-simple-rest's shape. Every route
 * answers 401 without a session and 403 for roles other than those named in its description.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, observations, records, users, reference, logs, failedEmails, blitz } = deps;

  app.addHook('onRequest', async (request) => {
    assertPanelRole(request.user, request.routeOptions.config.adminOnly ?? false);
  });
  // Every route here needs the session token (the hook above): said once for the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: SIGNED_IN };
  });

  app.get('/dashboard', {
    schema: {
      operationId: 'getAdminDashboard',
      tags: ['admin'],
      summary:
        'Dashboard figures: observations by status this week and month, pending queue, submissions per week, newest records',
      description: PANEL,
      response: { 200: adminDashboardSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return logs.dashboard(await panelAccess(db, request));
    },
  });

  // Observations: list, show, correct, change status.
  app.get('/observations', {
    schema: {
      operationId: 'listAdminObservations',
      tags: ['admin'],
      summary:
        'Observations of every status, with the Explore filters (filter keys as in GET /api/observations), plus id, checklist_id, user_id',
      description: `${LIST_DESCRIPTION} ${PANEL}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminObservationSchema), ...errors },
    },
    handler: async (request, reply) =>
      sendList(
        reply,
        'observations',
        request.query,
        await observations.list(await panelAccess(db, request), request.query),
      ),
  });
  app.get('/observations/:id', {
    schema: {
      operationId: 'getAdminObservation',
      tags: ['admin'],
      summary: 'One observation with its checklist, site and photos',
      description: PANEL,
      params: idParams,
      response: { 200: adminObservationSchema, ...errors },
    },
    handler: async (request) => observations.get(await panelAccess(db, request), request.params.id),
  });
  app.put('/observations/:id', {
    config: { changesPublicData: true },
    schema: {
      operationId: 'updateAdminObservation',
      tags: ['admin'],
      summary:
        'Correct an observation: count, milkweed, date (its checklist’s) or place (its site’s); kept in the audit log',
      description: `${PANEL} Unknown milkweed or province: 400 naming the field.`,
      params: idParams,
      body: adminObservationUpdateSchema,
      response: { 200: adminObservationSchema, ...errors },
    },
    handler: async (request) => observations.update(await panelAccess(db, request), request.params.id, request.body),
  });
  app.post('/observations/status', {
    config: { changesPublicData: true },
    schema: {
      operationId: 'setAdminObservationStatus',
      tags: ['admin'],
      summary: 'Change the status of one or many observations, all or nothing, recording who vetted and when',
      description:
        `${PANEL} Allowed transitions (status ids: 1 Pending, 2 Vetted, 3 Deleted, 4 Valid, 5 Invalid, 6 Test): ${STATUS_TRANSITIONS_TEXT}. ` +
        'Any other change, including to the same status, is refused with 409 and nothing changes. Vetted, Valid, Invalid and Test set vetted_by and dateidentified; Pending clears them. One audit row per observation.',
      body: statusChangeSchema,
      response: { 200: z.object({ data: z.array(z.number().int()) }), ...errors },
    },
    handler: async (request) => ({ data: await observations.setStatus(await panelAccess(db, request), request.body) }),
  });

  // Checklists and sites.
  app.get('/checklists', {
    schema: {
      operationId: 'listAdminChecklists',
      tags: ['admin'],
      summary: 'Checklists (missions and flash sightings); filter id, user_id, site_id, province_id, is_flash, q',
      description: `${LIST_DESCRIPTION} ${PANEL}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminChecklistSchema), ...errors },
    },
    handler: async (request, reply) =>
      sendList(
        reply,
        'checklists',
        request.query,
        await records.listChecklists(await panelAccess(db, request), request.query),
      ),
  });
  app.get('/checklists/:id', {
    schema: {
      operationId: 'getAdminChecklist',
      tags: ['admin'],
      summary: 'One checklist',
      description: PANEL,
      params: idParams,
      response: { 200: adminChecklistSchema, ...errors },
    },
    handler: async (request) => records.getChecklist(await panelAccess(db, request), request.params.id),
  });
  app.put('/checklists/:id', {
    config: { changesPublicData: true },
    schema: {
      operationId: 'updateAdminChecklist',
      tags: ['admin'],
      summary: 'Correct a checklist’s date, times, participants or comment; kept in the audit log',
      description: PANEL,
      params: idParams,
      body: adminChecklistUpdateSchema,
      response: { 200: adminChecklistSchema, ...errors },
    },
    handler: async (request) =>
      records.updateChecklist(await panelAccess(db, request), request.params.id, request.body),
  });
  app.get('/sites', {
    schema: {
      operationId: 'listAdminSites',
      tags: ['admin'],
      summary: 'Sites; filter id, user_id, province_id, q',
      description: `${LIST_DESCRIPTION} ${PANEL}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminSiteSchema), ...errors },
    },
    handler: async (request, reply) =>
      sendList(reply, 'sites', request.query, await records.listSites(await panelAccess(db, request), request.query)),
  });
  app.get('/sites/:id', {
    schema: {
      operationId: 'getAdminSite',
      tags: ['admin'],
      summary: 'One site',
      description: PANEL,
      params: idParams,
      response: { 200: adminSiteSchema, ...errors },
    },
    handler: async (request) => records.getSite(await panelAccess(db, request), request.params.id),
  });
  app.put('/sites/:id', {
    config: { changesPublicData: true },
    schema: {
      operationId: 'updateAdminSite',
      tags: ['admin'],
      summary:
        'Correct a site’s name, city, province or point (WGS84 degrees), or mark it private; kept in the audit log',
      description: PANEL,
      params: idParams,
      body: adminSiteUpdateSchema,
      response: { 200: adminSiteSchema, ...errors },
    },
    handler: async (request) => records.updateSite(await panelAccess(db, request), request.params.id, request.body),
  });

  // Users.
  app.get('/users', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminUsers',
      tags: ['admin'],
      summary: 'Users; filter id, q (username, email, names), role_id, isdeleted',
      description: `${LIST_DESCRIPTION} ${ROLES}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminUserSchema), ...errors },
    },
    handler: async (request, reply) => sendList(reply, 'users', request.query, await users.list(request.query)),
  });
  app.get('/users/:id', {
    config: { adminOnly: true },
    schema: {
      operationId: 'getAdminUser',
      tags: ['admin'],
      summary: 'One user with counts and assigned provinces',
      description: ROLES,
      params: idParams,
      response: { 200: adminUserSchema, ...errors },
    },
    handler: async (request) => users.get(request.params.id),
  });
  app.put('/users/:id', {
    config: { adminOnly: true, changesPublicData: true },
    schema: {
      operationId: 'updateAdminUser',
      tags: ['admin'],
      summary:
        'Change a user’s role (1 Admin, 2 Region admin, 3 MM User, 4 Observer), deactivate or reactivate them, assign a Region admin’s provinces',
      description: `${ROLES} Deactivating signs the user out everywhere. 409 when an admin would remove their own access.`,
      params: idParams,
      body: adminUserUpdateSchema,
      response: { 200: adminUserSchema, ...errors },
    },
    handler: async (request) => users.update(await panelAccess(db, request), request.params.id, request.body),
  });

  // Reference data: create, edit, retire (DELETE retires; rows are never removed).
  // `one`/`many`: the resource's name in its operationIds (getAdminMilkweed, listAdminMilkweeds).
  const referenceRoutes = (
    resource: ReferenceResource,
    label: string,
    row: z.ZodType,
    input: z.ZodObject,
    [one, many]: [string, string],
  ) => {
    const idParams = idParamsFor(REFERENCE_ID_COLUMNS[resource]);
    // Reading names is open to Region admins (their screens show milkweed names); writing is not.
    app.get(`/${resource}`, {
      schema: {
        operationId: `listAdmin${many}`,
        tags: ['admin'],
        summary: `${label}, retired ones included; filter id, q, isdeleted`,
        description: `${LIST_DESCRIPTION} ${PANEL_READ}`,
        querystring: adminListQuerySchema,
        response: { 200: z.array(row), ...errors },
      },
      handler: async (request, reply) =>
        sendList(reply, resource, request.query, await reference.list(resource, request.query)),
    });
    app.get(`/${resource}/:id`, {
      schema: {
        operationId: `getAdmin${one}`,
        tags: ['admin'],
        summary: `One of the ${label.toLowerCase()}`,
        description: PANEL_READ,
        params: idParams,
        response: { 200: row, ...errors },
      },
      handler: async (request) => reference.get(resource, request.params.id),
    });
    app.post(`/${resource}`, {
      config: { adminOnly: true, changesPublicData: true },
      schema: {
        operationId: `createAdmin${one}`,
        tags: ['admin'],
        summary: `Add to the ${label.toLowerCase()}`,
        description: ROLES,
        body: input,
        response: { 200: row, ...errors },
      },
      handler: async (request) => reference.create(await panelAccess(db, request), resource, request.body as never),
    });
    app.put(`/${resource}/:id`, {
      config: { adminOnly: true, changesPublicData: true },
      schema: {
        operationId: `updateAdmin${one}`,
        tags: ['admin'],
        summary: `Rename, retire (isdeleted: true) or restore one of the ${label.toLowerCase()}`,
        description: ROLES,
        params: idParams,
        body: input.partial(),
        response: { 200: row, ...errors },
      },
      handler: async (request) =>
        reference.update(await panelAccess(db, request), resource, request.params.id, request.body as never),
    });
    app.delete(`/${resource}/:id`, {
      config: { adminOnly: true, changesPublicData: true },
      schema: {
        operationId: `retireAdmin${one}`,
        tags: ['admin'],
        summary: `Retire one of the ${label.toLowerCase()}: hidden from forms, kept on existing observations`,
        description: ROLES,
        params: idParams,
        response: { 200: row, ...errors },
      },
      handler: async (request) =>
        reference.update(await panelAccess(db, request), resource, request.params.id, { isdeleted: true }),
    });
  };
  referenceRoutes('milkweeds', 'Milkweed species', adminMilkweedSchema, adminMilkweedInputSchema, [
    'Milkweed',
    'Milkweeds',
  ]);
  referenceRoutes('reasons', 'Download reasons', adminNamedSchema, adminNamedInputSchema, ['Reason', 'Reasons']);
  referenceRoutes('abundances', 'Milkweed abundances', adminNamedSchema, adminNamedInputSchema, [
    'Abundance',
    'Abundances',
  ]);
  referenceRoutes('locationsizes', 'Location sizes', adminNamedSchema, adminNamedInputSchema, [
    'LocationSize',
    'LocationSizes',
  ]);
  registerAdminBlitzRoutes(app, db, blitz);

  // Logs and messages.
  app.get('/downloads', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminDownloads',
      tags: ['admin'],
      summary: 'Downloads log: who, reason, filters, format, rows, when; filter user_id, format, reason_id',
      description: `${LIST_DESCRIPTION} ${ROLES}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminDownloadSchema), ...errors },
    },
    handler: async (request, reply) => sendList(reply, 'downloads', request.query, await logs.downloads(request.query)),
  });
  app.get('/downloads/per-reason', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminDownloadsPerReason',
      tags: ['admin'],
      summary: 'Downloads per reason over time: downloads and records per week or month and reason',
      description:
        'Query: period (week|month, default month), periods (1–104, default 12: the current period and those before it). ' +
        'Answers {period, periods: first day of each period (yyyy-MM-dd, UTC, weeks from Monday), ' +
        'reasons: [{reason_id (null: own words only), name (request language), retired, downloads, records}], ' +
        `cells: [{period, reason_id, downloads, records}] (non-empty only)}. ${ROLES}`,
      querystring: adminDownloadsPerReasonQuerySchema,
      response: { 200: adminDownloadsPerReasonSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return logs.downloadsPerReason(request.query, request.locale);
    },
  });
  app.get('/messages', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminMessages',
      tags: ['admin'],
      summary: 'Contact messages; filter handled, q',
      description: `${LIST_DESCRIPTION} ${ROLES}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminMessageSchema), ...errors },
    },
    handler: async (request, reply) => sendList(reply, 'messages', request.query, await logs.messages(request.query)),
  });
  app.get('/messages/:id', {
    config: { adminOnly: true },
    schema: {
      operationId: 'getAdminMessage',
      tags: ['admin'],
      summary: 'One contact message',
      description: ROLES,
      params: idParams,
      response: { 200: adminMessageSchema, ...errors },
    },
    handler: async (request) => logs.message(request.params.id),
  });
  app.put('/messages/:id', {
    config: { adminOnly: true },
    schema: {
      operationId: 'updateAdminMessage',
      tags: ['admin'],
      summary: 'Mark a contact message handled or not',
      description: ROLES,
      params: idParams,
      body: adminMessageUpdateSchema,
      response: { 200: adminMessageSchema, ...errors },
    },
    handler: async (request) =>
      logs.setHandled(await panelAccess(db, request), request.params.id, request.body.handled),
  });
  app.get('/failed-emails', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminFailedEmails',
      tags: ['admin'],
      summary: 'Emails that failed every attempt (dead letters of the job queue), newest first',
      description: `${LIST_DESCRIPTION} Sort and filter are ignored. ${ROLES}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(failedEmailSchema), ...errors },
    },
    handler: async (request, reply) =>
      sendList(reply, 'failed-emails', request.query, await failedEmails.failedEmails(request.query.range)),
  });
  app.post('/failed-emails/:id/retry', {
    config: { adminOnly: true },
    schema: {
      operationId: 'retryAdminFailedEmail',
      tags: ['admin'],
      summary: 'Send a failed email again (fresh retries); it leaves the list',
      description: `${ROLES} 404 when it is no longer listed.`,
      params: jobIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      if (!(await failedEmails.retryFailedEmail(request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });
  app.delete('/failed-emails/:id', {
    config: { adminOnly: true },
    schema: {
      operationId: 'dismissAdminFailedEmail',
      tags: ['admin'],
      summary: 'Dismiss a failed email without sending it',
      description: `${ROLES} 404 when it is no longer listed.`,
      params: jobIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      if (!(await failedEmails.dismissFailedEmail(request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });
  app.get('/auditlog', {
    config: { adminOnly: true },
    schema: {
      operationId: 'listAdminAuditLog',
      tags: ['admin'],
      summary: 'Audit log of every admin change (who, when, before, after); filter resource, record_id, user_id',
      description: `${LIST_DESCRIPTION} ${ROLES}`,
      querystring: adminListQuerySchema,
      response: { 200: z.array(adminAuditSchema), ...errors },
    },
    handler: async (request, reply) => sendList(reply, 'auditlog', request.query, await logs.auditLog(request.query)),
  });
};
