// @vitest-environment node
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@mm/shared';
import { QUERY_STAND_IN, pageApiUrls, renderPage, rendersSignedIn, signInKind } from './render-page';

// The service worker plugin's module (vite-plugin-pwa) exists only in builds; the server build has it
// disabled, as here: no registration.
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [false, () => undefined],
    offlineReady: [false, () => undefined],
    updateServiceWorker: () => Promise.resolve(),
  }),
}));

const localesDir = path.resolve(import.meta.dirname, '../../../../packages/shared/locales');
/** The web app's translations, as the server hands them to the render (`webResources`). */
const resources = Object.fromEntries(
  LOCALES.map((lng) => [
    lng,
    Object.fromEntries(
      readdirSync(path.join(localesDir, lng)).map((f) => [
        f.replace(/\.json$/, ''),
        JSON.parse(readFileSync(path.join(localesDir, lng, f), 'utf8')) as Record<string, unknown>,
      ]),
    ),
  ]),
);

const render = (pagePath: string, smallScreen = true) =>
  renderPage({ path: pagePath, origin: 'https://monarch.example.org', smallScreen, resources });

describe('renderPage (public pages rendered on the server)', () => {
  it('renders the home page whole, with its title, description, alternates and CSS, and no script', async () => {
    const page = await render('/mmapp/fr/');
    expect(page).toBeDefined();
    if (!page) return;
    expect(page.html).toContain('Comptez les monarques, protégez leurs asclépiades');
    expect(page.title).toBe('Mission Monarch');
    expect(page.headTags).toContain('<meta name="description"');
    expect(page.headTags).toContain('href="https://monarch.example.org/mmapp/es"');
    expect(page.styles).toMatch(/<style data-emotion="css [^"]+">/);
    // Nothing left for the browser to draw or to run: no pending or client-rendered boundary, no script.
    expect(page.html).not.toMatch(/<!--\$[?!]-->|<script/);
    // The live figures are drawn once the page has hydrated: their placeholders, not their values.
    expect(page.html).toContain('mm-placeholder');
  });

  it('renders a content page with its Markdown and hands the browser the data it used', async () => {
    const page = await render('/mmapp/en/content/monarchs-biology', false);
    expect(page?.html).toContain('<h1');
    expect(page?.html).toContain('Monarch biology');
    expect(page?.title).toBe('Monarch biology · Mission Monarch');
    const queries = page?.queries as unknown as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const content = queries.queries.find((q) => q.queryKey[0] === 'content');
    expect(content?.queryKey).toEqual(['content', 'monarchs-biology', 'en']);
    expect(String(content?.state.data)).toMatch(/^# Monarch biology/);
  });

  it('writes both headers, each shown by a CSS media query, whatever screen size the User-Agent suggests', async () => {
    for (const smallScreen of [true, false]) {
      const page = await render('/mmapp/en/content/faq', smallScreen);
      // The phone's header (menu button) and the wide one (parent site link, language links) …
      expect(page?.html).toContain('aria-label="Open the menu"');
      expect(page?.html).toContain('data-language-link');
      expect(page?.html.match(/<header/g)).toHaveLength(2);
      // … the wide one hidden below the breakpoint and the phone's above it, without JavaScript.
      expect(page?.styles).toMatch(/@media \(min-width:768px\)\{\.css-[\w-]+\{display:none;\}\}/);
      expect(page?.styles).toMatch(/@media \(min-width:768px\)\{\.css-[\w-]+\{display:contents;\}\}/);
    }
  });

  it('renders the title and lead of Explore and the gallery, and leaves their filters and data to the browser', async () => {
    const explore = await render('/mmapp/es/explore');
    expect(explore?.html).toContain('<h1');
    expect(explore?.html).toContain('role="progressbar"');
    expect(explore?.title).toMatch(/ · Misión Monarca$/);
    const photos = await render('/mmapp/en/photos');
    expect(photos?.html).toContain('Photo gallery');
    expect(photos?.html).not.toContain('<input');
  });

  it('renders the first page of Explore and of the gallery at their plain address, with the data it is given', async () => {
    const row = {
      observation_id: 901,
      checklist_id: 77,
      lifestage_id: 1,
      numbers: 3,
      locality: 'Jardin botanique de Montréal',
      checklist_date: '2026-07-14',
      username: 'marie.tremblay',
      observationstatus_id: 2,
      photo: [],
    };
    const photo = {
      id: 5,
      small: '/attachments/observations/a-small.jpg',
      large: '/attachments/observations/a-large.jpg',
      width: 1600,
      height: 1200,
      lifestage_id: 1,
      checklist_date: '2026-07-14',
      locality: 'Parc La Fontaine',
      province_id: 11,
      username: 'marie.tremblay',
      license: 'CC-BY',
    };
    const paginator = (total: number) => ({ total, current: 1, totalpage: 2, hasNext: true, hasPre: false });
    const [exploreUrl] = pageApiUrls('/mmapp/en/explore');
    const [photosUrl] = pageApiUrls('/mmapp/en/photos');
    expect(exploreUrl).toBe('/api/observations?sort=observed&page=1&limit=50');
    expect(photosUrl).toBe('/api/photos/gallery?page=1&limit=24');
    expect(pageApiUrls('/mmapp/en/photos')[1]).toBe('/api/utilities/loadparams');
    // With a query string (filters, another view) the browser draws the page: no data asked for; but at
    // exactly `?view=map` the map is drawn before the app, with the client configuration's tiles (ADR 0042).
    expect(pageApiUrls('/mmapp/en/explore', 'view=grid')).toEqual([]);
    expect(pageApiUrls('/mmapp/en/explore', 'view=map&username=marie')).toEqual([]);
    expect(pageApiUrls('/mmapp/en/explore', 'view=map')).toEqual(['/api/utilities/clientconfig']);
    expect(pageApiUrls('/mmapp/en/content/faq')).toEqual([]);

    const apiData = {
      [exploreUrl ?? '']: { data: [row], paginator: paginator(51) },
      [photosUrl ?? '']: { data: [photo], paginator: paginator(25) },
      '/api/utilities/clientconfig': { map_tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png', version: '3' },
      '/api/utilities/loadparams': {
        provinces: [
          { province_id: 11, province: 'Québec' },
          { province_id: 12, province: 'Ontario' },
        ],
      },
    };
    const withData = (p: string, query = '') =>
      renderPage({ path: p, origin: 'https://monarch.example.org', smallScreen: true, resources, query, apiData });
    const explore = await withData('/mmapp/en/explore');
    expect(explore?.html).toContain('Jardin botanique de Montréal');
    expect(explore?.html).toContain('href="/mmapp/en/checklists/view?id=77"');
    expect(explore?.html).toContain('href="?view=map"');
    expect(explore?.html).toContain('href="?page=2"');
    expect(explore?.html).toContain('data-replay="explore-filters"');
    expect(explore?.html).not.toContain('role="progressbar"');
    // The app starts when the page is used, with the data in its query cache under Explore's own key.
    expect(explore?.hydrate).toBe('interaction');
    const exploreQueries = explore?.queries as unknown as { queries: { queryKey: unknown[] }[] };
    expect(exploreQueries.queries.map((q) => q.queryKey)).toContainEqual([
      'observations',
      'explore',
      {},
      'observed',
      1,
    ]);

    const photos = await withData('/mmapp/en/photos');
    expect(photos?.html).toContain('a-small.jpg');
    // Captioned with the province's name; only the provinces of the photos shown go to the browser.
    expect(photos?.html).toContain('Parc La Fontaine, Québec');
    expect(JSON.stringify(photos?.queries)).not.toContain('Ontario');
    expect(photos?.html).toContain('data-replay="photo-5"');
    expect(photos?.hydrate).toBe('interaction');

    // Another view or filters: the head only, the app at once (as without data).
    const grid = await withData('/mmapp/en/explore', 'view=grid');
    expect(grid?.html).not.toContain('Jardin botanique');
    expect(grid?.html).toContain('role="progressbar"');
    expect(grid?.hydrate).toBe('now');

    // The map view: its box for the map drawn before the app (tiles, labels), the views as links, and
    // what a browser without JavaScript shows instead; the app starts when the page is used.
    const map = await withData('/mmapp/fr/explore', 'view=map');
    expect(map?.hydrate).toBe('interaction');
    expect(map?.html).toContain('data-map-island=""');
    expect(map?.html).toContain('data-island=""');
    expect(map?.html).toContain('data-tile-url="https://tiles.example.org/{z}/{x}/{y}.png"');
    expect(map?.html).toContain('observations : zoomer');
    expect(map?.html).toContain('href="?view=grid"');
    expect(map?.html).toContain('aria-current="page"');
    expect(map?.html).toMatch(/<noscript><p [^>]*>La carte a besoin de JavaScript/);
    expect(map?.html).not.toContain('role="progressbar"');
    const mapQueries = map?.queries as unknown as { queries: { queryKey: unknown[] }[] };
    expect(mapQueries.queries.map((q) => q.queryKey)).toEqual([['clientconfig']]);
  });

  it('renders the sign-in page whole, at its address and on the members-only pages, its query string left to the server', async () => {
    for (const p of ['/mmapp/fr/users/signin', '/mmapp/fr/submit/flash', '/mmapp/fr/submit/flash/12/edit']) {
      const page = await render(p);
      expect(page?.title, p).toBe('Connexion · Mission Monarch');
      expect(page?.html, p).toContain('<h1');
      // The form the app hydrates: its fields with their names and autocomplete, "Sign in", the links.
      expect(page?.html, p).toMatch(/<form[^>]*aria-label="Connexion"/);
      expect(page?.html, p).toMatch(/<input[^>]*autoComplete="username"[^>]*name="username"/);
      expect(page?.html, p).toMatch(
        /<input[^>]*autoComplete="current-password"[^>]*type="password"[^>]*name="password"/,
      );
      expect(page?.html, p).toContain('href="/mmapp/fr/users/forgotpassword"');
      expect(page?.html, p).toContain('href="/mmapp/fr/users/signup"');
      // The language links keep the address's query string (the way back after sign-in): the server writes it in.
      expect(page?.html, p).toContain(`href="/mmapp/en/users/signin${QUERY_STAND_IN}"`);
      expect(page?.html, p).not.toMatch(/<!--\$[?!]-->|<script/);
      expect(page?.hydrate, p).toBe('interaction');
      expect(page?.routeModule, p).toBe('src/app/routes/signin.tsx');
    }
    expect(signInKind('/mmapp/fr/users/signin')).toBe('page');
    for (const p of ['/mmapp/en/submit/flash', '/mmapp/es/submit/mission', '/mmapp/en/users/myprofile'])
      expect(signInKind(p), p).toBe('members-only');
    for (const p of ['/mmapp/en/', '/mmapp/en/users/signup', '/mmapp/en/explore', '/mmapp/xx/submit/flash'])
      expect(signInKind(p), p).toBeUndefined();
  });

  it('renders Submit data for a session as a signed-in volunteer sees it, its due notice hidden (docs/adr/0048)', async () => {
    const signedIn = (p: string) =>
      renderPage({ path: p, origin: 'https://monarch.example.org', smallScreen: true, resources, signedIn: true });
    const page = await signedIn('/mmapp/fr/submit/submit-data');
    expect(page?.title).toBe('Soumettre des données · Mission Monarch');
    expect(page?.session).toBe(true);
    expect(page?.signIn).toBeUndefined();
    expect(page?.hydrate).toBe('interaction');
    expect(page?.routeModule).toBe('src/app/routes/submit-data.tsx');
    const html = page?.html ?? '';
    // Its links, plain links that work before the app.
    for (const href of [
      'submit/flash',
      'submit/flash-submissions',
      'submit/mission',
      'submit/missions',
      'submit/sites',
    ])
      expect(html, href).toContain(`href="/mmapp/fr/${href}"`);
    // The header as signed in, without a name or a role the server cannot know.
    expect(html).toContain('href="/mmapp/fr/users/myprofile"');
    expect(html).not.toContain('href="/mmapp/fr/users/signin"');
    expect(html).not.toContain('/mmadmin/');
    // The due notice, hidden, with its text's templates by plural form, for the step before the app.
    expect(html).toMatch(/<div[^>]*hidden=""[^>]*data-due-notice=""/);
    expect(html).toContain('data-one="{{count, number}} de vos sites attend une visite cette semaine."');
    expect(html).toContain('data-other="{{count, number}} de vos sites attendent une visite cette semaine."');
    expect(html).toContain('<span data-due-text=""></span>');
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
    // Only the pages of a session it renders; signed out, the same address is the sign-in page.
    expect(await signedIn('/mmapp/fr/submit/flash-submissions')).toBeUndefined();
    expect(await signedIn('/mmapp/fr/')).toBeUndefined();
    expect((await render('/mmapp/fr/submit/submit-data'))?.signIn).toBe('members-only');
    expect(rendersSignedIn('/mmapp/es/submit/submit-data')).toBe(true);
    expect(rendersSignedIn('/mmapp/es/submit/flash-submissions')).toBe(false);
    expect(rendersSignedIn('/mmapp/xx/submit/submit-data')).toBe(false);
  });

  it('renders the Flash form for a session with its reference data, the date left to the device (docs/adr/0049)', async () => {
    const reference = {
      countries: [{ id: 1, country: 'Canada' }],
      provinces: [{ province_id: 24, province: 'Québec', country_id: 1, administrative: 'QC' }],
      milkweeds: [
        {
          milkweed_id: 3,
          latin_name: 'Asclepias syriaca',
          english_name: 'Common milkweed',
          french_name: 'Asclépiade commune',
          spanish_name: null,
        },
      ],
    };
    const flash = (p: string, query = '', apiData?: Record<string, unknown>) =>
      renderPage({
        path: p,
        query,
        origin: 'https://monarch.example.org',
        smallScreen: true,
        resources,
        apiData,
        signedIn: true,
      });
    expect(pageApiUrls('/mmapp/fr/submit/flash')).toEqual(['/api/utilities/loadparams']);
    expect(pageApiUrls('/mmapp/fr/submit/flash', 'outbox=x')).toEqual([]);
    const page = await flash('/mmapp/fr/submit/flash', '', { '/api/utilities/loadparams': reference });
    expect(page?.title).toBe('Données Flash · Mission Monarch');
    expect(page?.session).toBe(true);
    expect(page?.hydrate).toBe('interaction');
    expect(page?.routeModule).toBe('src/app/routes/flash.tsx');
    const html = page?.html ?? '';
    expect(html).toContain('aria-label="Données Flash"');
    // Typed fields with what they show at first in the markup (the form reads them from there).
    expect(html).toMatch(/<input[^>]*name="locality"/);
    expect(html).toMatch(/<input[^>]*name="adults"[^>]*value="0"|<input[^>]*value="0"[^>]*name="adults"/);
    // The date without a value or a limit: the device's day is written before the app, not the server's.
    const date = /<input[^>]*name="checklist_date"[^>]*>/.exec(html)?.[0] ?? '';
    expect(date).toContain('data-device-today=""');
    expect(date).not.toMatch(/ (value|max)=/);
    // The photo button names its input, whose chooser it opens before the app; the map's box and hint, no map.
    expect(html).toMatch(/<button[^>]*data-opens-file="photos-1"/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*id="photos-1"|<input[^>]*id="photos-1"[^>]*type="file"/);
    expect(html).toContain('Cliquez sur la carte ou faites glisser le marqueur pour indiquer l&#x27;emplacement.');
    expect(html).not.toContain('leaflet');
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
    // The reference data goes to the browser under its query's key in the page's language.
    expect(page?.queries.queries.find((q) => q.queryKey[0] === 'params')?.queryKey).toEqual(['params', 'fr']);
    // Without the reference data, or with a query string (an entry of the outbox), the browser draws it.
    expect(await flash('/mmapp/fr/submit/flash')).toBeUndefined();
    expect(
      await flash('/mmapp/fr/submit/flash', 'outbox=x', { '/api/utilities/loadparams': reference }),
    ).toBeUndefined();
    expect(rendersSignedIn('/mmapp/es/submit/flash')).toBe(true);
    expect(rendersSignedIn('/mmapp/es/submit/flash', 'outbox=x')).toBe(false);
  });

  it('leaves every other page to the browser', async () => {
    for (const p of [
      '/mmapp/en/users/signup',
      '/mmapp/xx/',
      '/mmapp/xx/submit/flash',
      '/mmapp/en/content/contact-us',
      '/mmapp/en/constructor',
    ])
      expect(await render(p), p).toBeUndefined();
  });

  it('names the route module of each page, a source file the client build lists in its manifest, and when the app starts', async () => {
    const webRoot = path.resolve(import.meta.dirname, '../..');
    const pages = await Promise.all(
      ['/mmapp/en/', '/mmapp/en/explore', '/mmapp/fr/photos', '/mmapp/en/content/faq'].map((p) => render(p)),
    );
    const modules = pages.map((page) => page?.routeModule);
    // Every page is a lazy route of router.tsx.
    expect(modules).toEqual([
      'src/app/routes/home.tsx',
      'src/app/routes/explore.tsx',
      'src/app/routes/photos.tsx',
      'src/app/routes/content.tsx',
    ]);
    // When the browser starts the app (docs/adr/0033): the home page when its live parts come into view,
    // Explore and the gallery at once without their data (0039), a content page once used.
    expect(pages.map((page) => page?.hydrate)).toEqual(['visible', 'now', 'now', 'interaction']);
    const router = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
    for (const m of modules.filter((x) => x !== undefined)) {
      expect(existsSync(path.join(webRoot, m)), m).toBe(true);
      expect(router, m).toContain(`import('./${m.replace('src/app/', '').replace(/\.tsx$/, '')}')`);
    }
  });
});
