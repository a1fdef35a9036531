import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, SUB_PATH, normalizeLocale, type Locale } from '@mm/shared';
import { webResources } from '../lib/i18n';
import type { Storage } from '../lib/storage';
import { registerAttachments } from './attachments';
import { I18N_BLOCK_START, loadPageRenderer, pageEtag, scriptSafeJson, type ApiFetcher } from './server-rendered-pages';

/** Where the admin panel is served (spec §2: /mmadmin/#/dashboard). */
const ADMIN_PATH = '/mmadmin';

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Public images (`/mmapp/img/…`): not hashed, rarely changed. */
const ONE_DAY = 'public, max-age=86400';

/**
 * Cache-Control of a built file: hashed assets (`assets/`) immutable for a year, images a
 * day, everything else (index.html, a service worker, its registration script, the web manifest)
 * `no-cache`, i.e. revalidated with its ETag on every use.
 * @param file absolute path of the file sent (a `.br`/`.gz` variant included)
 */
function cacheControlFor(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (file.includes(`${path.sep}img${path.sep}`)) return ONE_DAY;
  return 'no-cache';
}

/** Cache-Control by kind; `Vary` because the file sent (`.br`, `.gz` or plain) follows Accept-Encoding. */
const setCacheHeaders = (res: { setHeader: (name: string, value: string) => unknown }, file: string) => {
  res.setHeader('Cache-Control', cacheControlFor(file));
  res.setHeader('Vary', 'Accept-Encoding');
};

/** Source maps stay on disk for error reports but are never served. */
const notSourceMap = (pathname: string) => !pathname.endsWith('.map');

/**
 * index.html for one language (first paint without waiting for translations): `<html lang>`
 * set, and the web app's translations of that language in a JSON data block (`#mm-i18n`, read by
 * apps/web/src/lib/i18n.ts; not executed, so the CSP's script-src is untouched). A page without the
 * block (dev server, a service worker's cached copy) loads them over HTTP as before.
 * The block (≈ 55 KB of JSON) ends the body, after what is shown: the browser parses and paints the
 * page before it, and the app, whose script runs once the whole document is parsed, still finds it.
 */
function localizedIndexHtml(html: string, lng: Locale): string {
  const block = `${I18N_BLOCK_START}${scriptSafeJson({ lng, resources: webResources(lng) })}</script>`;
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error('index.html has no </body>');
  const localized = `${html.slice(0, end)}${block}\n  ${html.slice(end)}`;
  return localized.replace(/<html lang="[^"]*"/, `<html lang="${lng}"`);
}

/**
 * Serves the built web app at /mmapp/ and the admin panel at /mmadmin/:
 * - precompressed `.br`/`.gz` files (written by the build) chosen by Accept-Encoding;
 * - Cache-Control by `cacheControlFor`; source maps answer 404;
 * - every client route (`/mmapp/{locale}/…`, whatever its last segment holds, dots included) gets
 *   index.html with that language's translations; only real file paths answer 404: a path in one of
 *   the build's folders (`assets/`, `img/` …), a file name at the top (`/mmapp/sw.js`), or a `.map`;
 * - the home page, content pages and the heads of Explore and the gallery come rendered
 *   (`loadPageRenderer`) when the web app's server build sits beside its build (`apps/web/dist-ssr`).
 * Photos are served from the storage driver at /attachments/ (`registerAttachments`).
 * @param publicUrl PUBLIC_URL: the origin of server-rendered pages' absolute links (else the request's)
 */
export function registerStaticFiles(
  app: FastifyInstance,
  storage: Storage,
  webDist: string | undefined,
  adminDist: string | undefined,
  publicUrl?: string,
): void {
  const staticOptions = {
    preCompressed: true,
    // @fastify/send's own `Cache-Control: public, max-age=0` would override setHeaders.
    cacheControl: false,
    setHeaders: setCacheHeaders,
    allowedPath: notSourceMap,
  } as const;
  if (adminDist) {
    // The panel routes with the URL hash: one page, its assets.
    void app.register(fastifyStatic, {
      ...staticOptions,
      root: adminDist,
      prefix: `${ADMIN_PATH}/`,
      index: ['index.html'],
      decorateReply: false,
    });
    app.get(ADMIN_PATH, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${ADMIN_PATH}/`));
  }
  registerAttachments(app, storage);
  if (!webDist) return;
  void app.register(fastifyStatic, {
    ...staticOptions,
    root: webDist,
    prefix: `${SUB_PATH}/`,
    index: false,
    wildcard: false,
  });

  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const page = (body: string) => ({ body, etag: pageEtag(body) });
  const fallback = page(html);
  const pages = new Map(LOCALES.map((lng) => [lng, page(localizedIndexHtml(html, lng))]));
  const fileFolders = new Set(
    readdirSync(webDist, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
  /** A path under /mmapp/ that names a file of the build (present or not), never a page. */
  const isFilePath = (rel: string) => {
    const segments = rel.split('/');
    if (rel.endsWith('.map')) return true;
    if (segments.length > 1) return fileFolders.has(segments[0] ?? '');
    return /\.[a-z0-9]+$/i.test(rel) && !rel.endsWith('.html');
  };

  // Explore's and the gallery's first screen are rendered with the API's own answers (docs/adr/0039).
  const fetchApi: ApiFetcher = async (url, lng) => {
    const res = await app.inject({ method: 'GET', url, headers: { language: lng, accept: 'application/json' } });
    if (res.statusCode !== 200) return undefined;
    const etag = typeof res.headers.etag === 'string' ? res.headers.etag : pageEtag(res.payload);
    return { body: JSON.parse(res.payload) as unknown, etag };
  };
  const renderer = loadPageRenderer(
    path.join(path.dirname(webDist), 'dist-ssr'),
    publicUrl,
    app.log,
    webDist,
    fetchApi,
  ).catch((err: unknown) => {
    app.log.error({ err }, "the web app's server render could not be loaded; pages are drawn in the browser only");
    return undefined;
  });

  app.get(SUB_PATH, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${SUB_PATH}/`));
  // Client-side routes (/mmapp/en/explore, /mmapp/en/users/profile/marie.tremblay …) all load the single page.
  app.get(`${SUB_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (isFilePath(rel)) return reply.callNotFound();
    const lng = normalizeLocale(rel.split('/')[0]) ?? DEFAULT_LOCALE;
    const shell = pages.get(lng) ?? fallback;
    const { body, etag } = (await (await renderer)?.(request, lng, shell.body)) ?? shell;
    // The page depends on the sign-in cookie and, rendered, on the kind of device.
    reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Cookie, User-Agent');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(body);
  });
}
