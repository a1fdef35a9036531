import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@mm/shared';
import { pageViews } from '../src/db/schema';
import { topPages } from '../src/modules/pageviews/pageviews.service';
import { buildTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PAGEVIEW_RATE_LIMIT: '10000' });
});
afterAll(() => ctx.close());
// Each test works under its own path prefix so counts never mix with other test files.
let prefix: string;
beforeEach(() => {
  prefix = `/mmapp/en/test-${Math.random().toString(36).slice(2, 10)}`;
});

const view = (app: TestContext['app'], path: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/utilities/pageview', payload: { path }, headers, remoteAddress });

async function countOf(path: string): Promise<number> {
  const rows = await ctx.db.select({ views: pageViews.views }).from(pageViews).where(eq(pageViews.path, path));
  return rows.reduce((n, r) => n + r.views, 0);
}

/** A local HTTP server standing in for Plausible or Matomo; records each request. */
async function stubAnalytics(status = 202) {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('POST /api/utilities/pageview', () => {
  it('counts each view of a path and query for today (UTC), without setting a cookie', async () => {
    const path = `${prefix}/explore?view=list&page=2`;
    for (let i = 0; i < 3; i++) {
      const res = await view(ctx.app, path);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    await view(ctx.app, `${prefix}/explore?view=grid`);
    const rows = await ctx.db
      .select({
        day: pageViews.day,
        views: pageViews.views,
        today: sql<string>`((now() at time zone 'UTC')::date)::text`,
      })
      .from(pageViews)
      .where(eq(pageViews.path, path));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.views).toBe(3);
    expect(rows[0]!.day).toBe(rows[0]!.today);
    expect(await countOf(`${prefix}/explore?view=grid`)).toBe(1);
  });

  it('stores only day, path and count: no column can hold an IP, user or agent', async () => {
    const cols = await ctx.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'page_views' order by column_name`,
    );
    expect(cols.rows.map((r) => r.column_name)).toEqual(['day', 'path', 'views']);
  });

  it.each([
    ['a missing path', undefined, 'Page address is required.'],
    ['a path outside the web app', '/api/users/signin', 'Page address is not valid.'],
    ['an absolute URL', 'https://example.org/mmapp/en', 'Page address is not valid.'],
    ['a path with a fragment', '/mmapp/en/faq#q1', 'Page address is not valid.'],
    ['a path over 512 characters', `/mmapp/en/${'x'.repeat(503)}`, 'Maximum allowed characters are 512'],
  ])('answers 400 with a translated field message for %s', async (_name, path, message) => {
    const res = await view(ctx.app, path);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.path).toContain(message);
  });

  it('translates the field message in the request language', async () => {
    const res = await view(ctx.app, '/elsewhere', { Language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.path).toMatch(/^L'adresse de la page/);
  });

  it('accepts exactly 512 characters and writes nothing for a refused path', async () => {
    const long = `${prefix}/${'y'.repeat(512 - prefix.length - 1)}`;
    expect(long).toHaveLength(512);
    expect((await view(ctx.app, long)).statusCode).toBe(204);
    expect(await countOf(long)).toBe(1);
    expect((await view(ctx.app, `${long}z`)).statusCode).toBe(400);
    expect(await countOf(`${long}z`)).toBe(0);
  });

  it('limits views per IP (PAGEVIEW_RATE_LIMIT per PAGEVIEW_RATE_WINDOW_MS) with a translated 429', async () => {
    const limited = await buildTestApp({ PAGEVIEW_RATE_LIMIT: '3', PAGEVIEW_RATE_WINDOW_MS: '60000' });
    try {
      const path = `${prefix}/limited`;
      // Counters live in PostgreSQL, shared with the other tests of this run: an address of its own.
      const ip = `10.40.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await view(limited.app, path, { Language: 'fr' }, ip)).statusCode);
      expect(codes).toEqual([204, 204, 204, 429, 429]);
      expect(await countOf(path)).toBe(3);
      const res = await view(limited.app, path, { Language: 'fr' }, ip);
      expect(res.json<ApiError>().message).toMatch(/tentatives|requêtes|trop/i);
    } finally {
      await limited.close();
    }
  });
});

