import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { LOCALES, SUB_PATH, USER_COOKIE, type Locale } from '@mm/shared';
import { webResources } from '../lib/i18n';

/** The parts of a page the web app's server render answers (apps/web/src/ssr/render-page.tsx). */
interface RenderedPage {
  html: string;
  styles: string;
  headTags: string;
  title: string;
  queries: unknown;
  routeModule?: string;
  /** When the browser starts the app on the page (`data-hydrate` on `#root`; docs/adr/0033). */
  hydrate?: string;
  /** The sign-in page (`page`) or a members-only page shown as it (`members-only`), docs/adr/0047. */
  signIn?: 'page' | 'members-only';
  /** Rendered for a visitor with a session (docs/adr/0048). */
  session?: true;
}

/** The web app's server-render module (`apps/web/dist-ssr/render-page.js`). */
interface RenderPageModule {
  renderPage: (input: {
    path: string;
    origin: string;
    smallScreen: boolean;
    resources: Record<string, Record<string, unknown>>;
    query?: string;
    apiData?: Record<string, unknown>;
    signedIn?: boolean;
  }) => Promise<RenderedPage | undefined>;
  /** The API answers (GET URLs from `/api` on) a page is rendered with (docs/adr/0039); absent in older builds. */
  pageApiUrls?: (path: string, query: string) => string[];
  /** Whether a path is rendered as the sign-in page (docs/adr/0047); absent in older builds. */
  signInKind?: (path: string) => 'page' | 'members-only' | undefined;
  /** Whether a path is rendered for a visitor with a session (docs/adr/0048); absent in older builds. */
  rendersSignedIn?: (path: string, query: string) => boolean;
}

/**
 * What the web app's server render writes for the sign-in page's query string (`QUERY_STAND_IN` of
 * apps/web/src/ssr/render-page.tsx): replaced per request by `signInQuery`.
 */
const QUERY_STAND_IN = '?mm-query-stand-in';

/**
 * Answers a GET of the server's own API (`app.inject`: the same routes, schemas and answer cache as a
 * browser's request), or undefined when it does not answer 200 with JSON.
 * @param url from `/api` on, with its query string
 * @param lng the page's language (the `Language` header the browser would send)
 * @returns the parsed body and its ETag ('' when the answer has none)
 */
export type ApiFetcher = (url: string, lng: Locale) => Promise<{ body: unknown; etag: string } | undefined>;

/** A page ready to send: its HTML and the ETag of that HTML. */
interface PageBody {
  body: string;
  etag: string;
}

/** Rendered pages kept (by path, screen size and day): 17 pages × 3 languages × 2 sizes, and room to spare. */
const CACHED_PAGES = 200;

/** The origin a page is rendered with, replaced in its HTML by the request's (or PUBLIC_URL). */
const ORIGIN_STAND_IN = 'https://origin.mission-monarch.invalid';

/** Phones and tablets, whose pages are rendered with the small screen's header. */
const SMALL_SCREEN_AGENT = /Mobi|Android|iPhone|iPad|iPod/i;

/** `</script` and `<!--` cannot appear in JSON written inside a `<script>` element. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The ETag of a page's HTML. */
export const pageEtag = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** One chunk of the client build's manifest (`apps/web/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Adds `key` and, recursively, every chunk it imports statically to `into`. */
function staticImports(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>): void {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticImports(manifest, dep, into);
}

/** What index.html loads (the entry chunks and their static imports), worked out once per manifest. */
const entryClosures = new WeakMap<Record<string, ManifestChunk>, Set<string>>();
function entryClosure(manifest: Record<string, ManifestChunk>): Set<string> {
  let loaded = entryClosures.get(manifest);
  if (!loaded) {
    loaded = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticImports(manifest, key, loaded);
    entryClosures.set(manifest, loaded);
  }
  return loaded;
}

