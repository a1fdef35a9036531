// The server render of the public pages: built by `vite build --config vite.ssr.config.ts`
// into apps/web/dist-ssr/, imported by the server (apps/server/src/plugins/server-rendered-pages.ts).
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createInstance, type Resource, type i18n as I18n } from 'i18next';
import { StrictMode, isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchRoutes } from 'react-router';
import {
  API_BASE,
  DEFAULT_EXPLORE_SORT,
  DEFAULT_LOCALE,
  GALLERY_PAGE_SIZE,
  I18N_NAMESPACES,
  LOCALES,
  OBSERVATION_PAGE_SIZE,
  SUB_PATH,
  type GalleryResponse,
  type LoadParams,
  type Locale,
} from '@mm/shared';
import { AppProviders, makeQueryClient } from '../app/providers';
import { RequireUser, routes } from '../app/router';
import { getContentQueryOptions } from '../features/content/api/get-content';
import { getClientConfigQueryOptions } from '../lib/client-config';
import { getGalleryQueryOptions } from '../entities/photo/get-gallery';
import { paramsQueryKey } from '../entities/params/get-params';
import { getExploreObservationsQueryOptions } from '../features/explore/api/get-explore-observations';
import { FIRST_PAGE_PROVINCES_KEY } from '../features/gallery/components/gallery-first-page';
import { findContentPage } from '../features/content/pages';
import type { HydrateWhen } from '../lib/on-demand';
import { ServerRenderContext, type ServerRender } from '../lib/server-render';

/** What the server knows of the page asked for. */
export interface RenderPageInput {
  /** The path asked for, from `/mmapp/` on (`/mmapp/fr/content/faq`), without its query string (`query`). */
  path: string;
  /** The site's origin (`https://example.org`), for the page's absolute links (hreflang). */
  origin: string;
  /** Whether to render for a small screen (the header's layout), as the browser's User-Agent suggests. */
  smallScreen: boolean;
  /** The web app's translations by language and namespace (the server's `webResources`). */
  resources: Resource;
  /** The address's query string without `?` (`view=map`), '' or absent for none. */
  query?: string;
  /**
   * The API's answers to `pageApiUrls(path, query)`, by URL: the data of Explore's first page and the
   * gallery's first photos. A page whose data is missing is rendered without it (its head only).
   */
  apiData?: Record<string, unknown>;
  /**
   * Whether the visitor has a session (the `mm_user` cookie, set by the app with it): the pages of
   * `SIGNED_IN_PAGES` are then rendered as a signed-in volunteer sees them (docs/adr/0048), any other page
   * is not rendered.
   */
  signedIn?: boolean;
}

/** A rendered page, to be written into index.html by the server. */
export interface RenderedPage {
  /** The page's markup: the content of `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` elements with the CSS of that markup, for `<head>`. */
  styles: string;
  /** The `<meta>`/`<link>` elements the page renders (description, hreflang), for `<head>`. */
  headTags: string;
  /** The page's `<title>` text. */
  title: string;
  /** The data the page was rendered with (TanStack Query's dehydrated cache), for the browser's first render. */
  queries: DehydratedState;
  /**
   * The page's lazy route module as the client build's manifest names it (`src/app/routes/explore.tsx`),
   * or undefined when the page is in the app's chunk: the server announces its code with
   * `<link rel="modulepreload">` so that the browser fetches it while reading the HTML.
   */
  routeModule: string | undefined;
  /**
   * When the browser starts the app on this page (`data-hydrate` on `#root`, read by `src/main.tsx`;
   * docs/adr/0033, 0039): `now` (its first screen is drawn from data in the browser: Explore, the gallery
   * at an address with a query string, or without the API's answers),
   * `visible` (its parts marked `data-when-visible` come into view, or it is used: the home page),
   * `interaction` (it is used: the content pages, Explore and the gallery at their plain address with
   * their first data, whole without the app; Explore's map at `?view=map`, drawn without it, ADR 0042).
   */
  hydrate: HydrateWhen;
  /**
   * The sign-in page (docs/adr/0047): `page` at `users/signin`, `members-only` on a members-only page, which
   * a visitor without a session sees as the sign-in page at `users/signin?next=…` (spec §2). Its address's query
   * string is `QUERY_STAND_IN`, to be replaced per request (`?` + the query string, or nothing; on a members-only
   * page `next=` + the encoded page path). Undefined for the other pages.
   */
  signIn?: SignInKind;
  /**
   * Rendered for a visitor with a session (docs/adr/0048): the browser hydrates it only with a stored token
   * (`data-session` on `#root`), else draws the page itself (its redirect to the sign-in page, spec §2).
   */
  session?: true;
}

