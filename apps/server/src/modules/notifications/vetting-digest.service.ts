import { normalizeLocale } from '@mm/shared';
import type { Db } from '../../db/client';
import { translator } from '../../lib/i18n';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { vettingDigestRepository, type DigestRecipient, type VerdictRow } from './vetting-digest.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most one vetting email per volunteer in this many ms ("at most one email a day"). */
const VETTING_DIGEST_GAP_MS = DAY_MS;
/** Verdicts older than this are never emailed (an opt-in switched back on does not send the backlog). */
const VETTING_DIGEST_MAX_AGE_MS = 7 * DAY_MS;
const WINDOW = { minGapMs: VETTING_DIGEST_GAP_MS, maxAgeMs: VETTING_DIGEST_MAX_AGE_MS };
/** Verdicts listed one by one in an email; the rest are counted. */
const LISTED = 50;
/** Volunteers handled per run; the next run takes the rest. */
const BATCH = 200;

type Translate = ReturnType<typeof translator>;

/** One line of the email: its text, the checklist it opens, and how many verdicts it stands for. */
interface DigestLine {
  text: string;
  href: string;
  count: number;
}

/** The milkweed species' name in the email's language (English when that one is empty). */
function speciesName(v: VerdictRow, lng: string): string | null {
  const byLanguage = lng === 'fr' ? v.french_name : lng === 'es' ? v.spanish_name : v.english_name;
  return byLanguage || v.english_name;
}

/**
 * The email's lines, one per distinct verdict as the volunteer would tell them apart: a Mission
 * lists its milkweed rows by species ("Common milkweed", "Eggs on Swamp milkweed"), so two rows of
 * one visit no longer read as the same line twice; verdicts that still read alike (the same
 * species twice in a visit) make one line, counted once each for "…and N more".
 */
function distinctLines(
  verdicts: VerdictRow[],
  t: Translate,
  lng: string,
  link: (v: VerdictRow) => string,
): DigestLine[] {
  const lines = new Map<string, DigestLine>();
  for (const v of verdicts) {
    const milkweed = speciesName(v, lng);
    const stage = v.lifestage_id ? t(`common:lifestage.${v.lifestage_id}`) : null;
    const values = { date: v.checklist_date, place: v.locality, status: t(`common:status.${v.status_id}`) };
    const text =
      stage && milkweed
        ? t('account:vetting_mail.line_on', { ...values, what: stage, milkweed })
        : t('account:vetting_mail.line', { ...values, what: stage ?? milkweed ?? t('common:lifestage.milkweed') });
    const href = link(v);
    const key = `${href}\n${text}`;
    const seen = lines.get(key);
    if (seen) seen.count += 1;
    else lines.set(key, { text, href, count: 1 });
  }
  return [...lines.values()];
}

export interface VettingDigestReport {
  /** Emails sent in this run. */
  sent: number;
  /** Volunteers whose email failed (left for the next run). */
  failed: number;
}

/**
 * The daily email that tells volunteers, in their language, which of their observations an admin
 * vetted, validated or judged invalid ("Notifications"). Batched: at most one email per
 * volunteer per day, listing every verdict since the last one; opt-out with the profile's
 * `vetting_emails` setting. Safe to run on several servers at once: each volunteer is locked while
 * their email is sent, and marked sent in the same transaction, so a crash re-sends at worst once.
 */
export function createVettingDigestService(db: Db, mailer: Mailer, appUrl: string) {
  async function sendOne(recipient: DigestRecipient, verdicts: VerdictRow[]): Promise<void> {
    const lng = normalizeLocale(recipient.language) ?? 'en';
    const t = translator(lng);
    const name = `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.username;
    const link = (v: VerdictRow) => `${appUrl}/mmapp/${lng}/checklists/view?id=${v.checklist_id}`;
    const listed = distinctLines(verdicts, t, lng, link).slice(0, LISTED);
    const settings = `${appUrl}/mmapp/${lng}/users/myprofile`;
    const more = verdicts.length - listed.reduce((n, l) => n + l.count, 0);
    const text = [
      t('account:mail.greeting', { name }),
      '',
      t('account:vetting_mail.intro', { count: verdicts.length }),
      '',
      ...listed.map((l) => `- ${l.text}\n  ${l.href}`),
      ...(more > 0 ? [t('account:vetting_mail.more', { count: more })] : []),
      '',
      t('account:vetting_mail.thanks'),
      '',
      t('account:vetting_mail.opt_out', { url: settings }),
      '',
      t('account:mail.signature'),
    ].join('\n');
    const html = `<p>${escapeHtml(t('account:mail.greeting', { name }))}</p>
<p>${escapeHtml(t('account:vetting_mail.intro', { count: verdicts.length }))}</p>
<ul>${listed.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>
${more > 0 ? `<p>${escapeHtml(t('account:vetting_mail.more', { count: more }))}</p>` : ''}
<p>${escapeHtml(t('account:vetting_mail.thanks'))}</p>
<p><small>${escapeHtml(t('account:vetting_mail.opt_out', { url: settings }))}</small></p>
<p>${escapeHtml(t('account:mail.signature'))}</p>`;
    await mailer.send({
      to: recipient.email,
      subject: t('account:vetting_mail.subject', { count: verdicts.length }),
      text,
      html,
    });
  }

  return {
    /**
     * Sends every vetting email due at `now` (default: the current time).
     * @returns how many went out and how many failed (those are retried at the next run)
     */
    async sendDue(now: Date = new Date()): Promise<VettingDigestReport> {
      const report: VettingDigestReport = { sent: 0, failed: 0 };
      const due = await db.transaction((tx) => vettingDigestRepository.lockDue(tx, now, WINDOW, BATCH));
      for (const candidate of due) {
        try {
          const sent = await db.transaction(async (tx) => {
            // Locked again, one volunteer per transaction: another server may have sent it meanwhile.
            const [recipient] = await vettingDigestRepository.lockDue(tx, now, WINDOW, 1, candidate.user_id);
            if (!recipient) return false;
            const verdicts = await vettingDigestRepository.verdictsFor(
              tx,
              recipient.user_id,
              now,
              VETTING_DIGEST_MAX_AGE_MS,
              10 * LISTED,
            );
            if (verdicts.length === 0) return false;
            await sendOne(recipient, verdicts);
            await vettingDigestRepository.markSent(
              tx,
              recipient.user_id,
              now,
              verdicts.map((v) => v.observation_id),
            );
            return true;
          });
          if (sent) report.sent += 1;
        } catch {
          report.failed += 1;
        }
      }
      return report;
    },
  };
}
export type VettingDigestService = ReturnType<typeof createVettingDigestService>;
