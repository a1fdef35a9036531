import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObservationStatus, Role, type MyProfile } from '@mm/shared';
import { createMailer, type MailMessage, type Mailer } from '../src/lib/mailer';
import {
  createVettingDigestService,
  type VettingDigestService,
} from '../src/modules/notifications/vetting-digest.service';
import { buildTestApp, signUp, submitFlash, type TestContext } from './helpers';

let ctx: TestContext;
let digests: VettingDigestService;
/** Every message the digest built, through the real nodemailer outbox transport. */
const sent: MailMessage[] = [];
type Account = { token: string; userId: number; username: string };
let admin: Account;
let qc: number;

const HOUR = 60 * 60 * 1000;

async function signInAs(roleId: number): Promise<Account> {
  const account = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${roleId} WHERE user_id = ${account.userId}`);
  const signin = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { username: account.username, password: 'monarque1' },
  });
  return { ...account, token: signin.json<{ oauth_token: string }>().oauth_token };
}

/** A Flash sighting of `adults` adults by `who`; answers its observation id. */
async function sighting(who: Account, locality: string): Promise<number> {
  const checklistId = await submitFlash(ctx.app, who.token, {
    checklist_date: '2026-07-15',
    locality,
    province_id: qc,
    latitude: 45.51,
    longitude: -73.61,
    adults: 2,
  });
  const res = await ctx.db.execute<{ id: number }>(
    sql`SELECT observation_id AS id FROM observations WHERE checklist_id = ${checklistId} AND lifestage_id = 1`,
  );
  return res.rows[0]!.id;
}

async function vet(ids: number[], statusId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/observations/status',
    headers: { Authorization: admin.token },
    payload: { ids, status_id: statusId },
  });
  expect(res.statusCode).toBe(200);
}

const mailsTo = (account: Account) => sent.filter((m) => m.to === `${account.username}@example.org`);

beforeAll(async () => {
  ctx = await buildTestApp();
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'monarch-digest-'));
  const real = createMailer({ outboxDir: outbox, log: () => undefined });
  const recording: Mailer = {
    async send(message) {
      sent.push(message);
      return real.send(message);
    },
  };
  digests = createVettingDigestService(ctx.db, recording, 'https://monarch.example.org');
  admin = await signInAs(Role.Admin);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<{
    provinces: { province_id: number; administrative: string }[];
  }>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
});
afterAll(() => ctx.close());

describe('vetting emails', () => {
  it('sends one email a day in the volunteer’s language, listing every verdict since the last one', async () => {
    const volunteer = await signUp(ctx.app); // language fr
    const a = await sighting(volunteer, 'Jardin Botanique');
    const b = await sighting(volunteer, 'Parc Jarry');
    const c = await sighting(volunteer, 'Parc Lafontaine');
    await vet([a], ObservationStatus.Valid);
    await vet([b], ObservationStatus.Invalid);
    const start = new Date();

    await digests.sendDue(start);
    const [first, ...others] = mailsTo(volunteer);
    expect(others).toEqual([]);
    expect(first!.subject).toBe('Mission Monarch : 2 de vos observations ont été examinées');
    expect(first!.text).toContain('2026-07-15, Adulte à Jardin Botanique : Valide');
    expect(first!.text).toContain('2026-07-15, Adulte à Parc Jarry : Invalide');
    expect(first!.text).toContain('https://monarch.example.org/mmapp/fr/checklists/view?id=');
    expect(first!.text).toContain('https://monarch.example.org/mmapp/fr/users/myprofile');
    expect(first!.html).toContain('<li><a href="https://monarch.example.org/mmapp/fr/checklists/view?id=');

    // Nothing new: nothing sent. A new verdict within the day waits for the day to end.
    await digests.sendDue(new Date(start.getTime() + HOUR));
    await vet([c], ObservationStatus.Vetted);
    await digests.sendDue(new Date(Date.now() + 2 * HOUR));
    expect(mailsTo(volunteer)).toHaveLength(1);

    await digests.sendDue(new Date(Date.now() + 25 * HOUR));
    const second = mailsTo(volunteer)[1]!;
    expect(mailsTo(volunteer)).toHaveLength(2);
    expect(second.subject).toBe('Mission Monarch : votre observation a été examinée');
    expect(second.text).toContain('Parc Lafontaine : Vérifiée');
    expect(second.text).not.toContain('Parc Jarry');
  });

  it('sends nothing to a volunteer who opted out in the profile, nor for a return to Pending', async () => {
    const quiet = await signUp(ctx.app, { language: 'en' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateprofile',
      headers: { Authorization: quiet.token },
      payload: { vetting_emails: false },
    });
    expect(put.statusCode).toBeLessThan(300);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/myprofile',
      headers: { Authorization: quiet.token },
    });
    expect(me.json<MyProfile>().profile?.vetting_emails).toBe(false);
    await vet([await sighting(quiet, 'Backyard')], ObservationStatus.Valid);

    const pending = await signUp(ctx.app, { language: 'en' });
    const p = await sighting(pending, 'Schoolyard');
    await vet([p], ObservationStatus.Vetted);
    await vet([p], ObservationStatus.Pending);

    await digests.sendDue(new Date(Date.now() + HOUR));
    expect(mailsTo(quiet)).toEqual([]);
    expect(mailsTo(pending)).toEqual([]);
  });

  it('emails each volunteer once when two servers run the job at the same moment', async () => {
    const volunteer = await signUp(ctx.app, { language: 'es' });
    await vet([await sighting(volunteer, 'Parque')], ObservationStatus.Valid);
    const other = createVettingDigestService(
      ctx.db,
      { send: (m) => (sent.push(m), Promise.resolve('other')) },
      'https://x',
    );
    const now = new Date(Date.now() + HOUR);
    await Promise.all([digests.sendDue(now), other.sendDue(now)]);
    expect(mailsTo(volunteer)).toHaveLength(1);
    expect(mailsTo(volunteer)[0]!.subject).toBe('Misión Monarca: su observación fue revisada');
  });

  it('names each milkweed of a Mission, so that no line of the email repeats another', async () => {
    const volunteer = await signUp(ctx.app, { language: 'en' });
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<{
      milkweeds: { milkweed_id: number; latin_name: string }[];
    }>();
    const species = (latin: string) => params.milkweeds.find((m) => m.latin_name === latin)!.milkweed_id;
    const row = (milkweed_id: number) => ({
      milkweed_id,
      abundance_id: 1,
      locationsize_id: 1,
      adults: 0,
      eggs: 3,
      caterpillars: 0,
      chrysalises: 0,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_mission',
      headers: { Authorization: volunteer.token },
      payload: {
        idempotency_key: randomUUID(),
        site: { locality: 'Friche Saint-Michel', city: 'Montréal', province_id: qc, latitude: 45.56, longitude: -73.6 },
        checklist: { checklist_date: '2026-07-20', start_time: '09:30', end_time: '10:45', participants: 1 },
        observation: {
          stems_inspected: 40,
          monarchs_seen: true,
          milkweeds: [row(species('Asclepias syriaca')), row(species('Asclepias incarnata'))],
          photos: [],
          comment: '',
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const checklistId = res.json<{ checklist_id: number }>().checklist_id;
    const ids = await ctx.db.execute<{ id: number }>(
      sql`SELECT observation_id AS id FROM observations WHERE checklist_id = ${checklistId}`,
    );
    expect(ids.rows).toHaveLength(4);
    await vet(
      ids.rows.map((r) => r.id),
      ObservationStatus.Valid,
    );

    await digests.sendDue(new Date(Date.now() + HOUR));
    const [mail] = mailsTo(volunteer);
    const lines = mail!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(4);
    expect(new Set(lines).size).toBe(4);
    expect(lines).toContain('- 2026-07-20, Common milkweed at Friche Saint-Michel: Valid');
    expect(lines).toContain('- 2026-07-20, Eggs on Swamp milkweed at Friche Saint-Michel: Valid');
    const items = mail!.html.match(/<li>.*?<\/li>/g) ?? [];
    expect(new Set(items).size).toBe(items.length);
    expect(items).toHaveLength(4);
  });
});
