import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The emails (raw RFC 822, quoted-printable bodies decoded) the app of `dataDir` wrote to `to`, oldest first. */
export async function emailsTo(dataDir: string, to: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: string[] = [];
  for (const file of files) {
    const qp = (await readFile(path.join(outbox, file), 'latin1')).replace(/=\r?\n/g, '');
    const raw = Buffer.from(
      qp.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
    if (new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'im').test(raw)) mails.push(raw);
  }
  return mails;
}

/** The token of the newest sign-up confirmation link emailed to `email` by the app of `dataDir`. */
export async function confirmationToken(dataDir: string, email: string): Promise<string | undefined> {
  const mails = await emailsTo(dataDir, email);
  for (const raw of mails.reverse()) {
    const token = /\/users\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    if (token) return token;
  }
  return undefined;
}

/**
 * Waits (≤ `timeoutMs`, polling every 100 ms) for the sign-up confirmation email to `email`: a server
 * with job workers sends it from its queue a moment after answering. @returns its token
 * @throws when no such email arrives in time
 */
export async function awaitConfirmationToken(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const token = await confirmationToken(dataDir, email);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no confirmation email to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits (≤ `timeoutMs`, polling every 100 ms) until the app of `dataDir` has written at least `count` emails
 * to `to`: sign-up sends after answering. @returns them, oldest first
 * @throws when fewer arrive in time
 */
export async function awaitEmailsTo(dataDir: string, to: string, count: number, timeoutMs = 10_000): Promise<string[]> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const mails = await emailsTo(dataDir, to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} emails to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
