import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  clusterQuerySchema,
  clusterResponseSchema,
  densityResponseSchema,
  exploreStatsSchema,
  galleryQuerySchema,
  galleryResponseSchema,
  observationListQuerySchema,
  observationListResponseSchema,
  researchFiltersSchema,
} from '@mm/shared';
import { ROOT_PATH_FORMS } from '../../lib/api-contract';
import type { ExploreService } from './explore.service';

/**
 * Explore's reads under `/api/observations` (spec §7): the list, map clusters, charts and density
 * view. Every answer is public and cached per data version (`publicCache`).
 */
export const exploreRoutes: FastifyPluginAsyncZod<{ explore: ExploreService }> = async (app, { explore }) => {
  // `/api/observations` (spec §7), and `/api/observations/` for older clients, hidden (lib/api-contract.ts).
  for (const { prefixTrailingSlash, hide } of ROOT_PATH_FORMS)
    app.get('/', {
      prefixTrailingSlash,
      config: { publicCache: true },
      schema: {
        hide,
        operationId: 'listObservations',
        tags: ['observations'],
        summary:
          'Explore list: observations matching the filters, newest observed (or submitted) first, 50 a page (spec §7)',
        description:
          'sort: observed (default; newest date observed first) or submitted (newest submission first); ties by newest observation id. Private sites at the centre of their 0.1° cell without locality for everyone but admins. Filters (all optional, AND): date_from, date_to (yyyy-MM-dd), lifestage_id, milkweed_id, country_id, province_id, username, kind (flash|mission), with_photos, status, exclude_flagged (1: leave out records with a quality flag no admin accepted), blitz_id (a Blitz event: its days and its countries or provinces), bbox (west,south,east,north in degrees: sites inside the box, edges included; one point lists the observations at exactly that place). The public sees Pending, Vetted and Valid only; an admin every status.',
        querystring: observationListQuerySchema,
        response: { 200: observationListResponseSchema, 400: apiErrorSchema },
      },
      // The answer arrives as JSON text built from PostgreSQL's JSON (ExploreService.list); a string
      // with a JSON content type is sent as it is, without the schema's serialiser (the API tests parse
      // it with observationListResponseSchema).
      handler: async (request, reply) => {
        const body = await explore.list(request.user, request.query);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    });

  app.get('/clusters', {
    config: { publicCache: true },
    schema: {
      operationId: 'listClusters',
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
      const body = await explore.clusters(request.user, request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/stats', {
    config: { publicCache: true },
    schema: {
      operationId: 'getExploreStats',
      tags: ['observations'],
      summary:
        'Explore charts: observations and individuals per ISO week and life stage, and per province, over the filters',
      description:
        'Over the Explore filters, with the same visibility as the list. exclude_flagged defaults to 1 here (a research view, docs/adr/0035): records with a quality flag no admin accepted are left out unless exclude_flagged=0 asks for them.',
      querystring: researchFiltersSchema,
      response: { 200: exploreStatsSchema, 400: apiErrorSchema },
    },
    handler: async (request) => explore.stats(request.user, request.query),
  });

  app.get('/density', {
    config: { publicCache: true },
    schema: {
      operationId: 'getDensity',
      tags: ['observations'],
      summary:
        'Density view: eggs + caterpillars per 100 milkweed stems of Missions, per ISO week, province and 1° cell',
      description:
        'Over the Explore filters (the life-stage filter and Flash sightings left out): the Mission visits (checklists) with stems inspected > 0 holding a matching observation. Stems count once per visit; eggs and caterpillars are the sums of the counts of matching observations. per_100_stems = 100 × (eggs + caterpillars) / stems, 2 decimals. exclude_flagged defaults to 1 here (a research view, docs/adr/0035): every visit holding an observation with a quality flag no admin accepted is left out unless exclude_flagged=0 asks for them. Same visibility as the list; private sites counted at their generalised cell for everyone but admins.',
      querystring: researchFiltersSchema,
      response: { 200: densityResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => explore.density(request.user, request.query),
  });
};

/** The photo gallery under `/api/photos` (spec §1 Photos), over the same filters as Explore. */
export const galleryRoutes: FastifyPluginAsyncZod<{ explore: ExploreService }> = async (app, { explore }) => {
  app.get('/gallery', {
    config: { publicCache: true },
    schema: {
      operationId: 'listGalleryPhotos',
      tags: ['photos'],
      summary: 'Photo gallery: photos of visible observations over the Explore filters, newest first, 24 a page',
      description:
        'Filters (all optional, AND): date_from, date_to (yyyy-MM-dd), lifestage_id, milkweed_id, country_id, province_id, username, kind (flash|mission), with_photos, status, exclude_flagged; ' +
        'page (1-based, default 1) and limit (1–50, default 24). Order: photo created, then id, descending. The public sees photos of Pending, Vetted and Valid observations only; an admin of every status. ' +
        'Each item has small (≤ 400 px) and large (≤ 2048 px, width × height px) JPEG URLs under /attachments/. A page beyond the end answers an empty data array. 400 on a bad filter, with per-field messages.',
      querystring: galleryQuerySchema,
      response: { 200: galleryResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => explore.gallery(request.user, request.query),
  });
};
