import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pg from 'pg';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import helmet, { type HelmetOptions } from 'helmet';
import { MAX_IMAGE_BYTES, SUB_PATH } from '@mm/shared';
import { datasetContactEmail, type Config } from './config';
import type { DatabaseMonitor } from './db/availability';
import { reportConnectionLosses, type Db } from './db/client';
import { fillPublicText } from './db/public-text';
import { validatorFor } from './lib/validation';
import { applyApiContract, openApiOptions } from './lib/api-contract';
import { answerClientError, collectSecurityHeaders } from './lib/client-errors';
import { requestLocale, translator } from './lib/i18n';
import type { Storage } from './lib/storage';
import { checklistsRoutes } from './modules/checklists/checklists.routes';
import { downloadPagesRoutes, downloadsRoutes } from './modules/downloads/downloads.routes';
import { createDownloadsService, DATASET_NAME, defaultDatasetMetadata } from './modules/downloads/downloads.service';
import { createPublicArchiveService, type PublicArchiveService } from './modules/downloads/public-archive.service';
import { createChecklistsService } from './modules/checklists/checklists.service';
import { createQualityService } from './modules/quality/quality.service';
import { qualityRoutes } from './modules/quality/quality.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createMetrics } from './lib/metrics';
import { observationsRoutes } from './modules/observations/observations.routes';
import { createMonitoringService } from './modules/sites/monitoring.service';
import { seasonReportRoutes } from './modules/sites/season-report.routes';
import { createSeasonReportService } from './modules/sites/season-report.service';
import { sitesRoutes } from './modules/sites/sites.routes';
import { createVisitRemindersService } from './modules/sites/visit-reminders.service';
import { followDataVersion } from './lib/data-version';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { createResponseCache } from './plugins/response-cache';
import { createObservationsService } from './modules/observations/observations.service';
import { exploreRoutes, galleryRoutes } from './modules/explore/explore.routes';
import { createExploreService } from './modules/explore/explore.service';
import { photosRoutes } from './modules/photos/photos.routes';
import { createPhotosService } from './modules/photos/photos.service';
import { translationsRoutes } from './modules/translations/translations.routes';
import { usersRoutes } from './modules/users/users.routes';
import { accountsRoutes } from './modules/users/accounts.routes';
import { createAccountDataService } from './modules/users/account-data.service';
import { createVettingDigestService } from './modules/notifications/vetting-digest.service';
import { createFollowsService } from './modules/users/follows.service';
import { createProfilesService } from './modules/users/profiles.service';
import { createRecoveryService } from './modules/users/recovery.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { DEFAULT_MAIL_FROM, createMailer, type Mailer } from './lib/mailer';
import { createSignupService } from './modules/users/signup.service';
import { createUsersService } from './modules/users/users.service';
import { utilitiesRoutes } from './modules/utilities/utilities.routes';
import { pageViewsRoutes } from './modules/pageviews/pageviews.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminDatasetRoutes } from './modules/admin/admin-dataset.routes';
import { createAdminDatasetService } from './modules/admin/admin-dataset.service';
import { createAdminBlitzService } from './modules/admin/admin-blitz.service';
import { createAdminLogsService } from './modules/admin/admin-logs.service';
import { createBlitzService } from './modules/blitz/blitz.service';
import { blitzRoutes } from './modules/blitz/blitz.routes';
import { createAdminObservationsService } from './modules/admin/admin-observations.service';
import { createAdminRecordsService } from './modules/admin/admin-records.service';
import { createAdminReferenceService } from './modules/admin/admin-reference.service';
import { createAdminUsersService } from './modules/admin/admin-users.service';
import { topPages } from './modules/pageviews/pageviews.service';
import { authPlugin } from './plugins/auth';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRateLimits, createSigninThrottle } from './lib/rate-limits';
import { databaseAvailabilityPlugin } from './plugins/db-availability';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { openJobQueue, type JobQueueOptions } from './jobs/job-queue';
import { listenForNotifications } from './lib/notify-listener';
import { openRunMarker, type RunMarker } from './lib/run-marker';
import { sweepSpentTickets } from './modules/downloads/download-tickets';
import { SESSION_CHANGED_CHANNEL } from './modules/users/users.service';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  /** Folder of the built web app (`apps/web/dist`); not served when absent. */
  webDist?: string;
  /** Folder of the built admin panel (`apps/admin/dist`), served at /mmadmin/; not served when absent. */
  adminDist?: string;
  /** The database monitor: with it, requests answer 503 while the database is unavailable. */
  monitor?: DatabaseMonitor;
  /**
   * Work on the job queue in this process (photo upkeep at start-up and hourly, sweeps, emails with
   * retries); off in tests, which call the functions directly and get their emails at once.
   */
  startJobs?: boolean;
  /** With `startJobs`: this process's slot for its run marker (`0`, or the cluster worker's 1…N). */
  runSlot?: string;
  /** Retry and polling figures of the job queue (tests shorten them). */
  jobOptions?: Partial<JobQueueOptions>;
  /**
   * Given the app's own services that jobs run, for tests that run a job's work by hand with their own
   * clock (the public archive, docs/adr/0038) instead of waiting for the queue.
   */
  onJobServices?: (services: { publicArchive: PublicArchiveService }) => void;
}

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
export const defaultAdminDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/** `https://{s}.tile.example.org/{z}/…` → `https://*.tile.example.org`, for the CSP's img-src. */
function tileOrigin(template: string): string {
  const url = new URL(template.replace('{s}', 'subdomain').replace(/\{[a-z]+\}/g, '0'));
  return `${url.protocol}//${url.host.replace('subdomain', '*')}`;
}

