import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  checklistIdParamsSchema,
  clusterQuerySchema,
  clusterResponseSchema,
  densityResponseSchema,
  exploreFiltersSchema,
  exploreStatsSchema,
  observationListQuerySchema,
  observationRowSchema,
  observationListResponseSchema,
  submitFlashInputSchema,
  submitMissionInputSchema,
  submitResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import { flashToWrite, missionToWrite } from '../checklists/checklist-write';
import type { ChecklistsService } from '../checklists/checklists.service';
import { assertPhotosPlaced } from '../checklists/photo-placement';
import type { ObservationsService } from './observations.service';

const submitErrors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** `/api/observations/*`. */
export const observationsRoutes: FastifyPluginAsyncZod<{
  observations: ObservationsService;
  checklists: ChecklistsService;
}> = async (app, { observations, checklists }) => {
  app.get('/', {
    config: { publicCache: true },
    schema: {
      tags: ['observations'],
      summary:
        'Explore list: observations matching the filters, newest observed (or submitted) first, 50 a page (spec §7)',
      description:
        'sort: observed (default; newest date observed first) or submitted (newest submission first); ties by newest observation id. Private sites (issue 19) at the centre of their 0.1° cell without locality for everyone but admins. Filters (all optional, AND): date_from, date_to (yyyy-MM-dd), lifestage_id, milkweed_id, country_id, province_id, username, kind (flash|mission), with_photos, status, bbox (west,south,east,north in degrees: sites inside the box, edges included; one point lists the observations at exactly that place). The public sees Pending, Vetted and Valid only; an admin every status.',
      querystring: observationListQuerySchema,
      response: { 200: observationListResponseSchema, 400: apiErrorSchema },
    },
    // The answer arrives as JSON text built from PostgreSQL's JSON (ObservationsService.list); a string
    // with a JSON content type is sent as it is, without the schema's serialiser (the API tests parse
    // it with observationListResponseSchema).
    handler: async (request, reply) => {
      const body = await observations.list(request.user, request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/clusters', {
    config: { publicCache: true },
    schema: {
      tags: ['observations'],
      summary: 'Map clusters for a viewport and zoom, over the Explore filters',
      description:
        'Observations inside west/south/east/north (WGS84 degrees; west > east crosses the antimeridian) grouped on a Web Mercator grid of ≈ 64 px cells at `zoom` (0–20); ' +
        'clusters whose bubbles (30 + 9 · log10(count) px wide) would overlap on screen are then merged. ' +
        'Each cluster: mean position, count, bounds; observation_id when it holds one observation, checklist_id when all belong to one checklist. Same visibility as the list.',
      querystring: clusterQuerySchema,
      response: { 200: clusterResponseSchema, 400: apiErrorSchema },
    },
    // The JSON text comes from the cluster index (whole cells serialised once), sent as it is.
    handler: async (request, reply) => {
      const body = await observations.clusters(request.user, request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/stats', {
    config: { publicCache: true },
    schema: {
      tags: ['observations'],
      summary:
        'Explore charts: observations and individuals per ISO week and life stage, and per province, over the filters',
      querystring: exploreFiltersSchema,
      response: { 200: exploreStatsSchema, 400: apiErrorSchema },
    },
    handler: async (request) => observations.stats(request.user, request.query),
  });

  app.get('/density', {
    config: { publicCache: true },
    schema: {
      tags: ['observations'],
      summary:
        'Density view: eggs + caterpillars per 100 milkweed stems of Missions, per ISO week, province and 1° cell',
      description:
        'Over the Explore filters (the life-stage filter and Flash sightings left out): the Mission visits (checklists) with stems inspected > 0 holding a matching observation. Stems count once per visit; eggs and caterpillars are the sums of the counts of matching observations. per_100_stems = 100 × (eggs + caterpillars) / stems, 2 decimals. Same visibility as the list; private sites counted at their generalised cell for everyone but admins.',
      querystring: exploreFiltersSchema,
      response: { 200: densityResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => observations.density(request.user, request.query),
  });

  app.get('/:id', {
    schema: {
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
      tags: ['observations'],
      summary: 'Submit one Flash Data sighting; idempotent on idempotency_key',
      description:
        'Writes site, checklist, one observation per life stage with a count > 0 and photo links in one transaction. Status Pending, submit type Web.',
      body: submitFlashInputSchema,
      response: { 201: submitResponseSchema, ...submitErrors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const write = flashToWrite(request.body);
      assertPhotosPlaced(request.body.photos, write);
      const checklist_id = await checklists.create(
        user.user_id,
        request.body.idempotency_key,
        write,
        request.body.photos.map((p) => p.photo_name),
      );
      return reply.status(201).send({ checklist_id });
    },
  });

  app.post('/submit_mission', {
    config: { auth: true, changesPublicData: true },
    schema: {
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
      const write = missionToWrite(request.body);
      assertPhotosPlaced(request.body.observation.photos, write);
      const names = request.body.observation.photos.map((p) => p.photo_name);
      const checklist_id = await checklists.create(user.user_id, request.body.idempotency_key, write, names);
      return reply.status(201).send({ checklist_id });
    },
  });
};
