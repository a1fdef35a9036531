import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, submitFlash, type TestContext } from './helpers';

// The home page and the content pages come rendered from the server when the web app's server
// build (apps/web/dist-ssr/render-page.js) sits beside its build. The web build and its server build are
// made by `npm run build` (after these tests): here a small module with the same interface stands in for
// the server build, and apps/web/src/ssr/render-page.test.tsx and e2e/tests/server-rendered-pages.spec.ts
// test the real one.

const INDEX = `<!doctype html>
<html lang="en">
  <head><title>Mission Monarch</title></head>
  <body>
    <div id="root">
      <div class="mm-boot">Mission Monarch</div>
    </div>
  </body>
</html>
`;

/**
 * `renderPage` and `pageApiUrls` as apps/web/src/ssr/render-page.tsx exports them: pages it renders, pages
 * it leaves, one that fails, and one rendered with an API answer (`/photos` stands in for Explore and the gallery).
 */
const RENDER_PAGE = `
export function pageApiUrls(path, query) {
  return path.endsWith('/photos') && query === '' ? ['/api/observations?sort=observed&page=1&limit=50'] : [];
}
export function rendersSignedIn(path, query) {
  return path.endsWith('/submit/sites') && query === '';
}
export function signInKind(path) {
  if (path.endsWith('/users/signin')) return 'page';
  return path.includes('/submit/') ? 'members-only' : undefined;
}
export async function renderPage({ path, origin, smallScreen, resources, query, apiData, signedIn }) {
  if (path.endsWith('/explore')) return undefined;
  if (signedIn) {
    if (!rendersSignedIn(path, query)) throw new Error('rendered for a session: ' + path);
    return {
      html: '<main><h1>My sites</h1><a href="/mmapp/en/users/myprofile">My profile</a></main>',
      styles: '', headTags: '', title: 'My sites', queries: { mutations: [], queries: [] },
      routeModule: 'src/app/routes/flash.tsx', hydrate: 'interaction', session: true,
    };
  }
  const signIn = signInKind(path);
  if (signIn) {
    globalThis.signInRenders = (globalThis.signInRenders ?? 0) + 1;
    const lng = path.split('/')[2];
    return {
      html: '<main><h1>Sign in</h1><a href="/mmapp/' + lng + '/users/signin?mm-query-stand-in">' + lng + '</a></main>',
      styles: '', headTags: '', title: 'Sign in · Mission Monarch', queries: { mutations: [], queries: [] },
      routeModule: 'src/app/routes/signin.tsx', hydrate: 'interaction', signIn,
    };
  }
  if (path.endsWith('/photos')) {
    const answer = apiData?.['/api/observations?sort=observed&page=1&limit=50'];
    return {
      html: '<main>' + (answer ? answer.paginator.total + ' observations' : 'no data') + ' · ' + query + '</main>',
      styles: '', headTags: '', title: 'Photos', queries: { mutations: [], queries: [] },
      hydrate: answer ? 'interaction' : 'now',
    };
  }
  if (path.endsWith('/broken')) throw new Error('a component failed');
  const lng = path.split('/')[2];
  return {
    html: '<main><h1>' + resources[lng].common.app.name + ' · ' + path + '</h1><p>' + (smallScreen ? 'phone' : 'desktop') + '</p></main>',
    styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    headTags: '<meta name="description" content="About monarchs"/><link rel="alternate" hrefLang="fr" href="' + origin + '/mmapp/fr"/>',
    title: 'Biologie <du> monarque · Mission Monarch',
    queries: { mutations: [], queries: [{ queryKey: ['content', 'x', lng], state: { data: '# </script> x' } }] },
    routeModule: path.includes('/content/') ? 'src/app/routes/content.tsx' : undefined,
    hydrate: path.endsWith('/faq') ? 'interaction' : undefined,
  };
}
`;