/** Where a server-rendered sign-in page is (`RenderedPage.signIn`). */
export type SignInKind = 'page' | 'members-only';

/**
 * Written where the sign-in page's query string goes (`?` included): the language links and the members-only
 * page's address. The server puts the request's in its place, so that one render serves every query string.
 */
export const QUERY_STAND_IN = '?mm-query-stand-in';

/** One i18next instance per language, made on first use (resources never change while the server runs). */
const instances = new Map<Locale, I18n>();
function i18nFor(lng: Locale, resources: Resource): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...I18N_NAMESPACES],
      defaultNS: 'common',
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(lng, instance);
  }
  return instance;
}

/**
 * Explore, the gallery and the Blitz page: their title and lead (the rest waits for the browser, see their routes), with
 * their route modules (`router.tsx` imports them lazily).
 */
const PAGES_WITH_HEADS = new Map<string, string>([
  ['explore', 'src/app/routes/explore.tsx'],
  ['photos', 'src/app/routes/photos.tsx'],
  ['blitz', 'src/app/routes/blitz.tsx'],
]);
/** The route module of the home page. */
const HOME_ROUTE_MODULE = 'src/app/routes/home.tsx';
/** The route module of the sign-in page. */
const SIGNIN_ROUTE_MODULE = 'src/app/routes/signin.tsx';
/** The route module of the Markdown content pages (`content/:slug`). */
const CONTENT_ROUTE_MODULE = 'src/app/routes/content.tsx';

/** The Flash form's path after the language (docs/adr/0049). */
const FLASH_FORM = 'submit/flash';

/**
 * The members-only pages rendered for a visitor with a session (docs/adr/0048, 0049 for the Flash form), by path
 * after the language, with their route modules: whole without the app, which starts on demand.
 */
const SIGNED_IN_PAGES = new Map<string, string>([
  ['submit/submit-data', 'src/app/routes/submit-data.tsx'],
  [FLASH_FORM, 'src/app/routes/flash.tsx'],
]);

/**
 * Whether the server renders `path` (from `/mmapp/` on) for a visitor with a session (`SIGNED_IN_PAGES`), at its
 * plain address: with a query string (the Flash form's `?outbox=`, an entry of this device's outbox) the browser
 * draws it, as the other pages of such a visitor.
 * @param path the page's path, as for `renderPage`
 * @param query the query string without `?`
 */
export function rendersSignedIn(path: string, query = ''): boolean {
  const { lng, rest } = pathParts(path);
  return lng !== undefined && query === '' && SIGNED_IN_PAGES.has(rest.join('/'));
}

/** How a page is rendered (`serverRenderedPage`). */
interface PageKind {
  contentSlug?: string;
  routeModule?: string;
  hydrate: HydrateWhen;
  signIn?: SignInKind;
  session?: true;
}

/**
 * Pages rendered on the server: the home page, the Markdown content pages (any slug of CONTENT_PAGES;
 * a page not written in the language renders its "not available" page), and the heads of Explore and
 * the gallery; with the route module each needs besides the entry chunk.
 */
