import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, contactInputSchema } from '@mm/shared';
import { perEmailLimit, type AuthLimit, type RateLimits } from '../../lib/rate-limits';
import type { ContactService } from './contact.service';

/** `POST /api/users/email-contact` (spec §7): the Contact Us form, rate-limited per IP and per sender email. */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  authLimit: AuthLimit;
  limits: RateLimits;
}> = async (app, { contact, authLimit, limits }) => {
  app.post('/email-contact', {
    config: { rateLimit: authLimit },
    preHandler: perEmailLimit(limits, 'contact-email', authLimit),
    schema: {
      operationId: 'sendContactMessage',
      tags: ['users'],
      summary: 'Send a message to the Mission Monarch team (Contact Us); stored and emailed to CONTACT_TO',
      body: contactInputSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await contact.send(request.body, request.locale, request.user?.user_id ?? null);
      return reply.status(204).send(null);
    },
  });
};
