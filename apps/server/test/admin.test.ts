import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ObservationStatus,
  Role,
  STATUS_TRANSITIONS,
  type AdminDashboard,
  type AdminDownloadsPerReason,
  type ApiError,
  type LoadParams,
  type ObservationListResponse,
} from '@mm/shared';

/** An audit-log row as `/api/admin/auditlog` lists it. */
interface AuditEntry {
  action: string;
  before: unknown;
  after: Record<string, unknown> | null;
}
import { setRoleByOperator } from '../src/modules/admin/admin-users.service';
import { buildTestApp, signUp, submitFlash, type TestContext } from './helpers';

let ctx: TestContext;
type Account = { token: string; userId: number; username: string };
let volunteer: Account;
let admin: Account;
let regionAdmin: Account;
let observer: Account;
let qc: number;
let on: number;
let syriaca: number;

/** Signs up, sets the role in the database, then signs in again so the session carries the new role. */
async function accountWithRole(roleId: number): Promise<Account> {
  const account = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${roleId} WHERE user_id = ${account.userId}`);
  const signin = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { username: account.username, password: 'monarque1' },
  });
  return { ...account, token: signin.json<{ oauth_token: string }>().oauth_token };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? { Authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Observation ids of a checklist, in life-stage order. */
async function observationIds(checklistId: number): Promise<number[]> {
  const res = await ctx.db.execute<{ id: number }>(
    sql`SELECT observation_id AS id FROM observations WHERE checklist_id = ${checklistId} ORDER BY lifestage_id`,
  );
  return res.rows.map((r) => r.id);
}

async function sighting(provinceId: number, latitude: number, longitude: number, adults = 2): Promise<number> {
  const checklistId = await submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2026-07-15',
    locality: 'Jardin',
    province_id: provinceId,
    latitude,
    longitude,
    adults,
    milkweed_id: syriaca,
  });
  return (await observationIds(checklistId))[0] as number;
}

const statusOf = async (id: number) =>
  (
    await ctx.db.execute<{ s: number; vetted_by: number | null; dateidentified: Date | null }>(
      sql`SELECT observationstatus_id AS s, vetted_by, dateidentified FROM observations WHERE observation_id = ${id}`,
    )
  ).rows[0];

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  admin = await accountWithRole(Role.Admin);
  regionAdmin = await accountWithRole(Role.RegionAdmin);
  observer = await accountWithRole(Role.Observer);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const province = (code: string) => params.provinces.find((p) => p.administrative === code)!.province_id;
  qc = province('QC');
  on = province('ON');
  syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  const assigned = await call('PUT', `/api/admin/users/${regionAdmin.userId}`, admin.token, { region_provinces: [qc] });
  expect(assigned.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('admin API access (401 / 403 matrix)', () => {
  it('refuses every admin endpoint without a session (401) and to MM Users and Observers (403); Region admins only reach the vetting screens', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    const endpoints = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase() as 'GET',
          url: path.replace('{id}', '1'),
          adminOnly: op.description?.includes('Admin (role 1) only') ?? false,
        })),
      );
    expect(endpoints.length).toBeGreaterThanOrEqual(35);
    for (const e of endpoints) {
      const payload = e.method === 'GET' || e.method === 'DELETE' ? undefined : {};
      expect((await call(e.method, e.url, undefined, payload)).statusCode, `${e.method} ${e.url} anonymous`).toBe(401);
      expect((await call(e.method, e.url, volunteer.token, payload)).statusCode, `${e.method} ${e.url} MM User`).toBe(
        403,
      );
      expect((await call(e.method, e.url, observer.token, payload)).statusCode, `${e.method} ${e.url} Observer`).toBe(
        403,
      );
      const region = (await call(e.method, e.url, regionAdmin.token, payload)).statusCode;
      if (e.adminOnly) expect(region, `${e.method} ${e.url} Region admin`).toBe(403);
      else expect(region, `${e.method} ${e.url} Region admin`).not.toBe(401);
    }
  });

  it('answers 401 in the request language', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { Language: 'fr' } });
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiError>().message).toBe('Veuillez vous connecter pour continuer.');
  });
});

describe('react-admin list shape', () => {
  it('pages with range, sorts with sort, filters with filter and reports Content-Range', async () => {
    for (let i = 0; i < 3; i++) await sighting(qc, 45.5 + i / 100, -73.6);
    const res = await call(
      'GET',
      `/api/admin/observations?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[1,2]')}&filter=${encodeURIComponent(JSON.stringify({ username: volunteer.username }))}`,
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ id: number; username: string }[]>();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).toBeLessThan(rows[1]!.id);
    expect(rows.every((r) => r.username === volunteer.username)).toBe(true);
    expect(res.headers['content-range']).toMatch(/^observations 1-2\/\d+$/);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    const getMany = await call(
      'GET',
      `/api/admin/observations?filter=${encodeURIComponent(JSON.stringify({ id: [rows[0]!.id] }))}`,
      admin.token,
    );
    expect(getMany.json()).toEqual([expect.objectContaining({ id: rows[0]!.id })]);
  });

  it('refuses an unknown sort field, bad JSON and a range over 500 rows with 400 naming the parameter', async () => {
    const bad = await call(
      'GET',
      `/api/admin/observations?sort=${encodeURIComponent('["password","ASC"]')}`,
      admin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toHaveProperty('sort');
    expect(
      (await call('GET', '/api/admin/users?filter=%7Bnot-json', admin.token)).json<ApiError>().fields,
    ).toHaveProperty('filter');
    expect((await call('GET', `/api/admin/users?range=${encodeURIComponent('[0,999]')}`, admin.token)).statusCode).toBe(
      400,
    );
  });
});

