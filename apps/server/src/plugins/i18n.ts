import type { TFunction } from 'i18next';
import fp from 'fastify-plugin';
import type { Locale } from '@mm/shared';
import { requestLocale, translator } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: TFunction;
  }
}

/** Gives every request its language (spec §7 `Language` header) and a translator for it. */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('t', null as unknown as TFunction);
  app.addHook('onRequest', async (request) => {
    request.locale = requestLocale(request.headers);
    request.t = translator(request.locale);
  });
});
