import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  observationListQuerySchema,
  observationListResponseSchema,
  submitFlashInputSchema,
  submitResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import type { ObservationsService } from './observations.service';

/** `/api/observations/*`. */
export const observationsRoutes: FastifyPluginAsyncZod<{ observations: ObservationsService }> = async (app, { observations }) => {
  app.get('/', {
    schema: {
      tags: ['observations'],
      summary: 'Public observations (Pending, Vetted, Valid), newest first, 50 a page (spec §7)',
      querystring: observationListQuerySchema,
      response: { 200: observationListResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => observations.list(request.query),
  });

  app.post('/submit_flash', {
    schema: {
      tags: ['observations'],
      summary: 'Submit one Flash Data sighting; idempotent on idempotency_key',
      description: 'Writes site, checklist, one observation per life stage with a count > 0 and photo links in one transaction. Status Pending, submit type Web.',
      body: submitFlashInputSchema,
      response: { 201: submitResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const checklist_id = await observations.submitFlash(user.user_id, request.body);
      return reply.status(201).send({ checklist_id });
    },
  });
};