describe('vetting', () => {
  it('records who vetted and when, writes one audit row per observation, and the public sees the new status', async () => {
    const a = await sighting(qc, 45.51, -73.61);
    const b = await sighting(qc, 45.52, -73.62);
    const res = await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [a, b],
      status_id: ObservationStatus.Invalid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [a, b] });
    const after = await statusOf(a);
    expect(after).toMatchObject({ s: ObservationStatus.Invalid, vetted_by: admin.userId });
    expect(after!.dateidentified).not.toBeNull();
    const audit = await call(
      'GET',
      `/api/admin/auditlog?filter=${encodeURIComponent(JSON.stringify({ resource: 'observations', record_id: a }))}`,
      admin.token,
    );
    expect(audit.json()).toEqual([
      expect.objectContaining({
        user_id: admin.userId,
        username: admin.username,
        action: 'status',
        before: { observationstatus_id: 1 },
        after: { observationstatus_id: 5 },
      }),
    ]);
    const publicList = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations?username=${volunteer.username}&limit=50`,
    });
    expect(publicList.json<ObservationListResponse>().data.map((r) => r.observation_id)).not.toContain(a);
    await call('POST', '/api/admin/observations/status', admin.token, { ids: [a], status_id: ObservationStatus.Valid });
    const valid = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations?username=${volunteer.username}&status=4`,
    });
    expect(valid.json<ObservationListResponse>().data.map((r) => r.observation_id)).toContain(a);
  });

  it('refuses an illegal transition with 409 and changes nothing in the batch', async () => {
    const pending = await sighting(qc, 45.53, -73.63);
    const deleted = await sighting(qc, 45.54, -73.64);
    await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [deleted],
      status_id: ObservationStatus.Deleted,
    });
    expect(STATUS_TRANSITIONS[ObservationStatus.Deleted]).not.toContain(ObservationStatus.Valid);
    const res = await call('POST', '/api/admin/observations/status', admin.token, {
      ids: [pending, deleted],
      status_id: ObservationStatus.Valid,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toBe(`Observation ${deleted} cannot go from Deleted to Valid.`);
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/observations/status',
      headers: { Authorization: admin.token, Language: 'fr' },
      payload: { ids: [deleted], status_id: 4 },
    });
    expect(fr.json<ApiError>().message).toBe(`L’observation ${deleted} ne peut pas passer de Supprimée à Valide.`);
    expect((await statusOf(pending))!.s).toBe(ObservationStatus.Pending);
    expect(
      (
        await call('POST', '/api/admin/observations/status', admin.token, {
          ids: [pending],
          status_id: ObservationStatus.Pending,
        })
      ).statusCode,
    ).toBe(409);
    const audit = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'observations' AND record_id = ${pending}`,
    );
    expect(audit.rows[0]!.n).toBe(0);
    // Deleted → Pending restores.
    expect(
      (
        await call('POST', '/api/admin/observations/status', admin.token, {
          ids: [deleted],
          status_id: ObservationStatus.Pending,
        })
      ).statusCode,
    ).toBe(200);
    expect(await statusOf(deleted)).toMatchObject({
      s: ObservationStatus.Pending,
      vetted_by: null,
      dateidentified: null,
    });
  });

  it('answers 404 for an unknown observation and 400 naming the field for a bad status', async () => {
    expect(
      (await call('POST', '/api/admin/observations/status', admin.token, { ids: [2_000_000_000], status_id: 2 }))
        .statusCode,
    ).toBe(404);
    const bad = await call('POST', '/api/admin/observations/status', admin.token, { ids: [1], status_id: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toHaveProperty('status_id');
  });

  it('limits a Region admin to their provinces: listed, vetted and edited there, 403 elsewhere', async () => {
    const inQc = await sighting(qc, 46.81, -71.21);
    const inOn = await sighting(on, 43.65, -79.38);
    const list = await call(
      'GET',
      `/api/admin/observations?range=${encodeURIComponent('[0,499]')}&filter=${encodeURIComponent(JSON.stringify({ username: volunteer.username }))}`,
      regionAdmin.token,
    );
    const listed = list.json<{ id: number; province_id: number }[]>();
    expect(listed.map((r) => r.id)).toContain(inQc);
    expect(listed.every((r) => r.province_id === qc)).toBe(true);
    expect(
      (
        await call('POST', '/api/admin/observations/status', regionAdmin.token, {
          ids: [inQc],
          status_id: ObservationStatus.Vetted,
        })
      ).statusCode,
    ).toBe(200);
    const outside = await call('POST', '/api/admin/observations/status', regionAdmin.token, {
      ids: [inQc, inOn],
      status_id: ObservationStatus.Valid,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json<ApiError>().message).toBe('This record is outside the provinces assigned to you.');
    expect((await statusOf(inQc))!.s).toBe(ObservationStatus.Vetted);
    expect((await call('GET', `/api/admin/observations/${inOn}`, regionAdmin.token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/observations/${inOn}`, regionAdmin.token, { numbers: 3 })).statusCode).toBe(
      403,
    );
    // Moving a site of their province out of it is refused too.
    expect(
      (await call('PUT', `/api/admin/observations/${inQc}`, regionAdmin.token, { province_id: on })).statusCode,
    ).toBe(403);
    const dashboard = await call('GET', '/api/admin/dashboard', regionAdmin.token);
    expect(dashboard.json()).toMatchObject({ newest_users: [], top_pages: [] });
    expect(dashboard.json<AdminDashboard>().newest_observations.every((o) => o.province_id === qc)).toBe(true);
  });
});

