import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  monitoredSiteSchema,
  setMonitoringInputSchema,
  siteIdParamsSchema,
  visitRemindersOffInputSchema,
  visitRemindersOffResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import type { MonitoringService } from './monitoring.service';
import type { VisitRemindersService } from './visit-reminders.service';

const e = apiErrorSchema;

/** Monitored sites and their reminders (docs/monitoring.md): `/api/sites/*` and the email's opt-out link. */
export const sitesRoutes: FastifyPluginAsyncZod<{
  monitoring: MonitoringService;
  reminders: VisitRemindersService;
}> = async (app, { monitoring, reminders }) => {
  app.get('/sites/monitored', {
    config: { auth: true },
    schema: {
      operationId: 'listMonitoredSites',
      tags: ['sites'],
      summary: 'My monitored sites with last visit, visits this season and whether a visit is due ("My sites")',
      description:
        'By locality. "Due": today (UTC) lies in the site’s season for its latitude (the quality flags’ bands: ' +
        'May–October at ≥ 40° N, March–November at 30–40° N, all year below) and no Mission was made there in the ' +
        'last `every_days` days. `last_mission` gives what "Visit again" suggests (species, patch, stems; never counts).',
      response: { 200: z.array(monitoredSiteSchema), 401: e },
    },
    handler: async (request) => monitoring.list(requireUser(request).user_id),
  });

  app.put('/sites/:id/monitoring', {
    config: { auth: true },
    schema: {
      operationId: 'monitorSite',
      tags: ['sites'],
      summary: 'Monitor one of my sites every `every_days` days (weekly by default), or change how often',
      params: siteIdParamsSchema,
      body: setMonitoringInputSchema,
      response: { 200: monitoredSiteSchema, 400: e, 401: e, 404: e },
    },
    handler: async (request) => monitoring.mark(requireUser(request).user_id, request.params.id, request.body),
  });

  app.delete('/sites/:id/monitoring', {
    config: { auth: true },
    schema: {
      operationId: 'unmonitorSite',
      tags: ['sites'],
      summary: 'Stop monitoring one of my sites (its visits stay)',
      params: siteIdParamsSchema,
      response: { 204: z.null(), 400: e, 401: e, 404: e },
    },
    handler: async (request, reply) => {
      await monitoring.unmark(requireUser(request).user_id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/users/visit-reminders/off', {
    schema: {
      operationId: 'turnOffVisitReminders',
      tags: ['sites'],
      summary: 'Switch visit reminders off with the signed token of the reminder email (no sign-in)',
      body: visitRemindersOffInputSchema,
      response: { 200: visitRemindersOffResponseSchema, 400: e },
    },
    handler: async (request) => {
      await reminders.turnOff(request.body.token);
      return { visit_reminders: false as const };
    },
  });
};
