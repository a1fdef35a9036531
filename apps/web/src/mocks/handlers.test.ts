import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  I18N_NAMESPACES,
  LOCALES,
  loadParamsResponseSchema,
  observationListResponseSchema,
  sessionUserSchema,
} from '@mm/shared';
import { handlers } from './handlers';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The handlers match paths relative to the page, as the app's fetch('/api/…') calls do. */
const call = (path: string, init?: RequestInit) => fetch(new URL(path, window.location.origin), init);

describe('front-end mock mode handlers (spec §7)', () => {
  it('answers 106 observations over 3 pages of 50, newest first, with the spec paginator', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) =>
        observationListResponseSchema.parse(await (await call(`/api/observations?page=${page}&limit=50`)).json()),
      ),
    );
    expect(pages.map((p) => p.data.length)).toEqual([50, 50, 6]);
    expect(pages[2]?.paginator).toEqual({
      current: 3,
      total: 106,
      limit: 50,
      totalpage: 3,
      hasPre: true,
      hasNext: false,
    });
    expect(pages[0]?.paginator).toMatchObject({ current: 1, hasPre: false, hasNext: true });
    const rows = pages.flatMap((p) => p.data);
    expect(new Set(rows.map((r) => r.observation_id)).size).toBe(106);
    const created = rows.map((r) => r.observation_created);
    expect(created).toEqual([...created].sort().reverse());
    expect(rows.some((r) => r.photo.length > 0)).toBe(true);
  });

  it('answers reference data that parses with the shared load-parameters schema, in the Language header', async () => {
    const fr = loadParamsResponseSchema.parse(
      await (await call('/api/utilities/loadparams', { headers: { Language: 'fr' } })).json(),
    );
    expect(fr.countries.map((c) => c.country)).toEqual(['Canada', 'États-Unis', 'Mexique']);
    expect(fr.provinces).toHaveLength(96);
    expect(fr.lifestages.map((l) => l.lifestage)).toEqual(['Adulte', 'Œufs', 'Chenille', 'Chrysalide']);
    const en = loadParamsResponseSchema.parse(await (await call('/api/utilities/loadparams')).json());
    expect(en.milkweeds.find((m) => m.milkweed_id === 46)?.english_name).toBe('Common milkweed');
  });

  it('serves every translation namespace in every language', async () => {
    for (const lng of LOCALES) {
      for (const ns of I18N_NAMESPACES) {
        const res = await call(`/api/localetranslations/getjsonfile/web/${ns}/${lng}`);
        expect(res.status, `${ns}/${lng}`).toBe(200);
        expect(Object.keys((await res.json()) as object).length).toBeGreaterThan(0);
      }
    }
    expect((await call('/api/localetranslations/getjsonfile/web/common/de')).status).toBe(404);
  });

  it('signs in and answers a signed-in MM User', async () => {
    const signin = (await (await call('/api/users/signin', { method: 'POST', body: '{}' })).json()) as {
      oauth_token: string;
    };
    expect(signin.oauth_token).not.toBe('');
    const user = sessionUserSchema.parse(
      await (await call('/api/users/checksession', { method: 'POST', body: JSON.stringify(signin) })).json(),
    );
    expect(user.role_id).toBe(3);
  });

  it('answers any other call under /api with 200 and an empty body', async () => {
    for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'PATCH']) {
      const res = await call('/api/anything', { method });
      expect(res.status, method).toBe(200);
      expect(await res.text(), method).toBe('');
    }
  });
});
