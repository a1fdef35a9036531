import { normalizeLocale, Role, V, type SignupInput } from '@mm/shared';
import type { Db } from '../../db/client';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { HttpError, fieldError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import { usersRepository, type SignupRequestRow } from './users.repository';
import type { IssuedSession, UsersService } from './users.service';

/** How long a confirmation link works (ms): two days. */
const SIGNUP_CONFIRM_TTL_MS = 2 * 86_400_000;

type Status = 'valid' | 'expired' | 'used' | 'unknown';

function statusOf(row: SignupRequestRow | undefined, now = Date.now()): Status {
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now) return 'expired';
  return 'valid';
}

/** One email as text and HTML from translated paragraphs; a link paragraph is `[intro, url, cta]`. */
function compose(paragraphs: (string | [string, string, string])[]): { text: string; html: string } {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p[0]}\n${p[1]}`)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p[0])}<br><a href="${escapeHtml(p[1])}">${escapeHtml(p[2])}</a></p>`,
    )
    .join('\n');
  return { text, html };
}

/**
 * Sign-up with email confirmation (spec §3 sign-up form; "sign-up answers the same whether the
 * email is known"). A sign-up stores a request and emails a confirmation link; the account exists once
 * the link is followed. A sign-up with an email that already has an account does the same work and
 * gives the same answer, and emails that account's owner instead, in the owner's language.
 * Tokens are 256 random bits; only their SHA-256 is stored.
 * @param appUrl origin of the links in emails (PUBLIC_URL, else http://HOST:PORT)
 */
