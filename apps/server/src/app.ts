import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { APP_VERSION, MAX_IMAGE_BYTES, SUB_PATH } from '@mm/shared';
import type { Config } from './config';
import type { Db } from './db/client';
import { RequestValidationError } from './lib/errors';
import type { Storage } from './lib/storage';
import { checklistsRoutes } from './modules/checklists/checklists.routes';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { createDownloadsService } from './modules/downloads/downloads.service';
import { createChecklistsService } from './modules/checklists/checklists.service';
import { healthRoutes } from './modules/health/health.routes';
import { observationsRoutes } from './modules/observations/observations.routes';
import { followDataVersion } from './lib/data-version';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { responseCachePlugin } from './plugins/response-cache';
import { createObservationsService } from './modules/observations/observations.service';
import { photosRoutes } from './modules/photos/photos.routes';
import { createPhotosService } from './modules/photos/photos.service';
import { translationsRoutes } from './modules/translations/translations.routes';
import { usersRoutes } from './modules/users/users.routes';
import { accountsRoutes } from './modules/users/accounts.routes';
import { createAccountDataService } from './modules/users/account-data.service';
import { createFollowsService } from './modules/users/follows.service';
import { createProfilesService } from './modules/users/profiles.service';
import { createRecoveryService } from './modules/users/recovery.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { DEFAULT_MAIL_FROM, createMailer } from './lib/mailer';
import { createUsersService } from './modules/users/users.service';
import { utilitiesRoutes } from './modules/utilities/utilities.routes';
import { pageViewsRoutes } from './modules/pageviews/pageviews.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminLogsService } from './modules/admin/admin-logs.service';
import { createAdminObservationsService } from './modules/admin/admin-observations.service';
import { createAdminRecordsService } from './modules/admin/admin-records.service';
import { createAdminReferenceService } from './modules/admin/admin-reference.service';
import { createAdminUsersService } from './modules/admin/admin-users.service';
import { topPages } from './modules/pageviews/pageviews.service';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  /** Folder of the built web app (`apps/web/dist`); not served when absent. */
  webDist?: string;
  /** Folder of the built admin panel (`apps/admin/dist`), served at /mmadmin/; not served when absent. */
  adminDist?: string;
  /** Run periodic jobs (orphan photo clean-up, hourly); off in tests, which call them directly. */
  startJobs?: boolean;
}

const HOUR_MS = 3_600_000;

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
export const defaultAdminDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/** `https://{s}.tile.example.org/{z}/…` → `https://*.tile.example.org`, for the CSP's img-src. */
function tileOrigin(template: string): string {
  const url = new URL(template.replace('{s}', 'subdomain').replace(/\{[a-z]+\}/g, '0'));
  return `${url.protocol}//${url.host.replace('subdomain', '*')}`;
}

async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers over 1 KB in brotli (quality 4) or gzip, as the request accepts (issue 13). Built files come
  // precompressed from the build (plugins/static-files.ts); cached explore answers keep their compressed
  // bytes (plugins/response-cache.ts); downloads stream as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mission Monarch API',
        version: APP_VERSION,
        description: 'Monarch butterfly and milkweed observations. Errors are {statusCode, error, message, fields?}.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * Builds the Fastify application: external plugins, then app plugins, then routes (fastify/demo's order).
 * Every route validates params, query and body with the shared zod schemas.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler<ZodType>(({ schema, httpPart }) => (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  });
  app.setSerializerCompiler(serializerCompiler);

  await registerExternalPlugins(app, config);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);

  const users = createUsersService(db, config.SESSION_DAYS);
  const photos = createPhotosService(db, storage);
  const checklists = createChecklistsService(db, photos);
  const dataVersion = await followDataVersion(db.$client, (msg) => app.log.warn(msg));
  app.addHook('onClose', () => dataVersion.close());
  const observations = createObservationsService(db, dataVersion, {
    rowCacheBytes: Math.round(config.EXPLORE_ROW_CACHE_MB * 1024 * 1024),
  });
  const downloads = createDownloadsService(db, config.PUBLIC_URL);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (msg, file) => app.log.info({ file }, msg),
  });
  const appUrl = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${config.HOST}:${config.PORT}`;
  const recovery = createRecoveryService(db, users, mailer, appUrl);
  const profiles = createProfilesService(db, storage, users);
  const contact = createContactService(
    db,
    mailer,
    config.CONTACT_TO ?? config.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    (msg, err) => app.log.error({ err }, msg),
  );
  await app.register(authPlugin, { users });
  await app.register(responseCachePlugin, { dataVersion });

  const authLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: config.AUTH_RATE_WINDOW_MS };
  await app.register(usersRoutes, { prefix: '/api/users', users, authLimit });
  await app.register(accountsRoutes, {
    prefix: '/api/users',
    recovery,
    profiles,
    follows: createFollowsService(db),
    accountData: createAccountDataService(db, storage, users),
    authLimit,
  });
  await app.register(contactRoutes, { prefix: '/api/users', contact, authLimit });
  await app.register(utilitiesRoutes, { prefix: '/api/utilities', db, config, checklists });
  await app.register(pageViewsRoutes, { prefix: '/api/utilities', db, config });
  await app.register(translationsRoutes, { prefix: '/api/localetranslations' });
  await app.register(observationsRoutes, { prefix: '/api/observations', observations, checklists });
  await app.register(downloadsRoutes, { prefix: '/api/observations', downloads });
  await app.register(checklistsRoutes, { prefix: '/api', checklists });
  await app.register(photosRoutes, { prefix: '/api/photos', photos });
  await app.register(healthRoutes, { prefix: '/api', db });
  const adminObservations = createAdminObservationsService(db);
  const adminUsers = createAdminUsersService(db, users);
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    db,
    observations: adminObservations,
    records: createAdminRecordsService(db),
    users: adminUsers,
    reference: createAdminReferenceService(db),
    logs: createAdminLogsService(db, {
      observations: adminObservations,
      users: adminUsers,
      topPages: (options) => topPages(db, options),
    }),
  });

  if (deps.startJobs) {
    const removeOrphans = () =>
      photos.removeOrphans().then(
        (n) => n > 0 && app.log.info({ removed: n }, 'orphan photos removed'),
        (err: unknown) => app.log.error({ err }, 'orphan photo clean-up failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void removeOrphans(), HOUR_MS).unref();
      void removeOrphans();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const webDist = deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  const adminDist = deps.adminDist && existsSync(path.join(deps.adminDist, 'index.html')) ? deps.adminDist : undefined;
  registerStaticFiles(app, storage, webDist, adminDist);
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${SUB_PATH}/`));
  return app;
}
