import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  checklistIdParamsSchema,
  observationRowSchema,
  submitFlashInputSchema,
  submitMissionInputSchema,
  submitResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import type { ChecklistsService } from '../checklists/checklists.service';
import type { MonitoringService } from '../sites/monitoring.service';
import type { ObservationsService } from './observations.service';

const submitErrors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** `/api/observations/*`: one observation, and the Flash and Mission submissions (Explore's routes: explore.routes.ts). */
export const observationsRoutes: FastifyPluginAsyncZod<{
  observations: ObservationsService;
  checklists: ChecklistsService;
  monitoring: MonitoringService;
}> = async (app, { observations, checklists, monitoring }) => {
  app.get('/:id', {
    schema: {
      operationId: 'getObservation',
      tags: ['observations'],
      summary: 'One observation (spec §3 row) with photos and milkweed names',
      description:
        'Public statuses for everyone; the owner also sees Invalid and Test; an admin sees all. 404 otherwise.',
      params: checklistIdParamsSchema,
      response: { 200: observationRowSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => observations.detail(request.user, request.params.id),
  });

  app.post('/submit_flash', {
    config: { auth: true, changesPublicData: true },
    schema: {
      operationId: 'submitFlash',
      tags: ['observations'],
      summary: 'Submit one Flash Data sighting; idempotent on idempotency_key',
      description:
        'Writes site, checklist, one observation per life stage with a count > 0 and photo links in one transaction. Status Pending, submit type Web.',
      body: submitFlashInputSchema,
      response: { 201: submitResponseSchema, ...submitErrors },
    },
    handler: async (request, reply) => {
      const checklist_id = await checklists.submitFlash(requireUser(request).user_id, request.body);
      return reply.status(201).send({ checklist_id });
    },
  });

  app.post('/submit_mission', {
    config: { auth: true, changesPublicData: true },
    schema: {
      operationId: 'submitMission',
      tags: ['observations'],
      summary:
        'Submit a Mission (site, checklist, milkweed rows with monarch counts, photos); idempotent on idempotency_key',
      description:
        'One transaction: the site (new, or one of mine by site_id), the checklist (Area Survey, Web), per milkweed row one milkweed observation ' +
        '(life stage null, abundance, location size) and one observation per life stage counted on it, all Pending, and the photo links.',
      body: submitMissionInputSchema,
      response: { 201: submitResponseSchema, ...submitErrors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const checklist_id = await checklists.submitMission(user.user_id, request.body);
      // "Monitor this site" (docs/monitoring.md): idempotent, so a retried submission applies it again.
      const { monitored } = request.body.site;
      if (monitored !== undefined) await monitoring.applyFromMission(user.user_id, checklist_id, monitored);
      return reply.status(201).send({ checklist_id });
    },
  });
};