export function createSignupService(db: Db, usersService: UsersService, mailer: Mailer, appUrl: string) {
  async function sendConfirmation(
    row: Pick<SignupRequestRow, 'email' | 'first_name' | 'last_name' | 'language' | 'username'>,
    token: string,
  ) {
    const lng = normalizeLocale(row.language) ?? 'en';
    const t = translator(lng);
    const link = `${appUrl}/mmapp/${lng}/users/confirm?token=${token}`;
    const mail = compose([
      t('account:mail.greeting', { name: `${row.first_name} ${row.last_name}`.trim() }),
      t('account:mail.confirm_intro', { username: row.username }),
      [t('account:mail.confirm_link_intro'), link, t('account:mail.confirm_cta')],
      t('account:mail.confirm_ignore'),
      t('account:mail.signature'),
    ]);
    await mailer.send({ to: row.email, subject: t('account:mail.confirm_subject'), ...mail });
  }

  async function sendAddressInUse(owner: {
    email: string;
    first_name: string;
    last_name: string;
    language: string;
    username: string;
  }) {
    const lng = normalizeLocale(owner.language) ?? 'en';
    const t = translator(lng);
    const mail = compose([
      t('account:mail.greeting', { name: `${owner.first_name} ${owner.last_name}`.trim() }),
      t('account:mail.taken_intro'),
      t('account:mail.username_line', { username: owner.username }),
      [t('account:mail.taken_signin_intro'), `${appUrl}/mmapp/${lng}/users/signin`, t('account:mail.taken_signin_cta')],
      [t('account:mail.taken_reset_intro'), `${appUrl}/mmapp/${lng}/users/forgotpassword`, t('account:mail.reset_cta')],
      t('account:mail.taken_ignore'),
      t('account:mail.signature'),
    ]);
    await mailer.send({ to: owner.email, subject: t('account:mail.taken_subject'), ...mail });
  }

  /** The part of a sign-up that depends on whether the email has an account (see `signup`). */
  async function deliver(input: SignupInput, password: string, emailTaken: boolean): Promise<void> {
    if (emailTaken) {
      const owner = await usersRepository.findByEmail(db, input.email);
      // A deleted account keeps its address reserved but gets no email.
      if (owner) await sendAddressInUse(owner);
      return;
    }
    const token = newToken();
    const request = {
      token_hash: hashToken(token),
      username: input.username,
      email: input.email.toLowerCase(),
      password,
      first_name: input.first_name,
      last_name: input.last_name,
      language: input.language,
      newsletter: input.newsletter,
      expires_at: new Date(Date.now() + SIGNUP_CONFIRM_TTL_MS),
    };
    await usersRepository.insertSignupRequest(db, request);
    await sendConfirmation(request, token);
  }

  return {
    /**
     * Registers a sign-up in two parts. What resolves (what the request waits for) is the same work
     * whatever the email: the password rule, one lookup (a taken username is a 400: usernames are
     * public), one argon2id hash. What differs runs after, in `delivered`, which the caller does not make
     * the client wait for: a new email gets a stored request and a confirmation link valid
     * SIGNUP_CONFIRM_TTL_MS; a known one's owner is told someone tried to create an account with it (sign
     * in or reset the password). So the answer and its time do not tell whether an email has an account.
     * @returns `delivered`: settles when the request is stored and its email queued (rejects on failure: log it)
     * @throws 400 on `username` when taken, on `password` when common
     */
    async signup(input: SignupInput): Promise<{ delivered: Promise<void> }> {
      assertUncommonPassword(input.password);
      const taken = await usersRepository.usernameOrEmailTaken(db, input.username, input.email);
      if (taken.username) throw fieldError('username', V.usernameTaken);
      const password = await usersService.hashPassword(input.password);
      return { delivered: deliver(input, password, taken.email) };
    },

    /** Deletes sign-ups that expired more than a day ago (hourly job); answers how many. */
    sweep: () => usersRepository.deleteStaleSignupRequests(db),

    /**
     * Sends a fresh confirmation link for the newest open sign-up of `email` (the previous link stops
     * working). Does nothing otherwise; the caller answers the same either way.
     */
    async resend(email: string): Promise<void> {
      const token = newToken();
      const row = await usersRepository.renewSignupRequest(
        db,
        email,
        hashToken(token),
        new Date(Date.now() + SIGNUP_CONFIRM_TTL_MS),
      );
      if (row) await sendConfirmation(row, token);
    },

    /**
     * Creates the account of a confirmation link (role MM User), closes every open sign-up of its
     * email and signs it in.
     * @throws 400 `account:errors.confirm_{expired,used,unknown}` for a link that cannot be used;
     *   `account:errors.confirm_username_taken` when someone took the username meanwhile
     */
    async confirm(token: string, userAgent?: string): Promise<IssuedSession> {
      try {
        const user = await db.transaction(async (tx) => {
          const row = await usersRepository.lockSignupRequest(tx, hashToken(token));
          const status = statusOf(row);
          if (status !== 'valid' || !row) throw new HttpError(400, `account:errors.confirm_${status}`);
          const taken = await usersRepository.usernameOrEmailTaken(tx, row.username, row.email);
          if (taken.email) throw new HttpError(400, 'account:errors.confirm_used');
          if (taken.username)
            throw new HttpError(400, 'account:errors.confirm_username_taken', { username: row.username });
          const created = await usersRepository.create(
            tx,
            {
              username: row.username,
              email: row.email,
              password: row.password,
              first_name: row.first_name,
              last_name: row.last_name,
              language: row.language,
              role_id: Role.MmUser,
            },
            row.newsletter,
          );
          await usersRepository.closeSignupRequests(tx, row.email, new Date());
          return created;
        });
        return await usersService.startSession(
          { user_id: user.user_id, username: user.username, role_id: user.role_id },
          userAgent,
        );
      } catch (err) {
        // Two confirmations racing for the same name or address: the unique indexes decide.
        const pgErr = err as { code?: string; constraint?: string };
        if (pgErr.code === '23505')
          throw pgErr.constraint === 'users_username_lower_idx'
            ? new HttpError(400, 'account:errors.confirm_username_taken')
            : new HttpError(400, 'account:errors.confirm_used');
        throw err;
      }
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
