import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DownloadQuery, SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { downloadsRepository } from './downloads.repository';

/** How long a download ticket is valid (ms): enough for the browser to follow the link at once. */
const DOWNLOAD_TICKET_TTL_MS = 60_000;

/** The download a ticket is bound to: every query field but the ticket, in key order. */
function canonical(query: DownloadQuery): string {
  const entries = Object.entries(query).filter(([k, v]) => k !== 'ticket' && v !== undefined && v !== '');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

function sign(tokenHash: string, payload: string, query: DownloadQuery): Buffer {
  return createHmac('sha256', tokenHash)
    .update(`${payload}\n${canonical(query)}`)
    .digest();
}

/**
 * Download tickets: a browser download is a plain link, which cannot carry the
 * `Authorization` header, so a signed-in user (an admin, who may download every status) first asks
 * for a ticket and adds it to the link. A ticket is `user_id.expiry_ms.nonce.signature`, the
 * signature an HMAC-SHA256 keyed with the hash of the user's session token over the payload and the
 * exact download (format, reason, filters): nothing is stored to issue one, any server process of
 * the same database can check it, and it dies with its session (sign-out, expiry, deleted account)
 * or after DOWNLOAD_TICKET_TTL_MS. It is single-use across every server process: redeeming inserts its
 * nonce into `download_tickets_used` (primary key), and only the insert that wins spends it.
 */
export function createDownloadTickets(db: Db, now: () => number = Date.now) {
  return {
    /**
     * A ticket for this user's session and this download.
     * @param token the raw session token of the request (its hash keys the signature)
     * @returns `{ ticket, expires_in }` (seconds)
     */
    issue(user: SessionUser, token: string, query: DownloadQuery): { ticket: string; expires_in: number } {
      const payload = `${user.user_id}.${now() + DOWNLOAD_TICKET_TTL_MS}.${randomBytes(12).toString('base64url')}`;
      return {
        ticket: `${payload}.${sign(hashToken(token), payload, query).toString('base64url')}`,
        expires_in: DOWNLOAD_TICKET_TTL_MS / 1000,
      };
    },

    /**
     * The user a ticket was issued to, when it is genuine, unexpired, unused, for exactly this
     * download, and its session is still live; the ticket is then spent.
     * @throws 401 otherwise
     */
    async redeem(ticket: string, query: DownloadQuery): Promise<SessionUser> {
      const m = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!m) throw unauthorized();
      const [, userId, expires, nonce, signature] = m as unknown as [string, string, string, string, string];
      if (Number(expires) < now()) throw unauthorized();
      const given = Buffer.from(signature, 'base64url');
      const payload = `${userId}.${expires}.${nonce}`;
      const sessions = await downloadsRepository.liveSessions(db, Number(userId));
      const session = sessions.find((s) => timingSafeEqual(sign(s.token_hash, payload, query), given));
      if (!session) throw unauthorized();
      if (!(await downloadsRepository.spendTicket(db, nonce, new Date(Number(expires))))) throw unauthorized();
      return { user_id: session.user_id, username: session.username, role_id: session.role_id };
    },
  };
}
/** Deletes the spent tickets that have expired (the hourly sweep job). @returns how many */
export const sweepSpentTickets = (db: Db): Promise<number> => downloadsRepository.sweepSpentTickets(db);
