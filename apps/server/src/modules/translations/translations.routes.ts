import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { I18N_NAMESPACES, apiErrorSchema, normalizeLocale } from '@mm/shared';
import { notFound } from '../../lib/errors';
import { localesDir } from '../../lib/i18n';

/** `/api/localetranslations/*`: the translation loader of spec §7. */
export const translationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getjsonfile/web/:ns/:lng', {
    schema: {
      operationId: 'getTranslations',
      tags: ['i18n'],
      summary: 'One translation namespace for one language (en, fr, es, fr-CA)',
      params: z.object({ ns: z.string().max(40), lng: z.string().max(10) }),
      response: { 200: z.record(z.string(), z.unknown()), 404: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const lng = normalizeLocale(request.params.lng);
      const ns = I18N_NAMESPACES.find((n) => n === request.params.ns);
      if (!lng || !ns) throw notFound();
      const body = await readFile(path.join(localesDir, lng, `${ns}.json`), 'utf8');
      reply.header('Cache-Control', 'public, max-age=300');
      return JSON.parse(body) as Record<string, unknown>;
    },
  });
};