/**
 * The client build's manifest: the entry, a chunk it shares, the content route with its own chunk, and the
 * Flash form's route (a signed-in page the browser draws) with one.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime-R.js'] },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  'src/app/routes/content.tsx': {
    file: 'assets/content-C.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js', 'index.html', '_markdown-M.js'],
  },
  '_markdown-M.js': { file: 'assets/markdown-M.js', imports: ['_runtime-R.js'] },
  'src/app/routes/flash.tsx': {
    file: 'assets/flash-F.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js', 'index.html', '_form-H.js'],
  },
  '_form-H.js': { file: 'assets/form-H.js', imports: ['_runtime-R.js'] },
};

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let ctx: TestContext;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-ssr-'));
  await mkdir(path.join(dir, 'dist'), { recursive: true });
  await mkdir(path.join(dir, 'dist-ssr'), { recursive: true });
  await writeFile(path.join(dir, 'dist', 'index.html'), INDEX);
  await mkdir(path.join(dir, 'dist', '.vite'), { recursive: true });
  await writeFile(path.join(dir, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dir, 'dist-ssr', 'render-page.js'), RENDER_PAGE);
  ctx = await buildTestApp({ PUBLIC_URL: 'https://monarch.example.org/' }, undefined, {
    webDist: path.join(dir, 'dist'),
  });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('server-rendered pages', () => {
  it('writes the rendered page into index.html: markup, title, CSS, head tags and its data', async () => {
    const res = await get('/mmapp/fr/content/monarchs-biology', { 'user-agent': PHONE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(
      '<div id="root" data-ssr=""><main><h1>Mission Monarch · /mmapp/fr/content/monarchs-biology</h1><p>phone</p></main></div>',
    );
    expect(res.body).not.toContain('mm-boot');
    expect(res.body).toContain('<title>Biologie &lt;du&gt; monarque · Mission Monarch</title>');
    expect(res.body).toContain('<meta data-ssr-head="" name="description" content="About monarchs"/>');
    expect(res.body).toContain('href="https://monarch.example.org/mmapp/fr"');
    expect(res.body).toContain('<style data-emotion="css abc">');
    expect(res.body).toContain('<html lang="fr"');
    // The data block is JSON that cannot close its <script> element.
    const state = /<script type="application\/json" id="mm-ssr">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toMatchObject({
      smallScreen: true,
      queries: { queries: [{ state: { data: '# </script> x' } }] },
    });
    // The page's markup comes first, its data (page state, translations) after it, so that the browser
    // paints the page before it parses 50 KB of JSON.
    const at = (text: string) => res.body.indexOf(text);
    expect(at('<h1>Mission Monarch')).toBeLessThan(at('id="mm-ssr"'));
    expect(at('id="mm-ssr"')).toBeLessThan(at('id="mm-i18n"'));
    expect(at('</head>')).toBeLessThan(at('<h1>Mission Monarch'));
    expect(at('id="mm-i18n"')).toBeLessThan(at('</body>'));
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    // The route's code, announced in the HTML; not what index.html loads already.
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/mmapp/assets/content-C.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/mmapp/assets/markdown-M.js">',
    );
    expect(res.body).not.toContain('href="/mmapp/assets/runtime-R.js"');
    expect(res.body).not.toContain('href="/mmapp/assets/index-A.js"');
  });

  it('marks a page whose app starts on demand, and announces none of its code (docs/adr/0033)', async () => {
    const res = await get('/mmapp/en/content/faq');
    expect(res.body).toContain('<div id="root" data-ssr="" data-hydrate="interaction"><main><h1>');
    expect(res.body).not.toContain('modulepreload');
  });

  it('renders for a desktop when the browser is not a phone, and revalidates with its ETag', async () => {
    const res = await get('/mmapp/en/');
    expect(res.body).toContain('<p>desktop</p>');
    // Home is in the entry chunk: nothing more to announce.
    expect(res.body).not.toContain('modulepreload');
    const etag = String(res.headers.etag);
    expect((await get('/mmapp/en/', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/mmapp/en/', { 'user-agent': PHONE })).headers.etag).not.toBe(etag);
    // Extra slashes and a query string name the same page.
    expect((await get('/mmapp//en?utm_source=x')).headers.etag).toBe(etag);
  });

  it("renders a page with the API's answers it names, again as soon as they change (docs/adr/0039)", async () => {
    const first = await get('/mmapp/en/photos');
    const before = /<main>(\d+) observations/.exec(first.body)?.[1];
    expect(before).toBeDefined();
    expect(first.body).toContain('data-hydrate="interaction"');
    // The same answer: the same page.
    expect((await get('/mmapp/en/photos')).headers.etag).toBe(first.headers.etag);
    const volunteer = await signUp(ctx.app);
    await submitFlash(ctx.app, volunteer.token, {
      checklist_date: '2026-07-14',
      locality: 'Parc La Fontaine',
      province_id: 11,
      latitude: 45.5267,
      longitude: -73.5696,
      adults: 2,
    });
    const after = await get('/mmapp/en/photos');
    expect(after.body).toContain(`<main>${Number(before) + 1} observations`);
    // With a query string the page is rendered without the data (the browser draws it).
    const filtered = await get('/mmapp/en/photos?view=map');
    expect(filtered.body).toContain('<main>no data · view=map</main>');
    expect(filtered.body).not.toContain('data-hydrate="interaction"');
  });

  it('sends the app shell to a signed-in volunteer (mm_user cookie)', async () => {
    const res = await get('/mmapp/en/', { cookie: 'mm_lang=en; mm_user=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('mm-boot');
    expect(res.body).not.toContain('data-ssr');
  });

  it('sends the app shell for pages the browser draws, and when a render fails', async () => {
    for (const url of ['/mmapp/en/explore', '/mmapp/en/broken']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('mm-boot');
      expect(res.body, url).not.toContain('data-ssr');
    }
  });

  it("sends a form page's shell with its code announced to a signed-in volunteer (docs/adr/0040)", async () => {
    const preloads =
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/mmapp/assets/flash-F.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/mmapp/assets/form-H.js"></head>';
    const first = await get('/mmapp/fr/submit/flash', { cookie: 'mm_lang=fr; mm_user=1' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('mm-boot');
    expect(first.body).not.toContain('data-ssr');
    expect(first.body).toContain(preloads);
    expect(first.body).not.toContain('href="/mmapp/assets/runtime-R.js"');
    const slash = await get('/mmapp/fr/submit/flash/', { cookie: 'mm_user=1' });
    expect(slash.body).toBe(first.body);
    const again = await get('/mmapp/fr/submit/flash', {
      cookie: 'mm_user=1',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // A form page the manifest does not list (the submit page here) gets the shell alone.
    const submit = await get('/mmapp/fr/submit/submit-data', { cookie: 'mm_user=1' });
    expect(submit.body).toContain('mm-boot');
    expect(submit.body).not.toContain('modulepreload');
  });

  it('renders the sign-in page with the query string of each request (docs/adr/0047)', async () => {
    const res = await get('/mmapp/fr/users/signin?next=%2Ffr%2Fsubmit%2Fflash&x="<b>');
    expect(res.body).toContain('<div id="root" data-ssr="" data-hydrate="interaction" data-sign-in=""><main>');
    expect(res.body).toContain('href="/mmapp/fr/users/signin?next=%2Ffr%2Fsubmit%2Fflash&amp;x=%22%3Cb%3E"');
    expect(res.body).not.toContain('mm-query-stand-in');
    // The app starts on demand: none of its code is announced.
    expect(res.body).not.toContain('modulepreload');
    const plain = await get('/mmapp/fr/users/signin');
    expect(plain.body).toContain('href="/mmapp/fr/users/signin">fr</a>');
    expect(plain.headers.etag).not.toBe(res.headers.etag);
    expect((await get('/mmapp/fr/users/signin', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
    // Signed in: the app draws it.
    expect((await get('/mmapp/fr/users/signin', { cookie: 'mm_user=1' })).body).toContain('mm-boot');
  });

  it('renders the pages the web app renders for a session to a visitor with the mm_user cookie (docs/adr/0048)', async () => {
    const res = await get('/mmapp/en/submit/sites', { cookie: 'mm_lang=en; mm_user=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-ssr="" data-hydrate="interaction" data-session=""><main><h1>My sites</h1>',
    );
    expect(res.body).not.toContain('mm-boot');
    // The app starts on demand: none of its code is announced; not the sign-in page's address either.
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('data-address');
    const again = await get('/mmapp/en/submit/sites', {
      cookie: 'mm_user=1',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // Without the cookie it is still the sign-in page.
    const signedOut = await get('/mmapp/en/submit/sites');
    expect(signedOut.body).toContain('data-sign-in=""');
    expect(signedOut.body).not.toContain('data-session');
    // The session's other pages stay the browser's, and so does such a page with a query string (docs/adr/0049).
    expect((await get('/mmapp/en/submit/mission', { cookie: 'mm_user=1' })).body).toContain('mm-boot');
    expect((await get('/mmapp/en/submit/sites?outbox=x', { cookie: 'mm_user=1' })).body).toContain('mm-boot');
  });

  it('shows a visitor without a session the sign-in page on a members-only page, with the way back (spec §2)', async () => {
    const renders = () => (globalThis as { signInRenders?: number }).signInRenders ?? 0;
    const res = await get('/mmapp/en/submit/flash?site=3');
    expect(res.statusCode).toBe(200);
    const next = 'next=%2Fen%2Fsubmit%2Fflash%3Fsite%3D3';
    expect(res.body).toContain(
      `<div id="root" data-ssr="" data-hydrate="interaction" data-sign-in="" data-address="/mmapp/en/users/signin?${next}"><main><h1>Sign in</h1>`,
    );
    expect(res.body).toContain(`href="/mmapp/en/users/signin?${next}"`);
    // Its form page's code is not announced: the visitor signs in first.
    expect(res.body).not.toContain('modulepreload');
    // One render for every members-only page of a language.
    const before = renders();
    const mission = await get('/mmapp/en/submit/mission');
    expect(mission.body).toContain('data-address="/mmapp/en/users/signin?next=%2Fen%2Fsubmit%2Fmission"');
    await get('/mmapp/en/submit/flash/42/edit');
    expect(renders()).toBe(before);
  });
});