/** helmet's options: the Content-Security-Policy of the web app, the panel and the API. */
function securityOptions(config: Config): HelmetOptions {
  return {
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
  };
}

async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(securityHeadersPlugin, securityOptions(config));
  // Answers over 1 KB in brotli (quality 4) or gzip, as the request accepts. Built files come
  // precompressed from the build (plugins/static-files.ts); cached explore answers keep their compressed
  // bytes (plugins/response-cache.ts); downloads stream as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  // Before @fastify/swagger reads the routes: security and client errors per operation (lib/api-contract.ts).
  app.addHook('onRoute', applyApiContract);
  await app.register(swagger, { ...openApiOptions(config.PUBLIC_URL), transform: jsonSchemaTransform });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * Pino options: human-readable lines (pino-pretty) when writing to a terminal outside production,
 * JSON lines otherwise (a log collector, a file, `NODE_ENV=production`); the token never logged.
 */
function loggerOptions(level: Config['LOG_LEVEL']): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return {
    level,
    redact: ['req.headers.authorization'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * Each request logged once, at debug, when it completes (a terminal at `info` shows start-up, warnings
 * and errors, not every request); a request that failed is logged at error as Fastify does.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Builds the Fastify application: external plugins, then app plugins, then routes (fastify/demo's order).
 * Every route validates params, query and body with the shared zod schemas.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage } = deps;
  const setSecurityHeaders = helmet(securityOptions(config));
  const clientErrorHeaders = collectSecurityHeaders(setSecurityHeaders);
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    // Behind a reverse proxy (deploy/nginx): X-Forwarded-For and -Proto are believed only from these addresses.
    trustProxy: config.TRUST_PROXY ?? false,
    logController: new QuietRequestLog(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Router errors (a malformed or over-long path) reach no hook: give them the language and
    // security headers the hooks would have, then the app's error handler (plugins/errors.ts).
    frameworkErrors: (err, request, reply) => {
      request.locale = requestLocale(request.headers);
      request.t = translator(request.locale);
      setSecurityHeaders(request.raw, reply.raw, () => void request.server.errorHandler(err, request, reply));
    },
    // Requests Node's HTTP parser refuses (bad request line or header, headers or URL over 16 KB)
    // never reach Fastify: the same JSON shape and security headers, nothing echoed.
    clientErrorHandler: (err, socket) => answerClientError(err, socket, clientErrorHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler<ZodType>(({ schema, httpPart }) => validatorFor(schema, httpPart ?? 'body'));
  app.setSerializerCompiler(serializerCompiler);

  // Explore's answer cache first: an anonymous hit is answered before any other hook.
  const dataVersion = await followDataVersion(db.$client, (msg) => app.log.warn(msg));
  app.addHook('onClose', () => dataVersion.close());
  const responseCache = createResponseCache({ dataVersion, securityHeaders: clientErrorHeaders });
  await app.register(responseCache.early);
  await registerExternalPlugins(app, config);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  if (deps.monitor) await app.register(databaseAvailabilityPlugin, { monitor: deps.monitor });

  // Its own small pool: a limit is checked before any work, never behind the app's queries for a connection.
  const limitsPool = new pg.Pool({ ...db.$client.options, max: 3 });
  reportConnectionLosses(limitsPool, (err) => app.log.warn({ err }, 'rate-limit pool connection lost'));
  app.addHook('onClose', () => limitsPool.end());
  const limits = createRateLimits(limitsPool);
  // Sessions are cached only while this process hears every change to them (migration 0018's NOTIFY).
  let sessionsHeard = () => false;
  const users = createUsersService(
    db,
    config.SESSION_DAYS,
    createSigninThrottle(limits, config.SIGNIN_FAILURES_PER_HOUR),
    () => sessionsHeard(),
  );
  const sessionChanges = await listenForNotifications(
    db.$client,
    SESSION_CHANGED_CHANNEL,
    (userId) => users.forgetSessions(Number(userId)),
    () => users.forgetAllSessions(),
    (msg) => app.log.warn(msg),
  );
  sessionsHeard = sessionChanges.listening;
  app.addHook('onClose', () => sessionChanges.close());
  const photos = createPhotosService(db, storage);
  const quality = createQualityService(db);
  const checklists = createChecklistsService(db, photos, quality);
  const observations = createObservationsService(db);
  const explore = createExploreService(db, dataVersion, {
    rowCacheBytes: Math.round(config.EXPLORE_ROW_CACHE_MB * 1024 * 1024),
  });
  const publisher = {
    publisher: config.DATASET_PUBLISHER,
    datasetName: DATASET_NAME,
    contactName: config.DATASET_CONTACT_NAME ?? null,
    contactEmail: datasetContactEmail(config),
  };
  // The EML's dataset metadata: edited in the admin panel, the configuration standing in until then.
  const adminDataset = createAdminDatasetService(db, defaultDatasetMetadata(publisher));
  const downloads = createDownloadsService(db, {
    publisher: config.DATASET_PUBLISHER,
    institutionCode: config.DATASET_INSTITUTION_CODE,
    datasetId: config.DATASET_ID ?? null,
    contactName: publisher.contactName,
    contactEmail: publisher.contactEmail,
    metadata: () => adminDataset.forEml(),
  });
  const directMailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (msg, file) => app.log.info({ file }, msg),
  });
  const appUrl = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${config.HOST}:${config.PORT}`;
  // With workers, every email goes through the job queue (retries, dead letters); a test app sends at once.
  let queued: Mailer | undefined;
  const mailer: Mailer = { send: (message, options) => (queued ?? directMailer).send(message, options) };
  const signups = createSignupService(db, users, mailer, appUrl);
  const vettingDigest = createVettingDigestService(db, mailer, appUrl);
  const monitoring = createMonitoringService(db);
  const visitReminders = createVisitRemindersService(db, mailer, appUrl);
  // The archive's links (photos, record pages, citation) start with PUBLIC_URL: no request to take them from.
  const publicArchive = createPublicArchiveService(db, storage, downloads, appUrl);
  deps.onJobServices?.({ publicArchive });
  const jobs = await openJobQueue(
    db,
    app.log,
    deps.jobOptions,
    deps.startJobs
      ? {
          // Orphan uploads removed, then every attached photo's files checked against its row
          // (repaired, or reported in the log and in /api/health of the process that ran it).
          photoUpkeep: async () => {
            const removed = await photos.removeOrphans();
            if (removed > 0) app.log.info({ removed }, 'orphan photos removed');
            const report = await photos.reconcile();
            app.log[report.missing > 0 ? 'error' : 'info'](
              { photoReconciliation: report },
              `photo files checked: ${report.checked} photos, ${report.repaired} repaired, ${report.missing} missing`,
            );
            return { removed, ...report };
          },
          sweep: async () => {
            await limits.clearExpired();
            await sweepSpentTickets(db);
            await signups.sweep();
            // Any comment or place name whose public text is unknown gets it (db/public-text.ts).
            await fillPublicText(db);
          },
          // Vetting emails: each volunteer gets at most one a day, listing new verdicts.
          vettingDigest: () => vettingDigest.sendDue(),
          // Monitored sites (docs/monitoring.md, ADR 0030): each volunteer at most one reminder a week.
          visitReminders: () => visitReminders.sendDue(),
          // GBIF's archive (docs/adr/0038): rebuilt when the data changed, at most hourly.
          publicArchive: () => publicArchive.refresh(),
          sendEmail: (message) => directMailer.send(message),
        }
      : undefined,
  );
  app.addHook('onClose', () => jobs.stop());
  if (deps.startJobs) {
    queued = jobs.mailer;
    let marker: RunMarker | undefined;
    app.addHook('onReady', async () => {
      marker = await openRunMarker(config.dataDir, deps.runSlot ?? '0');
      if (marker.crashed) app.log.warn('the previous server process did not stop cleanly: checking photo files now');
      await jobs.enqueueStartupUpkeep(marker.crashed);
      await jobs.enqueueStartupArchive();
    });
    app.addHook('onClose', async () => marker?.close());
  }
  const recovery = createRecoveryService(db, users, mailer, appUrl);
  const profiles = createProfilesService(db, storage, users);
  const contact = createContactService(
    db,
    mailer,
    config.CONTACT_TO ?? config.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    (msg, err) => app.log.error({ err }, msg),
  );
  await app.register(authPlugin, { users });
  await app.register(rateLimitPlugin, { limits });
  await app.register(responseCache.signedIn);

  const authLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: config.AUTH_RATE_WINDOW_MS };
  const signupLimit = { max: config.SIGNUP_RATE_LIMIT, timeWindow: config.SIGNUP_RATE_WINDOW_MS };
  await app.register(usersRoutes, { prefix: '/api/users', users, signups, authLimit, limits, signupLimit });
  await app.register(accountsRoutes, {
    prefix: '/api/users',
    recovery,
    profiles,
    follows: createFollowsService(db),
    accountData: createAccountDataService(db, storage, users),
    authLimit,
    limits,
  });
  await app.register(contactRoutes, { prefix: '/api/users', contact, authLimit, limits });
  await app.register(utilitiesRoutes, { prefix: '/api/utilities', db, config, checklists });
  await app.register(pageViewsRoutes, { prefix: '/api/utilities', db, config });
  await app.register(translationsRoutes, { prefix: '/api/localetranslations' });
  await app.register(exploreRoutes, { prefix: '/api/observations', explore });
  await app.register(observationsRoutes, { prefix: '/api/observations', observations, checklists, monitoring });
  await app.register(downloadsRoutes, {
    prefix: '/api/observations',
    downloads,
    perMinute: config.DOWNLOAD_RATE_LIMIT,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(downloadPagesRoutes, {
    prefix: '/api/downloads',
    downloads,
    publicArchive,
    perMinute: config.DOWNLOAD_RATE_LIMIT,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(checklistsRoutes, { prefix: '/api', checklists, monitoring });
  await app.register(sitesRoutes, { prefix: '/api', monitoring, reminders: visitReminders });
  await app.register(seasonReportRoutes, { prefix: '/api', seasonReports: createSeasonReportService(db, explore) });
  await app.register(qualityRoutes, { prefix: '/api/quality', quality });
  await app.register(galleryRoutes, { prefix: '/api/photos', explore });
  await app.register(blitzRoutes, { prefix: '/api/blitz', blitz: createBlitzService(db, explore, dataVersion) });
  await app.register(photosRoutes, { prefix: '/api/photos', photos });
  await app.register(healthRoutes, {
    prefix: '/api',
    db,
    monitor: deps.monitor,
    photosMissing: () => photos.lastReconciliation()?.missing,
    storeRoom: () => storage.room(),
    jobQueue: () => jobs.state(),
    metrics: createMetrics(() => [...explore.cacheStats(), responseCache.stats(), users.sessionCacheStats()]),
  });
  const adminObservations = createAdminObservationsService(db, quality);
  const adminUsers = createAdminUsersService(db, users);
  await app.register(adminDatasetRoutes, { prefix: '/api/admin', dataset: adminDataset });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    db,
    observations: adminObservations,
    records: createAdminRecordsService(db, quality),
    users: adminUsers,
    reference: createAdminReferenceService(db),
    blitz: createAdminBlitzService(db),
    failedEmails: jobs,
    logs: createAdminLogsService(db, {
      observations: adminObservations,
      users: adminUsers,
      topPages: (options) => topPages(db, options),
    }),
  });

  const webDist = deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  const adminDist = deps.adminDist && existsSync(path.join(deps.adminDist, 'index.html')) ? deps.adminDist : undefined;
  registerStaticFiles(app, storage, webDist, adminDist, config.PUBLIC_URL);
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${SUB_PATH}/`));
  return app;
}
