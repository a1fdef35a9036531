import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadParams } from '@mm/shared';
import { buildTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('loadparams', () => {
  it('answers the spec §3 reference data with its exact field names', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' });
    expect(res.statusCode).toBe(200);
    const p = res.json<LoadParams>();
    expect(p.countries).toEqual([
      { id: 1, country: 'Canada', administrative: 'CA' },
      { id: 2, country: 'United States', administrative: 'US' },
      { id: 3, country: 'Mexico', administrative: 'MX' },
    ]);
    const byCountry = (id: number) => p.provinces.filter((x) => x.country_id === id).length;
    expect([byCountry(1), byCountry(2), byCountry(3)]).toEqual([13, 51, 32]);
    const quebec = p.provinces.find((x) => x.administrative === 'QC');
    expect(quebec?.province_id).toEqual(expect.any(Number));
    expect(quebec).toEqual({
      province_id: quebec?.province_id,
      province: 'Québec',
      country_id: 1,
      administrative: 'QC',
    });
    expect(p.lifestages).toEqual([
      { lifestage_id: 1, lifestage: 'Adult' },
      { lifestage_id: 2, lifestage: 'Eggs' },
      { lifestage_id: 3, lifestage: 'Caterpillar' },
      { lifestage_id: 4, lifestage: 'Chrysalis' },
    ]);
    expect(p.observationstatus.map((s) => s.observation_status)).toEqual([
      'Pending',
      'Vetted',
      'Deleted',
      'Valid',
      'Invalid',
      'Test',
    ]);
    expect(p.abundances.map((a) => a.name)).toEqual([
      'Rare (less than 1/m2)',
      'Dotted (1-10/m2)',
      'Abundant (10-50/m2)',
      'Very abundant (more than 50/m2)',
      'Patch',
    ]);
    expect(p.roles.map((r) => r.role)).toEqual(['Admin', 'Region admin', 'MM User', 'Observer']);
    expect(p.checklisttypes).toHaveLength(7);
    expect(p.basisofrecords).toHaveLength(5);
    expect(p.submittypes).toHaveLength(4);
    expect(p.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')).toMatchObject({
      english_name: 'Common milkweed',
      french_name: 'Asclépiade commune',
    });
  });

  it('translates names with the Language header (fr-CA is French)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/utilities/loadparams',
      headers: { Language: 'fr-CA' },
    });
    expect(res.json<LoadParams>().lifestages[2]).toEqual({ lifestage_id: 3, lifestage: 'Chenille' });
    const es = await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams', headers: { Language: 'es' } });
    expect(es.json<LoadParams>().countries[2]?.country).toBe('México');
  });
});

describe('translations loader, health, docs and errors', () => {
  it('serves a namespace per language and 404s unknown ones', async () => {
    const fr = await ctx.app.inject({ method: 'GET', url: '/api/localetranslations/getjsonfile/web/validation/fr-CA' });
    expect(fr.statusCode).toBe(200);
    expect(fr.json()).toHaveProperty('email_invalid');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/localetranslations/getjsonfile/web/../../etc/passwd',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Resource not found' });
  });

  it('reports health and publishes the OpenAPI document', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({
      status: 'ok',
      version: '3.0.0',
      database: 'ok',
      photo_store: 'ok',
      job_queue: 'ok',
    });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual(health.json());
    const metrics = await ctx.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.body).toMatch(/^process_resident_memory_bytes \d+/m);
    for (const cache of ['explore_rows_generalised', 'explore_list_indexes', 'response_cache', 'sessions'])
      expect(metrics.body).toMatch(new RegExp(`^mm_cache_entries\\{cache="${cache}"\\} \\d+$`, 'm'));
    expect(metrics.body).toMatch(/^mm_cache_bytes\{cache="explore_rows_generalised"\} \d+$/m);
    const remote = await ctx.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ statusCode: 404 });
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', version: '3.0.0' });
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/users/signin',
        '/api/observations/submit_flash',
        '/api/photos/uploadphotos/{segment}',
        '/api/utilities/loadparams',
      ]),
    );
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