describe('corrections', () => {
  it('edits counts, milkweed, date and place in one transaction with an audit row of the changed fields', async () => {
    const id = await sighting(qc, 45.55, -73.65, 4);
    const res = await call('PUT', `/api/admin/observations/${id}`, admin.token, {
      numbers: 5,
      checklist_date: '2026-07-16',
      latitude: 45.56,
      locality: 'Jardin botanique',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      numbers: 5,
      checklist_date: '2026-07-16',
      latitude: 45.56,
      longitude: -73.65,
      locality: 'Jardin botanique',
    });
    const audit = await ctx.db.execute<{ before: unknown; after: unknown; user_id: number }>(
      sql`SELECT before, after, user_id FROM audit_log WHERE resource = 'observations' AND record_id = ${id} AND action = 'update'`,
    );
    expect(audit.rows).toEqual([
      {
        user_id: admin.userId,
        before: { numbers: 4, checklist_date: '2026-07-15', latitude: 45.55, locality: 'Jardin' },
        after: { numbers: 5, checklist_date: '2026-07-16', latitude: 45.56, locality: 'Jardin botanique' },
      },
    ]);
  });

  it('leaves everything as it was when a reference is unknown', async () => {
    const id = await sighting(qc, 45.57, -73.67, 6);
    const res = await call('PUT', `/api/admin/observations/${id}`, admin.token, { numbers: 9, milkweed_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toHaveProperty('milkweed_id');
    const row = await ctx.db.execute<{ numbers: number }>(
      sql`SELECT numbers FROM observations WHERE observation_id = ${id}`,
    );
    expect(row.rows[0]!.numbers).toBe(6);
  });

  it('edits checklists and sites, refusing an end time before the start time', async () => {
    const id = await sighting(qc, 45.58, -73.68);
    const obs = (await call('GET', `/api/admin/observations/${id}`, admin.token)).json<{
      checklist_id: number;
      site_id: number;
    }>();
    expect(
      (
        await call('PUT', `/api/admin/checklists/${obs.checklist_id}`, admin.token, {
          start_time: '10:00',
          end_time: '11:30',
          participants: 3,
        })
      ).json(),
    ).toMatchObject({ start_time: '10:00', end_time: '11:30', participants: 3 });
    const bad = await call('PUT', `/api/admin/checklists/${obs.checklist_id}`, admin.token, { end_time: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toHaveProperty('end_time');
    const site = await call('PUT', `/api/admin/sites/${obs.site_id}`, admin.token, {
      province_id: on,
      city: 'Toronto',
    });
    expect(site.json()).toMatchObject({ province_id: on, country_id: 1, city: 'Toronto' });
    expect(
      (
        await call(
          'GET',
          `/api/admin/sites?filter=${encodeURIComponent(JSON.stringify({ q: 'toronto' }))}`,
          admin.token,
        )
      ).json(),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ id: obs.site_id })]));
  });
});

