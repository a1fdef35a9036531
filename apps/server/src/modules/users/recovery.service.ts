import { normalizeLocale, type ResetTokenStatus } from '@mm/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import { assertUncommonPassword } from '../../lib/common-passwords';
import type { IssuedSession, UsersService } from './users.service';
import { usersRepository, type PasswordResetRow } from './users.repository';

/** How long a reset link works (ms): one hour. */
const RESET_TTL_MS = 3_600_000;

type ResetRow = PasswordResetRow;

function statusOf(row: ResetRow | undefined, now = Date.now()): 'valid' | 'expired' | 'used' | 'unknown' {
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now) return 'expired';
  return 'valid';
}

/**
 * Username and password recovery by email (spec §2 `/users/forgotpassword`, `/users/resetpassword`).
 * Tokens are 256 random bits; only their SHA-256 is stored; each works once, for one hour.
 * @param appUrl origin of the links in emails (PUBLIC_URL, else http://HOST:PORT)
 */
export function createRecoveryService(db: Db, usersService: UsersService, mailer: Mailer, appUrl: string) {
  async function findReset(token: string): Promise<ResetRow | undefined> {
    return usersRepository.findPasswordReset(db, hashToken(token));
  }

  return {
    /**
     * Emails the account of `email` (if any) its username and a reset link, in the account's
     * language. Answers nothing either way, so callers cannot tell whether the account exists.
     */
    async forgot(email: string): Promise<void> {
      const user = await usersRepository.findByEmail(db, email);
      if (!user) return;
      const token = newToken();
      await usersRepository.insertPasswordReset(
        db,
        user.user_id,
        hashToken(token),
        new Date(Date.now() + RESET_TTL_MS),
      );
      const lng = normalizeLocale(user.language) ?? 'en';
      const t = translator(lng);
      const link = `${appUrl}/mmapp/${lng}/users/resetpassword?token=${token}`;
      const name = `${user.first_name} ${user.last_name}`.trim();
      const lines = [
        t('account:mail.greeting', { name }),
        '',
        t('account:mail.reset_intro'),
        '',
        t('account:mail.username_line', { username: user.username }),
        '',
        t('account:mail.reset_link_intro'),
        link,
        '',
        t('account:mail.ignore'),
        '',
        t('account:mail.signature'),
      ];
      const html = `<p>${escapeHtml(t('account:mail.greeting', { name }))}</p>
<p>${escapeHtml(t('account:mail.reset_intro'))}</p>
<p>${escapeHtml(t('account:mail.username_line', { username: user.username }))}</p>
<p>${escapeHtml(t('account:mail.reset_link_intro'))}<br><a href="${escapeHtml(link)}">${escapeHtml(t('account:mail.reset_cta'))}</a></p>
<p>${escapeHtml(t('account:mail.ignore'))}</p>
<p>${escapeHtml(t('account:mail.signature'))}</p>`;
      await mailer.send({ to: user.email, subject: t('account:mail.reset_subject'), text: lines.join('\n'), html });
    },

    /** Whether a reset link can still be used (`findbysystoken`); `message` is in `lng`. */
    async status(token: string, t: (key: string) => string): Promise<ResetTokenStatus> {
      const row = await findReset(token);
      const status = statusOf(row);
      if (status !== 'valid' || !row)
        return {
          valid: false,
          reason: status === 'valid' ? 'unknown' : status,
          message: t(`account:errors.reset_${status}`),
        };
      const user = await usersService.myProfile(row.user_id).catch(() => undefined);
      return user
        ? { valid: true, username: user.username }
        : { valid: false, reason: 'unknown', message: t('account:errors.reset_unknown') };
    },

    /**
     * Sets a new password with a reset link: marks the link (and the user's other open links) used,
     * revokes every session of the user, then signs them in afresh.
     * @throws 400 with the reason when the link is unknown, expired or used; 400 on `password` when it is a common one
     */
    async reset(token: string, password: string, userAgent?: string): Promise<IssuedSession> {
      assertUncommonPassword(password);
      const passwordHash = await usersService.hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const row = await usersRepository.findPasswordReset(tx, hashToken(token), true);
        const status = statusOf(row);
        if (status !== 'valid' || !row) throw new HttpError(400, `account:errors.reset_${status}`);
        const now = new Date();
        await usersRepository.closePasswordResets(tx, row.user_id, now);
        await usersRepository.setPassword(tx, row.user_id, passwordHash, now);
        await usersService.revokeAllSessions(row.user_id, tx);
        return row.user_id;
      });
      usersService.forgetSessions(userId);
      const user = await usersRepository.findSessionIdentity(db, userId);
      if (!user) throw new HttpError(400, 'account:errors.reset_unknown');
      return usersService.startSession(user, userAgent);
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
