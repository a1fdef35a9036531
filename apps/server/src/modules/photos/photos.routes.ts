import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, galleryQuerySchema, galleryResponseSchema, uploadPhotoResponseSchema } from '@mm/shared';
import { readUploadedFile } from '../../lib/uploads';
import { requireUser } from '../../plugins/auth';
import type { PhotosService } from './photos.service';

/** `/api/photos/*`. */
export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (app, { photos }) => {
  app.get('/gallery', {
    config: { publicCache: true },
    schema: {
      tags: ['photos'],
      summary: 'Photo gallery: photos of visible observations over the Explore filters, newest first, 24 a page',
      description:
        'Filters (all optional, AND): date_from, date_to (yyyy-MM-dd), lifestage_id, milkweed_id, country_id, province_id, username, kind (flash|mission), with_photos, status; ' +
        'page (1-based, default 1) and limit (1–50, default 24). Order: photo created, then id, descending. The public sees photos of Pending, Vetted and Valid observations only; an admin of every status. ' +
        'Each item has small (≤ 400 px) and large (≤ 2048 px, width × height px) JPEG URLs under /attachments/. A page beyond the end answers an empty data array. 400 on a bad filter, with per-field messages.',
      querystring: galleryQuerySchema,
      response: { 200: galleryResponseSchema, 400: apiErrorSchema },
    },
    handler: async (request) => photos.gallery(request.user, request.query),
  });

  app.post('/uploadphotos/:segment', {
    config: { auth: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    schema: {
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
