import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  checklistDetailSchema,
  checklistIdParamsSchema,
  mySiteSchema,
  siteHistorySchema,
  siteIdParamsSchema,
  mySubmissionsQuerySchema,
  mySubmissionsResponseSchema,
  submitFlashInputSchema,
  submitMissionInputSchema,
  submitResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import { flashToWrite, missionToWrite } from './checklist-write';
import type { MonitoringService } from '../sites/monitoring.service';
import type { ChecklistsService } from './checklists.service';
import { assertPhotosPlaced } from './photo-placement';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** `/api/checklists/*` and `/api/sites/*`: submissions as a whole (Flash Detail, Mission details, my lists). */
export const checklistsRoutes: FastifyPluginAsyncZod<{
  checklists: ChecklistsService;
  monitoring: MonitoringService;
}> = async (app, { checklists, monitoring }) => {
  app.get('/checklists/mine', {
    config: { auth: true },
    schema: {
      operationId: 'listMyChecklists',
      tags: ['checklists'],
      summary: 'My Flash submissions or my Missions, newest first (Flash Submissions, Missions screens)',
      querystring: mySubmissionsQuerySchema,
      response: { 200: mySubmissionsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request) => {
      const { kind, page, limit } = request.query;
      return checklists.mine(requireUser(request).user_id, kind, page, limit);
    },
  });

  app.get('/checklists/:id', {
    schema: {
      operationId: 'getChecklist',
      tags: ['checklists'],
      summary: 'One checklist with site, observations, milkweed names (all languages) and photos',
      description:
        'Public observations (Pending, Vetted, Valid) for everyone; the owner also sees Invalid and Test; an admin sees all. 404 when nothing is visible.',
      params: checklistIdParamsSchema,
      response: { 200: checklistDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => checklists.detail(request.user, request.params.id),
  });

  app.put('/checklists/:id/flash', {
    config: { auth: true, changesPublicData: true },
    schema: {
      operationId: 'updateFlash',
      tags: ['checklists'],
      summary: 'Replace a Flash submission (owner, while every observation is Pending)',
      params: checklistIdParamsSchema,
      body: submitFlashInputSchema,
      response: { 200: submitResponseSchema, ...errors },
    },
    handler: async (request) => {
      const write = flashToWrite(request.body);
      assertPhotosPlaced(request.body.photos, write);
      const names = request.body.photos.map((p) => p.photo_name);
      return { checklist_id: await checklists.replace(requireUser(request), request.params.id, write, names) };
    },
  });

  app.put('/checklists/:id/mission', {
    config: { auth: true, changesPublicData: true },
    schema: {
      operationId: 'updateMission',
      tags: ['checklists'],
      summary: 'Replace a Mission (owner, while every observation is Pending)',
      params: checklistIdParamsSchema,
      body: submitMissionInputSchema,
      response: { 200: submitResponseSchema, ...errors },
    },
    handler: async (request) => {
      const write = missionToWrite(request.body);
      assertPhotosPlaced(request.body.observation.photos, write);
      const names = request.body.observation.photos.map((p) => p.photo_name);
      const user = requireUser(request);
      const checklistId = await checklists.replace(user, request.params.id, write, names);
      const { monitored } = request.body.site;
      if (monitored !== undefined) await monitoring.applyFromMission(user.user_id, checklistId, monitored);
      return { checklist_id: checklistId };
    },
  });

  app.delete('/checklists/:id', {
    config: { auth: true, changesPublicData: true },
    schema: {
      operationId: 'deleteChecklist',
      tags: ['checklists'],
      summary: 'Delete a submission: its observations take status Deleted (owner, while Pending)',
      params: checklistIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await checklists.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/sites/mine', {
    config: { auth: true },
    schema: {
      operationId: 'listMySites',
      tags: ['checklists'],
      summary: 'My sites, most recently used first ("show my locations")',
      response: { 200: z.array(mySiteSchema), 401: apiErrorSchema },
    },
    handler: async (request) => checklists.mySites(requireUser(request).user_id),
  });

  app.get('/sites/:id/history', {
    schema: {
      operationId: 'getSiteHistory',
      tags: ['checklists'],
      summary: 'A site and its visits with counts per life stage and ISO week (per-site history)',
      description:
        'Visits (checklists) newest first, counting the observations the requester may see: public statuses for ' +
        'everyone, all but Deleted for the site’s owner, all for an admin. A private site shows the centre of its ' +
        '0.1° cell without locality or city (`exact` false), except to its owner and admins. Never cached. 404 when ' +
        'the site does not exist or has no visible visit.',
      params: siteIdParamsSchema,
      response: { 200: siteHistorySchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => checklists.siteHistory(request.user, request.params.id),
  });
};