function serverRenderedPage(rest: string[]): PageKind | undefined {
  if (rest.length === 0) return { routeModule: HOME_ROUTE_MODULE, hydrate: 'visible' };
  // The sign-in page is whole without the app: its form is held until then (docs/adr/0047).
  const signIn = signInPage(rest);
  if (signIn) return { routeModule: SIGNIN_ROUTE_MODULE, hydrate: 'interaction', signIn };
  const withHead = rest.length === 1 ? PAGES_WITH_HEADS.get(rest[0] ?? '') : undefined;
  if (withHead) return { routeModule: withHead, hydrate: 'now' };
  // A Blitz event's page (`blitz/{id}`): its title and lead, like `blitz` (the event itself waits for hydration).
  if (rest.length === 2 && rest[0] === 'blitz' && /^\d{1,9}$/.test(rest[1] ?? ''))
    return { routeModule: PAGES_WITH_HEADS.get('blitz'), hydrate: 'now' };
  if (rest.length === 2 && rest[0] === 'content') {
    const page = findContentPage(rest[1]);
    return page ? { contentSlug: page.slug, routeModule: CONTENT_ROUTE_MODULE, hydrate: 'interaction' } : undefined;
  }
  return undefined;
}

/**
 * Whether a page, seen by a visitor without a session, is the sign-in page: `users/signin` itself, or a
 * members-only page (spec §2: the app sends such a visitor on to `users/signin?next=…`).
 * @param rest the segments of the path after the language (`['submit', 'flash']`)
 */
function signInPage(rest: string[]): SignInKind | undefined {
  if (rest.length === 2 && rest[0] === 'users' && rest[1] === 'signin') return 'page';
  const matches = matchRoutes(routes, `/en/${rest.join('/')}`) ?? [];
  return matches.some((m) => isValidElement(m.route.element) && m.route.element.type === RequireUser)
    ? 'members-only'
    : undefined;
}

/**
 * Whether the server renders `path` (from `/mmapp/` on) as the sign-in page, and as which: the server keys
 * the members-only pages' one render by this (their paths, `submit/flash/{id}`, are many).
 * @returns the kind, or undefined for any other page
 */
export function signInKind(path: string): SignInKind | undefined {
  const { lng, rest } = pathParts(path);
  return lng ? signInPage(rest) : undefined;
}

/** Explore's first page of observations at its plain address, as the browser asks for it (`getExploreObservations`). */
const EXPLORE_FIRST_PAGE = `${API_BASE}/observations?sort=${DEFAULT_EXPLORE_SORT}&page=1&limit=${OBSERVATION_PAGE_SIZE}`;
/** The gallery's first photos at its plain address (`getGallery`). */
const GALLERY_FIRST_PAGE = `${API_BASE}/photos/gallery?page=1&limit=${GALLERY_PAGE_SIZE}`;
/** Explore's map view with no filter: its map is drawn before the app runs (docs/adr/0042). */
const EXPLORE_MAP_QUERY = 'view=map';
/** The client configuration: the map's tile URL, which the server writes into the map's box. */
const CLIENT_CONFIG = `${API_BASE}/utilities/clientconfig`;
/**
 * The reference data, in the page's language: the gallery's captions name each photo's province; the Flash form's
 * lists (provinces, milkweeds) are drawn from it.
 */
const REFERENCE_DATA = `${API_BASE}/utilities/loadparams`;

/** The segments of a page's path after `/mmapp/{lng}/`, and its language (undefined for none). */
function pathParts(path: string): { lng: Locale | undefined; rest: string[] } {
  const [lngSegment = '', ...rest] = path
    .slice(SUB_PATH.length + 1)
    .split('/')
    .filter((s) => s !== '');
  return { lng: LOCALES.find((l) => l === lngSegment), rest };
}

