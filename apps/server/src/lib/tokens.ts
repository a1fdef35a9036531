import { createHash, randomBytes } from 'node:crypto';

/** A new secret token of 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization` header: `Bearer <t>` or the bare token the spec's client sends. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const trimmed = value.trim();
  return /^[A-Za-z0-9_-]{43}$/.test(trimmed) ? trimmed : undefined;
}