/**
 * The `<link rel="modulepreload">` elements of a route module and every chunk it imports statically,
 * less what index.html already loads (the entry chunk and its imports): the browser fetches the page's
 * code while it reads the HTML, and Vite's loader, finding the links, adds none of its own (
 * ≈ 45 links made by script on Explore cost a phone's main thread ≈ 70 ms). At low priority: the
 * page's text and CSS come first (high priority, Lighthouse counted them against the first paint).
 * @param manifest the client build's manifest
 * @param routeModule the route's source path as the manifest names it (`src/app/routes/explore.tsx`)
 * @returns the elements, or '' for a module the manifest does not list
 */
function modulePreloadTags(manifest: Record<string, ManifestChunk>, routeModule: string): string {
  const loaded = entryClosure(manifest);
  const needed = new Set<string>();
  staticImports(manifest, routeModule, needed);
  return [...needed]
    .filter((key) => !loaded.has(key))
    .map(
      (key) =>
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="${SUB_PATH}/${manifest[key]?.file ?? ''}">`,
    )
    .join('');
}

/**
 * The signed-in area's form pages (drawn by the browser alone, spec §2), by path after the language, and
 * their route modules as the client build's manifest names them. Their shell announces the page's code
 * (`modulePreloadTags`): the browser fetches it beside the app's `start` chunk instead of after it has run
 * (≈ 0.75–1 s of a throttled phone's main thread), docs/adr/0040.
 */
const FORM_PAGES: Readonly<Record<string, string>> = {
  'submit/flash': 'src/app/routes/flash.tsx',
  'submit/submit-data': 'src/app/routes/submit-data.tsx',
  'submit/mission': 'src/app/routes/mission.tsx',
};

/** How the translations' data block of index.html starts (`localizedIndexHtml`, static-files.ts). */
export const I18N_BLOCK_START = '<script type="application/json" id="mm-i18n">';

/**
 * index.html of one language with a server-rendered page in it: the page's markup in `#root`
 * (marked `data-ssr`, so that the app hydrates it, and `data-hydrate`, when: docs/adr/0033), its title, its CSS, its head tags (marked
 * `data-ssr-head`: the app renders its own once running) and the data it was rendered with
 * (`#mm-ssr`, JSON, not executed: the CSP's script-src is untouched).
 * @param localized index.html as `localizedIndexHtml` made it for the page's language
 * @param lng the page's language
 * @param preloadTags the modulepreload links of the page's code (`modulePreloadTags`)
 */
function serverRenderedHtml(
  localized: string,
  page: RenderedPage,
  smallScreen: boolean,
  lng: Locale,
  preloadTags = '',
): string {
  const state = `<script type="application/json" id="mm-ssr">${scriptSafeJson({ queries: page.queries, smallScreen })}</script>`;
  const headTags = page.headTags.replace(/<(meta|link)\b/g, '<$1 data-ssr-head=""');
  const root = localized.indexOf('<div id="root">');
  // `#root` runs to the translations' block when there is one, else to </body>.
  const block = localized.indexOf(I18N_BLOCK_START);
  const end = block >= 0 ? block : localized.lastIndexOf('</body>');
  if (root < 0 || end < root) throw new Error('index.html has no <div id="root"> before </body>');
  // The page's data, like the translations, comes after its markup: it is read once the document is parsed.
  const hydrate = page.hydrate ? ` data-hydrate="${escapeHtml(page.hydrate)}"` : '';
  // A members-only page shown as the sign-in page: the start-up module shows the sign-in page's address, as the
  // app's redirect would (`RequireUser`), or, with a session stored, drops this markup (docs/adr/0047).
  const signIn =
    page.signIn === 'members-only'
      ? ` data-sign-in="" data-address="${SUB_PATH}/${lng}/users/signin${QUERY_STAND_IN}"`
      : page.signIn
        ? ' data-sign-in=""'
        : '';
  // Drawn for a session: the start-up module hydrates it only with a token stored (docs/adr/0048).
  const session = page.session ? ' data-session=""' : '';
  const withRoot = `${localized.slice(0, root)}<div id="root" data-ssr=""${hydrate}${signIn}${session}>${page.html}</div>\n  ${state}${localized.slice(end)}`;
  return withRoot
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${preloadTags}${headTags}${page.styles}</head>`);
}

/**
 * The sign-in page's query string, for `QUERY_STAND_IN` in its HTML (attribute-safe): on `users/signin` the
 * request's own; on a members-only page `next=` and the page's path and query, as the app's redirect writes it
 * (`RequireUser`, spec §2: the way back after sign-in).
 * @param kind where the sign-in page is
 * @param routerPath the request's path after `/mmapp` (`/en/submit/flash`)
 * @param query the request's query string without `?`
 * @returns `?…`, or '' for none
 */
function signInQuery(kind: 'page' | 'members-only', routerPath: string, query: string): string {
  const search = kind === 'page' ? query : `next=${encodeURIComponent(query ? `${routerPath}?${query}` : routerPath)}`;
  return search ? `?${escapeHtml(search)}` : '';
}

/** Renders the public pages on the server, or answers undefined for a page the browser alone draws. */
export type PageRenderer = (request: FastifyRequest, lng: Locale, localized: string) => Promise<PageBody | undefined>;

/**
 * The server render of the web app's public pages (the first screen comes with the HTML), when
 * the web app's server build (`apps/web/dist-ssr/render-page.js`) is present; undefined otherwise (the
 * shell is sent as before). A page is rendered for a visitor without the `mm_user` cookie (a signed-in
 * volunteer's pages depend on their session, which only the browser holds), except the few rendered for a
 * session without needing it (`rendersSignedIn`: Submit data and the Flash form, docs/adr/0048, 0049), kept per path, screen
 * size and day (the campaign card follows the date), and on any render error the shell is sent and the
 * error logged.
 * A page's route code is announced with modulepreload links read from the client build's manifest.
 * @param ssrDir folder of the server build (`apps/web/dist-ssr`)
 * @param publicUrl PUBLIC_URL, the origin of the pages' absolute links; else the request's own
 * @param webDist folder of the client build (`apps/web/dist`), whose `.vite/manifest.json` names the chunks
 * @param fetchApi the server's own API, for the data of Explore's and the gallery's first screen
 *   (docs/adr/0039): fetched per request (from the answer cache), the page rendered again when their
 *   ETags change; without it those pages get their heads only
 */
export async function loadPageRenderer(
  ssrDir: string,
  publicUrl: string | undefined,
  log: FastifyBaseLogger,
  webDist: string,
  fetchApi?: ApiFetcher,
): Promise<PageRenderer | undefined> {
  const file = path.join(ssrDir, 'render-page.js');
  if (!existsSync(file)) return undefined;
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const { renderPage, pageApiUrls, signInKind, rendersSignedIn } = (await import(
    pathToFileURL(file).href
  )) as RenderPageModule;
  const resources = Object.fromEntries(LOCALES.map((lng) => [lng, webResources(lng)]));
  const pages = new LRUCache<string, Promise<string | undefined>>({ max: CACHED_PAGES });
  /** Pages ready to send, per render and origin: the origin written in and the ETag made once, not per request. */
  const bodies = new LRUCache<string, PageBody>({ max: CACHED_PAGES });

  /** The shell of a form page with its code announced, per language and page: made once. */
  const formShells = new Map<string, PageBody>();

  return async (request, lng, localized) => {
    // One render per page, whatever slashes or query string the address has (`/mmapp/en//faq?x=1`).
    const [pathPart = '', ...queryParts] = request.url.split('?');
    const segments = pathPart.split('/').filter((s) => s !== '');
    const pathname = `/${segments.join('/')}`;
    const formPage = FORM_PAGES[segments.slice(2).join('/')];
    const signedIn = request.headers.cookie?.includes(`${USER_COOKIE}=`) ?? false;
    const query = queryParts.join('?');
    // With a session, some members-only pages are rendered as the volunteer sees them (docs/adr/0048, 0049).
    const forSession = signedIn && (rendersSignedIn?.(pathname, query) ?? false);
    // Without a session, a form page is the sign-in page, rendered (docs/adr/0047).
    if (formPage && `/${segments[0] ?? ''}` === SUB_PATH && !forSession && (signedIn || !signInKind)) {
      const shellKey = `${lng}|${formPage}`;
      let shell = formShells.get(shellKey);
      if (!shell) {
        const body = localized.replace('</head>', `${modulePreloadTags(manifest, formPage)}</head>`);
        shell = { body, etag: pageEtag(body) };
        formShells.set(shellKey, shell);
      }
      return shell;
    }
    if (signedIn && !forSession) return undefined;
    // Only whether there is one: a page that depends on it is rendered without its data (`pageApiUrls`).
    const smallScreen = SMALL_SCREEN_AGENT.test(request.headers['user-agent'] ?? '');
    const day = new Date().toISOString().slice(0, 10);
    // The data a page is rendered with (Explore's and the gallery's first screen), and their ETags for the key.
    const urls = fetchApi && pageApiUrls ? pageApiUrls(pathname, query) : [];
    const answers = fetchApi ? await Promise.all(urls.map((url) => fetchApi(url, lng).catch(() => undefined))) : [];
    const apiData: Record<string, unknown> = {};
    urls.forEach((url, i) => {
      const answer = answers[i];
      if (answer) apiData[url] = answer.body;
    });
    const versions = answers.map((a) => a?.etag ?? '-').join(',');
    // The sign-in page: one render whatever its query string and, on the members-only pages, whatever the page.
    const signIn = forSession ? undefined : signInKind?.(pathname);
    const keyPath = signIn === 'members-only' ? `${SUB_PATH}/${lng}/users/signin|members-only` : pathname;
    const key = `${keyPath}|${signIn ? '' : urls.length > 0 ? versions : query !== ''}|${smallScreen}|${day}|${lng}|${forSession}`;
    let page = pages.get(key);
    if (!page) {
      // Rendered with a stand-in origin, written in per request: a Host header cannot cause renders.
      page = renderPage({
        path: pathname,
        origin: ORIGIN_STAND_IN,
        smallScreen,
        resources,
        query,
        apiData,
        signedIn: forSession,
      }).then((rendered) =>
        rendered
          ? serverRenderedHtml(
              localized,
              rendered,
              smallScreen,
              lng,
              // A page whose app starts on demand (docs/adr/0033) does not fetch the app's code before it is used.
              rendered.routeModule && (rendered.hydrate ?? 'now') === 'now'
                ? modulePreloadTags(manifest, rendered.routeModule)
                : '',
            )
          : undefined,
      );
      pages.set(key, page);
    }
    const origin = publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    try {
      const html = await page;
      if (html === undefined) return undefined;
      if (signIn) {
        // Its query string is the request's: written per request, not kept.
        const body = html
          .replaceAll(ORIGIN_STAND_IN, origin)
          .replaceAll(QUERY_STAND_IN, signInQuery(signIn, pathname.slice(SUB_PATH.length), query));
        return { body, etag: pageEtag(body) };
      }
      const bodyKey = `${key}|${origin}`;
      let ready = bodies.get(bodyKey);
      if (!ready) {
        const body = html.replaceAll(ORIGIN_STAND_IN, origin);
        ready = { body, etag: pageEtag(body) };
        bodies.set(bodyKey, ready);
      }
      return ready;
    } catch (err) {
      pages.delete(key);
      log.error({ err, path: pathname }, 'server render failed; the app shell is sent instead');
      return undefined;
    }
  };
}