/**
 * The API answers (GET, from `/api` on) a page is rendered with (docs/adr/0039): Explore's first page of
 * observations and the gallery's first photos (with the reference data, for their provinces' names), the Flash
 * form's reference data (docs/adr/0049; used only when rendered for a session, `rendersSignedIn`), at
 * their plain address only (a query string, filters
 * or another view, is drawn by the browser); Explore's map view at exactly `?view=map`, the client
 * configuration (its tile URL, docs/adr/0042). The server fetches them (from its answer cache) before
 * rendering, and keys its rendered page by their ETags, so that a new observation shows at once.
 * @param path the page's path, as for `renderPage`
 * @param query the query string without `?`
 * @returns the URLs, none for any other page
 */
export function pageApiUrls(path: string, query = ''): string[] {
  const { lng, rest } = pathParts(path);
  if (lng && query === '' && rest.join('/') === FLASH_FORM) return [REFERENCE_DATA];
  if (!lng || rest.length !== 1) return [];
  if (rest[0] === 'explore' && query === EXPLORE_MAP_QUERY) return [CLIENT_CONFIG];
  if (query !== '') return [];
  if (rest[0] === 'explore') return [EXPLORE_FIRST_PAGE];
  if (rest[0] === 'photos') return [GALLERY_FIRST_PAGE, REFERENCE_DATA];
  return [];
}

/**
 * Puts the API's answer to `url` (first page of an infinite query) in the query cache under `key`, as the
 * browser's query would hold it.
 * @returns whether the answer was there
 */
async function prefetchFirstPage(
  queryClient: ReturnType<typeof makeQueryClient>,
  key: readonly unknown[],
  url: string,
  apiData: Record<string, unknown> | undefined,
): Promise<boolean> {
  const answer = apiData?.[url];
  if (answer === undefined) return false;
  await queryClient.prefetchInfiniteQuery({ queryKey: key, queryFn: () => answer, initialPageParam: 1 });
  return true;
}

/**
 * Puts the API's answer to `url` in the query cache under `key`, as the browser's query would hold it.
 * @returns whether the answer was there
 */
function putInCache(
  queryClient: ReturnType<typeof makeQueryClient>,
  key: readonly unknown[],
  url: string,
  apiData: Record<string, unknown> | undefined,
): boolean {
  const answer = apiData?.[url];
  if (answer === undefined) return false;
  queryClient.setQueryData(key, answer);
  return true;
}

/** `<meta …>` and `<link …>` elements that React writes at the start of the markup (React 19 hoistables). */
const LEADING_HEAD_TAGS = /^(?:<(?:meta|link)\b[^>]*\/?>)+/;

/**
 * Renders a public page as the browser's first render would draw it for a visitor who is not signed
 * in (the first screen arrives with the HTML instead of after the JavaScript). The home page,
 * content pages, Explore and the gallery are rendered (`serverRenderedPage`); any other path answers
 * undefined (the server then sends the app's shell as before). The query string only decides whether
 * Explore and the gallery get their first data (`pageApiUrls`, none with one: what depends on it is
 * drawn after hydration), and whether Explore's first screen is its map's (`?view=map`).
 * @returns the page's parts, or undefined when the path is not rendered on the server
 * @throws whatever a component throws while rendering (the server then sends the shell)
 */
