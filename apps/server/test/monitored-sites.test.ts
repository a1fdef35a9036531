/**
 * Monitored sites and their weekly visit reminders (docs/monitoring.md, ADR 0030): marking and
 * unmarking, the due rule over a season with an injected clock, and the reminder job (one email in the
 * volunteer's language, opt-out both ways, once a week, once across servers).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MonitoredSite, type MyProfile } from '@mm/shared';
import { JOBS_SCHEMA, QUEUES, openJobQueue } from '../src/jobs/job-queue';
import { createMailer, type MailMessage, type Mailer } from '../src/lib/mailer';
import { createMonitoringService, type MonitoringService } from '../src/modules/sites/monitoring.service';
import { createVisitRemindersService, type VisitRemindersService } from '../src/modules/sites/visit-reminders.service';
import { buildTestApp, signUp, type TestContext } from './helpers';

let ctx: TestContext;
let monitoring: MonitoringService;
let reminders: VisitRemindersService;
/** Every reminder built, through the real nodemailer outbox transport. */
const sent: MailMessage[] = [];
let qc: number;
let milkweedId: number;
type Account = { token: string; userId: number; username: string };

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const mailsTo = (a: Account) => sent.filter((m) => m.to === `${a.username}@example.org`);

/** A Mission by `who` on `date`; at a new site (`place`) or at `siteId`. @returns its checklist and site ids */
async function mission(
  who: Account,
  date: string,
  place: { siteId?: number; latitude?: number; monitored?: boolean; locality?: string } = {},
): Promise<{ checklistId: number; siteId: number }> {
  const latitude = place.latitude ?? 45.56;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: who.token },
    payload: {
      idempotency_key: randomUUID(),
      site: {
        site_id: place.siteId ?? null,
        locality: place.locality ?? 'Friche Saint-Michel',
        city: 'Montréal',
        province_id: qc,
        latitude,
        longitude: -73.6,
        ...(place.monitored === undefined ? {} : { monitored: place.monitored }),
      },
      checklist: { checklist_date: date, start_time: '09:30', end_time: '10:45', participants: 1 },
      observation: {
        stems_inspected: 40,
        monarchs_seen: true,
        milkweeds: [
          {
            milkweed_id: milkweedId,
            abundance_id: 2,
            locationsize_id: 3,
            adults: 0,
            eggs: 3,
            caterpillars: 1,
            chrysalises: 0,
          },
        ],
        photos: [],
        comment: '',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const checklistId = res.json<{ checklist_id: number }>().checklist_id;
  const site = await ctx.db.execute<{ site_id: number }>(
    sql`SELECT site_id FROM checklists WHERE checklist_id = ${checklistId}`,
  );
  return { checklistId, siteId: site.rows[0]!.site_id };
}

/** A site placed straight in the database at `latitude` (outside Québec's box: the rules only read the latitude). */
async function siteAt(who: Account, latitude: number): Promise<number> {
  const r = await ctx.db.execute<{ site_id: number }>(sql`
    INSERT INTO sites (user_id, locality, city, latitude, longitude, public_locality, public_city)
    VALUES (${who.userId}, ${`Band ${latitude}`}, 'Somewhere', ${latitude}, -90, 'x', 'x') RETURNING site_id`);
  return r.rows[0]!.site_id;
}

const monitor = (who: Account, siteId: number, body: object = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/sites/${siteId}/monitoring`,
    headers: { Authorization: who.token },
    payload: body,
  });

async function listed(who: Account, when: string): Promise<Map<number, MonitoredSite>> {
  return new Map((await monitoring.list(who.userId, at(when))).map((s) => [s.site_id, s]));
}

beforeAll(async () => {
  ctx = await buildTestApp();
  monitoring = createMonitoringService(ctx.db);
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'monarch-reminders-'));
  const real = createMailer({ outboxDir: outbox, log: () => undefined });
  const recording: Mailer = {
    async send(message) {
      sent.push(message);
      return real.send(message);
    },
  };
  reminders = createVisitRemindersService(ctx.db, recording, 'https://monarch.example.org');
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<{
    provinces: { province_id: number; administrative: string }[];
    milkweeds: { milkweed_id: number; latin_name: string }[];
  }>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
  milkweedId = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
});
afterAll(() => ctx.close());

describe('monitored sites', () => {
  it('marks a site from the Mission form and from its page, lists it, and unmarks it', async () => {
    const me = await signUp(ctx.app, { language: 'en' });
    const first = await mission(me, '2026-07-01', { monitored: true });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites/monitored',
      headers: { Authorization: me.token },
    });
    expect(res.statusCode).toBe(200);
    const [site] = res.json<MonitoredSite[]>();
    expect(site).toMatchObject({
      site_id: first.siteId,
      every_days: 7,
      last_visit: '2026-07-01',
      visits: ['2026-07-01'],
    });
    expect(site!.last_mission).toEqual({
      checklist_id: first.checklistId,
      checklist_date: '2026-07-01',
      stems_inspected: 40,
      milkweeds: [{ milkweed_id: milkweedId, abundance_id: 2, locationsize_id: 3 }],
    });

    // From the site page: another site of mine, every two weeks; a retried Mission keeps that frequency.
    const other = await mission(me, '2026-07-02', { locality: 'Parc Jarry' });
    const put = await monitor(me, other.siteId, { every_days: 14 });
    expect(put.statusCode).toBe(200);
    expect(put.json<MonitoredSite>()).toMatchObject({ site_id: other.siteId, every_days: 14 });
    await mission(me, '2026-07-20', { siteId: other.siteId, monitored: true });
    expect((await listed(me, '2026-07-21')).get(other.siteId)?.every_days).toBe(14);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sites/${first.siteId}/monitoring`,
      headers: { Authorization: me.token },
    });
    expect(del.statusCode).toBe(204);
    expect([...(await listed(me, '2026-07-21')).keys()]).toEqual([other.siteId]);
    // Unticking the switch in a Mission stops it too.
    await mission(me, '2026-07-27', { siteId: other.siteId, monitored: false });
    expect((await listed(me, '2026-07-28')).size).toBe(0);
  });

  it('refuses a site of someone else (404), a bad frequency (400 naming it) and a visitor (401)', async () => {
    const owner = await signUp(ctx.app, { language: 'en' });
    const intruder = await signUp(ctx.app, { language: 'en' });
    const { siteId } = await mission(owner, '2026-06-10');
    expect((await monitor(intruder, siteId)).statusCode).toBe(404);
    const bad = await monitor(owner, siteId, { every_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('every_days');
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/sites/monitored' });
    expect(anon.statusCode).toBe(401);
    const notMonitored = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sites/${siteId}/monitoring`,
      headers: { Authorization: owner.token },
    });
    expect(notMonitored.statusCode).toBe(404);
  });

  it('is due inside the season after 7 days without a visit, and a visit resets it (45° N: May–October)', async () => {
    const me = await signUp(ctx.app, { language: 'en' });
    const { siteId } = await mission(me, '2025-09-10', { monitored: true });

    const start = (await listed(me, '2026-05-01')).get(siteId)!;
    expect(start).toMatchObject({
      in_season: true,
      due: true,
      last_visit: '2025-09-10',
      visits_this_season: 0,
      next_due: '2026-05-01',
      season: { start: '2026-05-01', end: '2026-10-31' },
    });
    expect((await listed(me, '2026-04-30')).get(siteId)).toMatchObject({ in_season: false, due: false });

    await mission(me, '2026-07-01', { siteId });
    expect((await listed(me, '2026-07-07')).get(siteId)).toMatchObject({
      due: false,
      visits_this_season: 1,
      next_due: '2026-07-08',
    });
    expect((await listed(me, '2026-07-08')).get(siteId)!.due).toBe(true);
    expect((await listed(me, '2026-07-09')).get(siteId)!.due).toBe(true);

    await mission(me, '2026-07-09', { siteId });
    expect((await listed(me, '2026-07-09')).get(siteId)).toMatchObject({ due: false, visits_this_season: 2 });
    expect((await listed(me, '2026-11-15')).get(siteId)).toMatchObject({
      in_season: false,
      due: false,
      next_due: null,
    });
  });

  it('follows the quality flags’ latitude bands: 30–40° N from March, below 30° N all year', async () => {
    const me = await signUp(ctx.app, { language: 'en' });
    const north = await siteAt(me, 46.8);
    const middle = await siteAt(me, 35);
    const south = await siteAt(me, 25.8);
    for (const id of [north, middle, south]) expect((await monitor(me, id)).statusCode).toBe(200);
    const march = await listed(me, '2026-03-15');
    expect(march.get(north)).toMatchObject({ due: false, season: { start: '2026-05-01', end: '2026-10-31' } });
    expect(march.get(middle)).toMatchObject({ due: true, season: { start: '2026-03-01', end: '2026-11-30' } });
    expect(march.get(south)).toMatchObject({ due: true, season: { start: '2026-01-01', end: '2026-12-31' } });
    const january = await listed(me, '2026-01-20');
    expect(january.get(middle)!.due).toBe(false);
    expect(january.get(south)!.due).toBe(true);
  });
});

describe('visit reminders', () => {
  it('sends one email in the volunteer’s language listing the due sites, and no second one that week', async () => {
    const fr = await signUp(ctx.app); // language fr
    const a = await mission(fr, '2026-07-01', { monitored: true, locality: 'Jardin des Patriotes' });
    const b = await mission(fr, '2026-07-03', { monitored: true, locality: 'Parc Lafontaine' });

    await reminders.sendDue(at('2026-07-07')); // 6 days after the first visit: nothing due
    expect(mailsTo(fr)).toEqual([]);
    await mission(fr, '2026-07-10', { monitored: true, locality: 'Berge du Fleuve' });

    await reminders.sendDue(at('2026-07-13')); // Monday: a and b are due, c is not
    const [mail, ...more] = mailsTo(fr);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Mission Monarch : 2 de vos sites attendent une visite');
    expect(mail!.text).toContain('Jardin des Patriotes (dernière visite le 1 juillet 2026)');
    expect(mail!.text).toContain('Parc Lafontaine (dernière visite le 3 juillet 2026)');
    expect(mail!.text).not.toContain('Berge du Fleuve');
    expect(mail!.text).toContain(`https://monarch.example.org/mmapp/fr/submit/mission?visit=${a.siteId}`);
    expect(mail!.text).toContain(`https://monarch.example.org/mmapp/fr/submit/mission?visit=${b.siteId}`);
    expect(mail!.text).toContain('https://monarch.example.org/mmapp/fr/users/reminders-off?token=');
    expect(mail!.html).toContain('Visiter de nouveau</a>');

    // Later the same week c is due too, but the volunteer already had this week's email.
    await reminders.sendDue(at('2026-07-18'));
    expect(mailsTo(fr)).toHaveLength(1);
    // Next week: one more.
    await reminders.sendDue(at('2026-07-20'));
    expect(mailsTo(fr)).toHaveLength(2);
    expect(mailsTo(fr)[1]!.subject).toBe('Mission Monarch : 3 de vos sites attendent une visite');
  });

  it('respects the profile switch both ways, and the signed link of the email', async () => {
    const me = await signUp(ctx.app, { language: 'es' });
    await mission(me, '2026-06-01', { monitored: true, locality: 'Parque' });
    const setReminders = (on: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/updateprofile',
        headers: { Authorization: me.token },
        payload: { visit_reminders: on },
      });
    expect((await setReminders(false)).statusCode).toBe(204);
    await reminders.sendDue(at('2026-06-15'));
    expect(mailsTo(me)).toEqual([]);
    expect((await setReminders(true)).statusCode).toBe(204);
    await reminders.sendDue(at('2026-06-16'));
    const [mail] = mailsTo(me);
    expect(mail!.subject).toBe('Misión Monarca: es hora de volver a Parque');

    const token = decodeURIComponent(/reminders-off\?token=(\S+)$/m.exec(mail!.text)![1]!);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/visit-reminders/off',
      payload: { token: `${me.userId}.${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ fields: Record<string, string> }>().fields).toHaveProperty('token');
    const off = await ctx.app.inject({ method: 'POST', url: '/api/users/visit-reminders/off', payload: { token } });
    expect(off.statusCode).toBe(200);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/myprofile',
      headers: { Authorization: me.token },
    });
    expect(profile.json<MyProfile>().profile?.visit_reminders).toBe(false);
    await reminders.sendDue(at('2026-06-30'));
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('emails once when two servers run the job at the same moment, and queues one email job per reminder key', async () => {
    const me = await signUp(ctx.app, { language: 'en' });
    await mission(me, '2026-08-01', { monitored: true, locality: 'Schoolyard' });
    const other = createVisitRemindersService(
      ctx.db,
      { send: (m) => (sent.push(m), Promise.resolve('other')) },
      'https://monarch.example.org',
    );
    const when = at('2026-08-12');
    await Promise.all([reminders.sendDue(when), other.sendDue(when)]);
    expect(mailsTo(me)).toHaveLength(1);
    expect(mailsTo(me)[0]!.subject).toBe('Mission Monarch: time to visit Schoolyard again');

    // Through the job queue of two servers: the email job is keyed per volunteer and week.
    const quiet = { info: () => undefined, warn: () => undefined };
    const [q1, q2] = await Promise.all([openJobQueue(ctx.db, quiet), openJobQueue(ctx.db, quiet)]);
    try {
      const key = `visit-reminder:${me.userId}:${randomUUID()}`;
      const message = { to: `${me.username}@example.org`, subject: 's', text: 't', html: '<p>t</p>' };
      await Promise.all([q1.mailer.send(message, { onceKey: key }), q2.mailer.send(message, { onceKey: key })]);
      const jobs = await ctx.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE name = ${QUEUES.email} AND singleton_key = ${key}`,
      );
      expect(jobs.rows[0]!.n).toBe(1);
    } finally {
      await Promise.all([q1.stop(), q2.stop()]);
    }
  });
});
