import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ROW_CACHE_MB } from './modules/explore/list-rows';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.string().url().optional();

/** Environment variables of DESIGN.md "Configuration"; all optional. */
const configSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    /** Bucket of the S3 storage driver; photos stay in `$DATA_DIR/uploads` when unset. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
      .optional(),
    /** Endpoint of an S3-compatible service (MinIO, Ceph, Garage, R2 …); AWS S3 when unset. */
    S3_ENDPOINT: optionalUrl,
    /** Region signed into requests (`us-east-1` when unset). */
    S3_REGION: z.string().min(1).optional(),
    /** Path-style URLs (`endpoint/bucket/key`); default: on with S3_ENDPOINT, off for AWS. */
    S3_FORCE_PATH_STYLE: z.stringbool().optional(),
    /** Static credentials (both or neither); without them the AWS SDK's default chain. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().optional(),
    CONTACT_TO: z.string().optional(),
    MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Addresses of the reverse proxies whose X-Forwarded-For / -Proto are believed (Fastify trustProxy:
     * comma-separated IPs or CIDR ranges, e.g. `127.0.0.1` or `10.0.0.0/8`); unset believes none.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*$/, 'comma-separated IP addresses or CIDR ranges')
      .optional(),
    /** Server processes `npm start` runs (Node's cluster module), all on one port, database and store. */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Folder of the built web app to serve at /mmapp; defaults to apps/web/dist. */
    WEB_DIST: z.string().min(1).optional(),
    /** Folder of another build of the admin panel (apps/admin/dist by default). */
    ADMIN_DIST: z.string().min(1).optional(),
    /** Sign-in, recovery and contact attempts per IP (recovery and contact also per email address) in each window. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Length of that window (ms), one minute by default. */
    AUTH_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
    /** Sign-ups per IP in each window: room for a class of 30 behind one school address. */
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Downloads and download tickets per IP per minute. */
    DOWNLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Length of that window (ms), ten minutes by default. */
    SIGNUP_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(600_000),
    /** Failed sign-ins per account per hour (ASVS 2.2.1: at most 100), whatever identifier is typed. */
    SIGNIN_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(100).default(100),
    /**
     * Page views (POST /api/utilities/pageview) counted per IP in each window; more answer 429.
     * Room for a class of 30 behind one school address browsing at once, not for a script.
     */
    PAGEVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(240),
    /** Length of that window (ms), one minute by default. */
    PAGEVIEW_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
    /**
     * Memory for Explore list rows kept between requests (MiB), ≈ 1,400 rows per MiB; 0 keeps none
     * and reads every page's rows from PostgreSQL.
     */
    EXPLORE_ROW_CACHE_MB: z.coerce.number().min(0).max(4096).default(DEFAULT_ROW_CACHE_MB),
    /** Plausible instance to forward page views to (with PLAUSIBLE_DOMAIN), e.g. https://plausible.io. */
    PLAUSIBLE_URL: optionalUrl,
    /** The site's domain as registered in Plausible. */
    PLAUSIBLE_DOMAIN: z.string().min(1).optional(),
    /** Matomo instance to forward page views to (with MATOMO_SITE_ID), e.g. https://stats.example.org/. */
    MATOMO_URL: optionalUrl,
    /** The site's id in Matomo (idsite). */
    MATOMO_SITE_ID: z.string().regex(/^\d+$/).optional(),
    /** Organisation that publishes the data: EML creator and contact, citation. */
    DATASET_PUBLISHER: z.string().min(1).default('Espace pour la vie'),
    /** Darwin Core institutionCode of every record. */
    DATASET_INSTITUTION_CODE: z.string().min(1).default('Espace pour la vie'),
    /** Darwin Core datasetID: the dataset's GBIF key or DOI once registered. */
    DATASET_ID: z.string().min(1).optional(),
    /** Person to contact about the data, in the EML. */
    DATASET_CONTACT_NAME: z.string().min(1).optional(),
    /** Their email address, in the EML. */
    DATASET_CONTACT_EMAIL: z.email().optional(),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
      const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID || c.S3_FORCE_PATH_STYLE !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when other S3_* settings are given' });
    }
  });
export type Config = z.infer<typeof configSchema> & { dataDir: string };

/**
 * Parses the environment once. A bad value throws an Error naming the variable.
 * @param env defaults to process.env
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

/**
 * The email of the data contact in the archive's EML: `DATASET_CONTACT_EMAIL`, else the
 * address the contact form writes to (`CONTACT_TO`) when it is one address, else null (no email).
 */
export function datasetContactEmail(c: Pick<Config, 'DATASET_CONTACT_EMAIL' | 'CONTACT_TO'>): string | null {
  const contactTo = c.CONTACT_TO?.trim();
  return c.DATASET_CONTACT_EMAIL ?? (contactTo && z.email().safeParse(contactTo).success ? contactTo : null);
}

/**
 * The start-up warning of a production server (`NODE_ENV=production`) without PUBLIC_URL: its published
 * links (download citations and landing pages, photo and record URLs in exports, links in emails) then
 * take the origin each request came to, or HOST:PORT for emails, which behind a proxy not listed in
 * TRUST_PROXY is the internal address. Null when there is nothing to say.
 */
export function publicUrlWarning(
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  nodeEnv?: string,
): string | null {
  if (nodeEnv !== 'production' || config.PUBLIC_URL) return null;
  return (
    'PUBLIC_URL is not set: download citations, landing pages and the photo and record URLs of exports use the ' +
    'origin of each request (behind a reverse proxy, set TRUST_PROXY so that it is the public one), and links in emails ' +
    `use http://${config.HOST}:${config.PORT}. Set PUBLIC_URL to the site's public https:// address.`
  );
}