export async function renderPage(input: RenderPageInput): Promise<RenderedPage | undefined> {
  const { lng, rest } = pathParts(input.path);
  // For a session, only its pages (`SIGNED_IN_PAGES`), whole without the app: it starts on demand.
  const signedInModule = SIGNED_IN_PAGES.get(rest.join('/'));
  const kind: PageKind | undefined = !input.signedIn
    ? lng && serverRenderedPage(rest)
    : signedInModule && rendersSignedIn(input.path, input.query)
      ? { routeModule: signedInModule, hydrate: 'interaction', session: true }
      : undefined;
  if (!lng || !kind) return undefined;

  const queryClient = makeQueryClient();
  // The Flash form is drawn from the reference data (docs/adr/0049): without it, the browser draws the page.
  const flashForm = kind.session === true && rest.join('/') === FLASH_FORM;
  if (flashForm && !putInCache(queryClient, paramsQueryKey(lng), REFERENCE_DATA, input.apiData)) return undefined;
  if (kind.contentSlug && findContentPage(kind.contentSlug)?.locales.includes(lng))
    await queryClient.prefetchQuery(getContentQueryOptions(kind.contentSlug, lng));
  // Explore and the gallery at their plain address, with their first data: whole without the app, which
  // then starts on demand like a content page's (docs/adr/0039).
  const [dataUrl] = pageApiUrls(input.path, input.query);
  const firstPageKey =
    dataUrl === EXPLORE_FIRST_PAGE
      ? getExploreObservationsQueryOptions({}, 1).queryKey
      : dataUrl === GALLERY_FIRST_PAGE
        ? getGalleryQueryOptions({}).queryKey
        : undefined;
  const withData =
    dataUrl !== undefined &&
    (firstPageKey !== undefined
      ? await prefetchFirstPage(queryClient, firstPageKey, dataUrl, input.apiData)
      : dataUrl === CLIENT_CONFIG &&
        putInCache(queryClient, getClientConfigQueryOptions().queryKey, dataUrl, input.apiData));
  const hydrate: HydrateWhen = withData ? 'interaction' : kind.hydrate;
  if (withData && dataUrl === GALLERY_FIRST_PAGE) {
    // Only the provinces the first photos are in: the whole reference data would weigh on the page.
    const photos = (input.apiData?.[GALLERY_FIRST_PAGE] as GalleryResponse).data;
    const provinces = (input.apiData?.[REFERENCE_DATA] as LoadParams | undefined)?.provinces ?? [];
    queryClient.setQueryData(
      FIRST_PAGE_PROVINCES_KEY,
      provinces.filter((p) => photos.some((photo) => photo.province_id === p.province_id)),
    );
  }

  const handler = createStaticHandler(routes, { basename: SUB_PATH });
  // With its query string: Explore's first screen differs at `?view=map` (`ExploreFirstPage`). The sign-in page
  // is rendered at its own address with a stand-in for its query string (`QUERY_STAND_IN`).
  const address = kind.signIn
    ? `${SUB_PATH}/${lng}/users/signin${QUERY_STAND_IN}`
    : input.query
      ? `${input.path}?${input.query}`
      : input.path;
  const context = await handler.query(new Request(new URL(address, input.origin)));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);

  const page = (serverRender: ServerRender, cache: EmotionCache) => (
    <StrictMode>
      <ServerRenderContext value={serverRender}>
        <CacheProvider value={cache}>
          <I18nextProvider i18n={i18nFor(lng, input.resources)}>
            <AppProviders queryClient={queryClient} smallScreen={input.smallScreen} signedIn={input.signedIn}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </I18nextProvider>
        </CacheProvider>
      </ServerRenderContext>
    </StrictMode>
  );
  // First a render that waits for the code of every lazy part (footer, toasts …), once per process and
  // kind of page in practice (React keeps what `lazy` loaded) …
  const { prelude } = await prerenderToNodeStream(
    page({ origin: input.origin, title: '' }, createCache({ key: 'css' })),
  );
  for await (const _ of prelude);
  // … then the page, whole: no part left for the browser to draw (React would need an inline script,
  // which the CSP forbids, or would report it as an error and draw it again).
  const serverRender: ServerRender = { origin: input.origin, title: '' };
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const markup = renderToString(page(serverRender, cache));
  const title = serverRender.title;
  const headTags = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? '';
  const html = markup.slice(headTags.length);
  return {
    html,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    headTags,
    title,
    queries: dehydrate(queryClient),
    routeModule: kind.routeModule,
    hydrate,
    ...(kind.signIn && { signIn: kind.signIn }),
    ...(kind.session && { session: true }),
  };
}