describe('users', () => {
  it('names the command line as the author of a role given with `npm run users:role`', async () => {
    const user = await signUp(ctx.app);
    await setRoleByOperator(ctx.db, user.userId, Role.Observer);
    await call('PUT', `/api/admin/users/${user.userId}`, admin.token, { role_id: Role.MmUser });
    const rows = (
      await call(
        'GET',
        `/api/admin/auditlog?filter=${encodeURIComponent(JSON.stringify({ resource: 'users', record_id: user.userId }))}`,
        admin.token,
      )
    ).json<(AuditEntry & { user_id: number | null; username: string | null; via: string | null })[]>();
    expect(rows.map((r) => [r.via, r.user_id, r.username])).toEqual([
      [null, admin.userId, admin.username],
      ['cli', null, null],
    ]);
  });

  it('changes a role with an audit row; the new role applies to the user’s next request', async () => {
    const user = await signUp(ctx.app);
    expect((await call('GET', '/api/admin/dashboard', user.token)).statusCode).toBe(403);
    const res = await call('PUT', `/api/admin/users/${user.userId}`, admin.token, {
      role_id: Role.RegionAdmin,
      region_provinces: [on, qc, on],
    });
    expect(res.json()).toMatchObject({ role_id: 2, region_provinces: [qc, on].sort((a, b) => a - b) });
    expect((await call('GET', '/api/admin/dashboard', user.token)).statusCode).toBe(200);
    const audit = (
      await call(
        'GET',
        `/api/admin/auditlog?filter=${encodeURIComponent(JSON.stringify({ resource: 'users', record_id: user.userId }))}`,
        admin.token,
      )
    ).json<AuditEntry[]>();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', before: { role_id: 3, region_provinces: [] } });
    expect(audit[0]?.after).toMatchObject({ role_id: 2 });
    const search = await call(
      'GET',
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: user.username.toUpperCase() }))}`,
      admin.token,
    );
    expect(search.json()).toEqual([expect.objectContaining({ id: user.userId })]);
  });

  it('deactivating signs the user out; an admin cannot remove their own access', async () => {
    const user = await signUp(ctx.app);
    expect(
      (await call('PUT', `/api/admin/users/${user.userId}`, admin.token, { isdeleted: true })).json(),
    ).toMatchObject({ isdeleted: true });
    expect((await call('GET', '/api/users/myprofile', user.token)).statusCode).toBe(401);
    const self = await call('PUT', `/api/admin/users/${admin.userId}`, admin.token, { role_id: Role.MmUser });
    expect(self.statusCode).toBe(409);
    expect(self.json<ApiError>().message).toBe(
      'You cannot remove your own administrator access or deactivate your own account.',
    );
    expect(
      (await call('PUT', `/api/admin/users/${admin.userId}`, admin.token, { region_provinces: [900] })).json<ApiError>()
        .fields,
    ).toHaveProperty('region_provinces');
  });
});

describe('reference data', () => {
  it('adds a download reason that loadparams offers at once, and retiring hides it without breaking logged downloads', async () => {
    const created = await call('POST', '/api/admin/reasons', admin.token, {
      name: 'Butterfly garden planning',
      name_fr: 'Planification d’un jardin à papillons',
      name_es: 'Planificación de un jardín de mariposas',
    });
    expect(created.statusCode).toBe(200);
    const reason = created.json<{ id: number }>();
    const offered = async (lng: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams', headers: { Language: lng } })
      ).json<LoadParams>().reasons;
    expect(await offered('fr')).toContainEqual({ id: reason.id, name: 'Planification d’un jardin à papillons' });
    const dl = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations/download?format=csv&reason_id=${reason.id}`,
      remoteAddress: '10.18.0.4', // its own address: downloads are limited per IP across test files
    });
    expect(dl.statusCode).toBe(200);
    const retired = await call('DELETE', `/api/admin/reasons/${reason.id}`, admin.token);
    expect(retired.json()).toMatchObject({ id: reason.id, isdeleted: true });
    expect((await offered('en')).map((r) => r.id)).not.toContain(reason.id);
    const log = (
      await call(
        'GET',
        `/api/admin/downloads?filter=${encodeURIComponent(JSON.stringify({ reason_id: reason.id }))}`,
        admin.token,
      )
    ).json<{ reason_id: number; format: string; user_id: number | null }[]>();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ reason_id: reason.id, format: 'csv', user_id: null });
    const audit = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE resource = 'reasons' AND record_id = ${reason.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'retire']);
  });

  it('adds a milkweed with its four names and reports a duplicate Latin name on its field', async () => {
    const names = {
      latin_name: 'Asclepias test-admin',
      english_name: 'Test milkweed',
      french_name: 'Asclépiade test',
      spanish_name: 'Algodoncillo prueba',
    };
    const created = await call('POST', '/api/admin/milkweeds', admin.token, names);
    expect(created.json()).toMatchObject({ ...names, isdeleted: false });
    const dup = await call('POST', '/api/admin/milkweeds', admin.token, names);
    expect(dup.statusCode).toBe(400);
    expect(dup.json<ApiError>().fields?.latin_name).toBe('Latin name: this value already exists.');
    const missing = await call('POST', '/api/admin/abundances', admin.token, {
      name: 'Many',
      name_fr: '',
      name_es: 'Muchas',
    });
    expect(missing.json<ApiError>().fields).toHaveProperty('name_fr');
  });
});

