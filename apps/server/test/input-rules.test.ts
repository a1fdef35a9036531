import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, Role, type ApiError } from '@mm/shared';
import { buildTestApp, multipart, signUp, type TestContext } from './helpers';

let ctx: TestContext;
let user: { token: string; userId: number };
let admin: { token: string; userId: number };

beforeAll(async () => {
  ctx = await buildTestApp();
  user = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${Role.Admin} WHERE user_id = ${admin.userId}`);
});
afterAll(() => ctx.close());

/** Asserts the app's JSON error shape, the security headers and that the answer does not echo `notEchoed`. */
function expectAppError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  notEchoed?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(apiErrorSchema.strict().safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  if (notEchoed) expect(res.body).not.toContain(notEchoed);
}

const flash = (fields: Record<string, unknown> = {}) => ({
  idempotency_key: randomUUID(),
  checklist_date: '2024-07-01',
  locality: 'Jardin',
  province_id: 11,
  latitude: 45.5,
  longitude: -73.6,
  adults: 1,
  eggs: 0,
  caterpillars: 0,
  chrysalises: 0,
  photos: [],
  ...fields,
});

describe('control characters', () => {
  it.each([
    ['GET', '/api/observations?username=a%00', 'username'],
    ['GET', '/api/users/profile/a%00', 'username'],
    ['GET', '/api/users/getusernames?value=a%01b', 'value'],
    ['GET', '/api/photos/gallery?username=%7F', 'username'],
  ])('%s %s answers 400 naming %s', async (method, url, field) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, headers: { Language: 'fr' } });
    expectAppError(res, 400);
    expect(res.json<ApiError>().fields?.[field]).toMatch(/caractères non permis/);
  });

  it('refuses NUL in sign-in, sign-up, contact and Flash fields, naming each field', async () => {
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { username: 'a\u0000', password: 'x' },
    });
    expectAppError(signin, 400);
    expect(Object.keys(signin.json<ApiError>().fields ?? {})).toEqual(['username']);

    const signup = await signUp(ctx.app, { first_name: 'Ma\u0000rie' });
    expectAppError(signup.res, 400);
    expect(Object.keys(signup.res.json<ApiError>().fields ?? {})).toContain('first_name');

    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/email-contact',
      payload: { name: 'A', email: 'a@example.org', subject: 'S\u0000', message: 'Bonjour à tous\u0000 !' },
    });
    expectAppError(contact, 400);
    expect(Object.keys(contact.json<ApiError>().fields ?? {}).sort()).toEqual(['message', 'subject']);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: user.token },
      payload: flash({ locality: 'Parc\u0000', comment: 'ok\u0000' }),
    });
    expectAppError(res, 400);
    expect(Object.keys(res.json<ApiError>().fields ?? {}).sort()).toEqual(['comment', 'locality']);
  });

  it('lets line breaks and tabs through multi-line fields only', async () => {
    const multi = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: user.token },
      payload: flash({ comment: 'Deux lignes\r\net\tune tabulation' }),
    });
    expect(multi.statusCode, multi.body).toBe(201);
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: user.token },
      payload: flash({ locality: 'Deux\nlignes' }),
    });
    expectAppError(single, 400);
    expect(Object.keys(single.json<ApiError>().fields ?? {})).toEqual(['locality']);
  });

  it('checks values decoded from JSON inside a query parameter (admin filter)', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'a\u0000' }));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users?filter=${filter}`,
      headers: { Authorization: admin.token },
    });
    expectAppError(res, 400);
  });
});

describe('integers bounded by their column', () => {
  it.each([
    '/api/observations?country_id=32768',
    '/api/observations/clusters?country_id=32768&zoom=3&west=-100&south=20&east=-60&north=60',
    '/api/observations/stats?province_id=40000',
    '/api/photos/gallery?country_id=32768',
    '/api/checklists/348762023026556',
  ])('GET %s answers 400, never 500', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expectAppError(res, 400);
  });

  it('answers 400 or 404 for admin ids beyond a smallint id column', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/abundances/2147483646',
      headers: { Authorization: admin.token },
    });
    expectAppError(res, 400);
    const inRange = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/abundances/32767',
      headers: { Authorization: admin.token },
    });
    expectAppError(inRange, 404);
  });

  it('PUT /api/users/update/{id} answers 400 naming province_id when beyond its column or unknown', async () => {
    const base = { first_name: 'Marie', last_name: 'Tremblay', email: `${randomUUID()}@example.org`, language: 'fr' };
    for (const province_id of [99999, 30000]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${user.userId}`,
        headers: { Authorization: user.token, Language: 'en' },
        payload: { ...base, province_id },
      });
      expectAppError(res, 400);
      expect(Object.keys(res.json<ApiError>().fields ?? {}), `province_id ${province_id}`).toEqual(['province_id']);
    }
  });
});

describe('router and body errors go through the error handler', () => {
  it('414 for an over-long path parameter, without echoing it', async () => {
    const long = `zz${'q'.repeat(300)}`;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${long}`, headers: { Language: 'es' } });
    expectAppError(res, 414, long);
    expect(res.json<ApiError>().message).toBe('La dirección es demasiado larga.');
  });

  it('400 for a malformed URL, 404 for an unknown route, 400 bad JSON, 415, 413', async () => {
    expectAppError(await ctx.app.inject({ method: 'GET', url: '/api/users/profile/%E0%A4%A' }), 400, '%E0');
    expectAppError(await ctx.app.inject({ method: 'GET', url: '/api/nowhere-xyz' }), 404, 'nowhere-xyz');
    const post = (payload: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        headers: { 'content-type': contentType },
        payload,
      });
    expectAppError(await post('{"username": "secret-xyz', 'application/json'), 400, 'secret-xyz');
    expectAppError(await post('username=a', 'application/x-www-form-urlencoded'), 415);
    expectAppError(await post(JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024) }), 'application/json'), 413);
  });
});

describe('authentication before validation', () => {
  it('an anonymous write with a bad body answers 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/observations/submit_flash'],
      ['POST', '/api/observations/submit_mission'],
      ['PUT', '/api/users/updateprofile'],
      ['PUT', '/api/users/update/1'],
      ['PUT', '/api/checklists/1/flash'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: { nonsense: true } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('bodies of the wrong kind (found by the API fuzz test)', () => {
  it('answers 400 to a JSON null body on Flash writes', async () => {
    for (const [method, url] of [
      ['POST', '/api/observations/submit_flash'],
      ['PUT', '/api/checklists/999982/flash'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { Authorization: user.token, 'content-type': 'application/json' },
        payload: 'null',
      });
      expectAppError(res, 400);
    }
  });
});

describe('multipart field names', () => {
  it('refuses a photo sent under another field name, naming the expected field', async () => {
    const body = multipart('photo.jpg', Buffer.from('not really a jpeg'), 'image/jpeg');
    const payload = Buffer.from(body.payload.toString('latin1').replace('name="file"', 'name="photo"'), 'latin1');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos/uploadphotos/observations',
      headers: { ...body.headers, Authorization: user.token },
      payload,
    });
    expectAppError(res, 400);
    expect(Object.keys(res.json<ApiError>().fields ?? {})).toEqual(['file']);
  });
});
