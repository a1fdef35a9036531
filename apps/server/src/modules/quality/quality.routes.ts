import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, qualityPreviewInputSchema, qualityPreviewResponseSchema } from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import type { QualityService } from './quality.service';

/** `/api/quality/*`: the quality flags a submission would get. */
export const qualityRoutes: FastifyPluginAsyncZod<{ quality: QualityService }> = async (app, { quality }) => {
  app.post('/preview', {
    config: { auth: true },
    schema: {
      operationId: 'previewQuality',
      tags: ['quality'],
      summary: 'Quality flags a Flash or Mission submission would get, before it is sent',
      description:
        'Runs every rule of docs/quality-flags.md on the unsent record, including those the web form cannot run ' +
        '(point against the province boundaries, near-duplicate of the signed-in volunteer’s earlier records, EXIF of ' +
        'their uploaded photos). Flags are warnings: the submission may still be sent. Writes nothing.',
      body: qualityPreviewInputSchema,
      response: { 200: qualityPreviewResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request) => ({ flags: await quality.preview(requireUser(request).user_id, request.body) }),
  });
};