describe('messages and dashboard', () => {
  it('lists contact messages and marks them handled', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/email-contact',
      payload: { name: 'Ana', email: 'ana@example.org', subject: 'Kit', message: 'Where can I get a mission kit?' },
    });
    const list = await call(
      'GET',
      `/api/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: 'mission kit', handled: false }))}`,
      admin.token,
    );
    const [message] = list.json<{ id: number }[]>();
    expect(message).toBeDefined();
    expect(
      (await call('PUT', `/api/admin/messages/${message!.id}`, admin.token, { handled: true })).json(),
    ).toMatchObject({ handled: true });
  });

  it('summarises the queue for an admin', async () => {
    const newcomer = await signUp(ctx.app);
    const res = await call('GET', '/api/admin/dashboard', admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminDashboard>();
    expect(body.pending).toBeGreaterThan(0);
    expect(body.week.length).toBeGreaterThan(0);
    expect(body.per_week.at(-1)?.count).toBeGreaterThan(0);
    expect(body.newest_observations.length).toBeGreaterThan(0);
    // Newest first; other test files sign up at the same time, so the newcomer is listed unless ten
    // accounts came after it.
    const created = body.newest_users.map((u) => Date.parse(u.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const newcomerRow = body.newest_users.find((u) => u.id === newcomer.userId);
    if (!newcomerRow) expect(body.newest_users).toHaveLength(10);
  });

  it('counts downloads per reason over weeks or months, own-words-only apart, named in the request language', async () => {
    const reason = (
      await call('POST', '/api/admin/reasons', admin.token, {
        name: `Range study ${Date.now()}`,
        name_fr: 'Étude d’aire de répartition',
        name_es: 'Estudio de distribución',
      })
    ).json<{ id: number }>();
    const dl = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/observations/download?${query}`, remoteAddress: '10.18.0.5' });
    expect((await dl(`format=csv&reason_id=${reason.id}`)).statusCode).toBe(200);
    expect((await dl(`format=geojson&reason_id=${reason.id}&reason_text=Atlas`)).statusCode).toBe(200);
    expect((await dl('format=csv&reason_text=My+own+words')).statusCode).toBe(200);
    // Two downloads two months ago, written as the log holds them, and one outside a 3-month range.
    await ctx.db.execute(sql`
      INSERT INTO downloads (created, reason_id, filters, format, rows)
      VALUES (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '2 months' + interval '3 days', ${reason.id}, '{}', 'dwca', 40),
             (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '2 months' + interval '4 days', ${reason.id}, '{}', 'csv', 2),
             (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '5 months', ${reason.id}, '{}', 'csv', 7)`);

    const res = await call('GET', '/api/admin/downloads/per-reason?period=month&periods=3', admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminDownloadsPerReason>();
    const month = (back: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    };
    expect(body.period).toBe('month');
    expect(body.periods).toEqual([month(2), month(1), month(0)]);
    const cells = body.cells.filter((c) => c.reason_id === reason.id);
    expect(cells.map(({ records: _, ...cell }) => cell)).toEqual([
      { period: month(2), reason_id: reason.id, downloads: 2 },
      { period: month(0), reason_id: reason.id, downloads: 2 },
    ]);
    expect(cells[0]?.records).toBe(42);
    expect(cells[1]?.records).toEqual(expect.any(Number));
    expect(body.reasons.find((r) => r.reason_id === reason.id)).toMatchObject({ downloads: 4, retired: false });
    expect(body.reasons.at(-1)).toMatchObject({ reason_id: null, name: '' });
    expect(body.cells.find((c) => c.reason_id === null && c.period === month(0))?.downloads).toBeGreaterThan(0);

    const fr = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/downloads/per-reason?period=week&periods=1',
      headers: { Authorization: admin.token, Language: 'fr' },
    });
    const week = fr.json<AdminDownloadsPerReason>();
    expect(week.periods).toHaveLength(1);
    expect(new Date(`${week.periods[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(week.reasons.find((r) => r.reason_id === reason.id)).toMatchObject({
      name: 'Étude d’aire de répartition',
      downloads: 2,
    });
    const weekCells = week.cells.filter((c) => c.reason_id === reason.id);
    expect(weekCells.map(({ records: _, ...cell }) => cell)).toEqual([
      { period: week.periods[0], reason_id: reason.id, downloads: 2 },
    ]);
    expect(weekCells[0]?.records).toEqual(expect.any(Number));

    for (const query of ['period=year', 'periods=0', 'periods=105', 'periods=x']) {
      const bad = await call('GET', `/api/admin/downloads/per-reason?${query}`, admin.token);
      expect(bad.statusCode, query).toBe(400);
    }
    expect((await call('GET', '/api/admin/downloads/per-reason', regionAdmin.token)).statusCode).toBe(403);
  });
});
