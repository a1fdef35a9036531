import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, uploadPhotoResponseSchema } from '@mm/shared';
import { readUploadedFile } from '../../lib/uploads';
import { requireUser } from '../../plugins/auth';
import type { PhotosService } from './photos.service';

/** `/api/photos/*`: upload (the gallery: explore.routes.ts). */
export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (app, { photos }) => {
  app.post('/uploadphotos/:segment', {
    config: { auth: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    schema: {
      operationId: 'uploadPhoto',
      tags: ['photos'],
      summary: 'Upload one observation photo (multipart/form-data, field "file", ≤ 10 MB)',
      description:
        'The bytes are sniffed (JPEG, PNG, WebP, HEIF/AVIF, TIFF, GIF), auto-oriented, stripped of metadata and re-encoded as JPEG. ' +
        'The answer names the temporary file, served at /attachments/{photo_path}/small/{photo_name} until the submission attaches it.',
      consumes: ['multipart/form-data'],
      params: z.object({ segment: z.enum(['observations']) }),
      response: {
        201: uploadPhotoResponseSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        413: apiErrorSchema,
        415: apiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const data = await readUploadedFile(request);
      const uploaded = await photos.uploadObservationPhoto(user.user_id, data);
      return reply.status(201).send(uploaded);
    },
  });
};
