import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMINDER_GAP_DAYS, isoWeekKey, normalizeLocale, type MonitoredSite } from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { monitoringRepository, type ReminderRecipient } from './monitoring.repository';
import { visitsSince, withStatus } from './monitoring.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A reminder is never sent within this many ms of the last one (a week less an hour, so that a daily
 * run a few seconds earlier than last week's still sends), nor twice in one ISO week (ADR 0030).
 */
const VISIT_REMINDER_GAP_MS = REMINDER_GAP_DAYS * DAY_MS - 60 * 60 * 1000;
/** Volunteers handled per run; the next run takes the rest. */
const BATCH = 200;

/** `HMAC-SHA256(key, "visit-reminders-off:" + userId)`, base64url (43 characters). */
function signature(key: string, userId: number): string {
  return createHmac('sha256', key).update(`visit-reminders-off:${userId}`).digest('base64url');
}

/** The unsubscribe token of a volunteer: `userId.signature`, keyed by their `profiles.visit_reminder_key`. */
function unsubscribeToken(userId: number, key: string): string {
  return `${userId}.${signature(key, userId)}`;
}

export interface VisitRemindersReport {
  /** Emails sent in this run. */
  sent: number;
  /** Volunteers whose email failed (tried again at the next run). */
  failed: number;
}

/**
 * The weekly "a visit is due" email of monitored sites (docs/monitoring.md, ADR 0030): one email per
 * volunteer and week at most, in their language, listing every site due (inside its season, no
 * Mission in the last `every_days` days), each with a "visit again" link, and a signed link that
 * switches the reminders off without signing in. Safe on several servers at once: each volunteer's
 * profile row is locked while their email is decided and sent, and the send is recorded in the same
 * transaction; the email job itself is queued once per volunteer and week (`onceKey`).
 */
export function createVisitRemindersService(db: Db, mailer: Mailer, appUrl: string) {
  async function sendOne(recipient: ReminderRecipient, due: MonitoredSite[], week: string): Promise<void> {
    const lng = normalizeLocale(recipient.language) ?? 'en';
    const t = translator(lng);
    const name = `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.username;
    const date = (iso: string) =>
      new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    const lines = due.map((s) => ({
      text: s.last_visit
        ? t('mission:monitoring.mail.line', { place: s.locality, date: date(s.last_visit) })
        : t('mission:monitoring.mail.line_never', { place: s.locality }),
      href: `${appUrl}/mmapp/${lng}/submit/mission?visit=${s.site_id}`,
    }));
    const off = `${appUrl}/mmapp/${lng}/users/reminders-off?token=${encodeURIComponent(
      unsubscribeToken(recipient.user_id, recipient.visit_reminder_key),
    )}`;
    const subject =
      due.length === 1
        ? t('mission:monitoring.mail.subject_site', { place: due[0]!.locality })
        : t('mission:monitoring.mail.subject', { count: due.length });
    const visitAgain = t('mission:monitoring.visit_again');
    const text = [
      t('account:mail.greeting', { name }),
      '',
      t('mission:monitoring.mail.intro', { count: due.length }),
      '',
      ...lines.map((l) => `- ${l.text}\n  ${visitAgain}: ${l.href}`),
      '',
      t('mission:monitoring.mail.thanks'),
      '',
      t('mission:monitoring.mail.opt_out'),
      off,
      '',
      t('account:mail.signature'),
    ].join('\n');
    const html = `<p>${escapeHtml(t('account:mail.greeting', { name }))}</p>
<p>${escapeHtml(t('mission:monitoring.mail.intro', { count: due.length }))}</p>
<ul>${lines
      .map((l) => `<li>${escapeHtml(l.text)} — <a href="${escapeHtml(l.href)}">${escapeHtml(visitAgain)}</a></li>`)
      .join('')}</ul>
<p>${escapeHtml(t('mission:monitoring.mail.thanks'))}</p>
<p><small><a href="${escapeHtml(off)}">${escapeHtml(t('mission:monitoring.mail.opt_out_link'))}</a></small></p>
<p>${escapeHtml(t('account:mail.signature'))}</p>`;
    await mailer.send(
      { to: recipient.email, subject, text, html },
      { onceKey: `visit-reminder:${recipient.user_id}:${week}` },
    );
  }

  return {
    /**
     * Sends every visit reminder due at `now` (default: the current time).
     * @returns how many went out and how many failed
     */
    async sendDue(now: Date = new Date()): Promise<VisitRemindersReport> {
      const report: VisitRemindersReport = { sent: 0, failed: 0 };
      const week = isoWeekKey(now);
      const lastSentBefore = new Date(now.getTime() - VISIT_REMINDER_GAP_MS);
      const candidates = await db.transaction((tx) =>
        monitoringRepository.lockRecipients(tx, lastSentBefore, week, BATCH),
      );
      for (const candidate of candidates) {
        try {
          const sent = await db.transaction(async (tx) => {
            // Locked again, one volunteer per transaction: another server may have sent it meanwhile.
            const [recipient] = await monitoringRepository.lockRecipients(
              tx,
              lastSentBefore,
              week,
              1,
              candidate.user_id,
            );
            if (!recipient) return false;
            const rows = await monitoringRepository.list(tx, [recipient.user_id], visitsSince(now));
            const due = rows.map((r) => withStatus(r, now)).filter((s) => s.due);
            if (due.length === 0) return false;
            await sendOne(recipient, due, week);
            await monitoringRepository.markReminded(tx, recipient.user_id, now, week);
            return true;
          });
          if (sent) report.sent += 1;
        } catch {
          report.failed += 1;
        }
      }
      return report;
    },

    /**
     * Switches off the visit reminders of the volunteer a token names (the email's link; no sign-in).
     * @throws 400 naming `token` when it is malformed, forged or names no account
     */
    async turnOff(token: string): Promise<void> {
      const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
      const invalid = () => fieldError('token', 'validation.invalid');
      if (!m) throw invalid();
      const userId = Number(m[1]);
      const key = await monitoringRepository.reminderKey(db, userId);
      if (!key) throw invalid();
      const given = Buffer.from(m[2]!, 'base64url');
      const expected = Buffer.from(signature(key, userId), 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      await monitoringRepository.turnRemindersOff(db, userId);
    },
  };
}
export type VisitRemindersService = ReturnType<typeof createVisitRemindersService>;