describe('topPages', () => {
  it('sums views per path over the last days (today included), most viewed first, at most limit rows', async () => {
    const today = sql`(now() at time zone 'UTC')::date`;
    await ctx.db.insert(pageViews).values([
      { day: sql`${today}`, path: `${prefix}/a`, views: 50_000 },
      { day: sql`${today} - 1`, path: `${prefix}/a`, views: 10_000 },
      { day: sql`${today}`, path: `${prefix}/b`, views: 55_000 },
      { day: sql`${today} - 6`, path: `${prefix}/c`, views: 70_000 },
      { day: sql`${today} - 7`, path: `${prefix}/c`, views: 900_000 },
      { day: sql`${today} - 30`, path: `${prefix}/d`, views: 990_000 },
    ] as never);
    const mine = (rows: { path: string; views: number }[]) => rows.filter((r) => r.path.startsWith(prefix));
    expect(mine(await topPages(ctx.db, { days: 7, limit: 3 }))).toEqual([
      { path: `${prefix}/c`, views: 70_000 },
      { path: `${prefix}/a`, views: 60_000 },
      { path: `${prefix}/b`, views: 55_000 },
    ]);
    expect(mine(await topPages(ctx.db, { days: 1, limit: 2 }))).toEqual([
      { path: `${prefix}/b`, views: 55_000 },
      { path: `${prefix}/a`, views: 50_000 },
    ]);
    expect(mine(await topPages(ctx.db, { days: 31, limit: 2 }))).toEqual([
      { path: `${prefix}/d`, views: 990_000 },
      { path: `${prefix}/c`, views: 970_000 },
    ]);
  });

  it('rejects a period or length out of range', async () => {
    await expect(topPages(ctx.db, { days: 0, limit: 10 })).rejects.toThrow(RangeError);
    await expect(topPages(ctx.db, { days: 7, limit: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe('forwarding to an analytics service', () => {
  it('posts each view to Plausible as {name, url, domain} with the browser agent', async () => {
    const stub = await stubAnalytics();
    const app = await buildTestApp({
      PLAUSIBLE_URL: `${stub.url}/`,
      PLAUSIBLE_DOMAIN: 'monarch.example.org',
      PUBLIC_URL: 'https://monarch.example.org',
    });
    try {
      const res = await view(app.app, `${prefix}/explore?view=map`, { 'User-Agent': 'Mozilla/5.0 test' });
      expect(res.statusCode).toBe(204);
      await vi.waitFor(() => expect(stub.requests).toHaveLength(1));
      const [req] = stub.requests;
      expect(req!.method).toBe('POST');
      expect(req!.url).toBe('/api/event');
      expect(req!.headers['content-type']).toBe('application/json');
      expect(req!.headers['user-agent']).toBe('Mozilla/5.0 test');
      expect(JSON.parse(req!.body)).toEqual({
        name: 'pageview',
        url: `https://monarch.example.org${prefix}/explore?view=map`,
        domain: 'monarch.example.org',
      });
      expect(await countOf(`${prefix}/explore?view=map`)).toBe(1);
    } finally {
      await app.close();
      await stub.close();
    }
  });

  it('sends each view to Matomo as a matomo.php tracking request', async () => {
    const stub = await stubAnalytics(204);
    const app = await buildTestApp({
      MATOMO_URL: stub.url,
      MATOMO_SITE_ID: '7',
      PUBLIC_URL: 'https://monarch.example.org/',
    });
    try {
      expect((await view(app.app, `${prefix}/photos?page=2`)).statusCode).toBe(204);
      await vi.waitFor(() => expect(stub.requests).toHaveLength(1));
      const url = new URL(stub.requests[0]!.url, stub.url);
      expect(stub.requests[0]!.method).toBe('GET');
      expect(url.pathname).toBe('/matomo.php');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        idsite: '7',
        rec: '1',
        url: `https://monarch.example.org${prefix}/photos?page=2`,
        send_image: '0',
      });
    } finally {
      await app.close();
      await stub.close();
    }
  });

  it('still counts and answers 204 when the service fails or cannot be reached, and logs a warning', async () => {
    const failing = await stubAnalytics(500);
    const app = await buildTestApp({
      PLAUSIBLE_URL: failing.url,
      PLAUSIBLE_DOMAIN: 'monarch.example.org',
      MATOMO_URL: 'http://127.0.0.1:9',
      MATOMO_SITE_ID: '1',
    });
    const warn = vi.spyOn(app.app.log, 'warn');
    try {
      const started = Date.now();
      expect((await view(app.app, `${prefix}/down`)).statusCode).toBe(204);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await countOf(`${prefix}/down`)).toBe(1);
      await vi.waitFor(() => expect(failing.requests).toHaveLength(1));
      await vi.waitFor(
        () => {
          const messages = warn.mock.calls.map((c) => String(c[1] ?? c[0]));
          expect(messages).toContain('Plausible page view answered HTTP 500');
          expect(messages).toContain('Matomo page view could not be sent');
        },
        { timeout: 3000 },
      );
    } finally {
      await app.close();
      await failing.close();
    }
  });

  it('sends nothing anywhere when no service is configured', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      expect((await view(ctx.app, `${prefix}/quiet`)).statusCode).toBe(204);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
