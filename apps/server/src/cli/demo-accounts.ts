import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { Role, type RoleId } from '@mm/shared';
import type { Db } from '../db/client';
import { usersRepository } from '../modules/users/users.repository';

/**
 * The mark of an account `npm run seed:demo` created: its email is in this reserved domain
 * (`.invalid` can never be a real address, RFC 2606). seed:demo touches no other account.
 */
export const DEMO_EMAIL_SUFFIX = '@demo.mission-monarch.invalid';

export const isDemoEmail = (email: string) => email.toLowerCase().endsWith(DEMO_EMAIL_SUFFIX);

/**
 * seed:demo's guard: a database holding accounts it did not create (real volunteers) is refused
 * unless `force`.
 * @returns the refusal message, or undefined when seeding may go on
 */
export async function demoSeedRefusal(db: Db, force: boolean): Promise<string | undefined> {
  const others = await usersRepository.countEmailsNotEndingWith(db, DEMO_EMAIL_SUFFIX);
  if (others === 0 || force) return undefined;
  return (
    `This database holds ${others} account(s) that seed:demo did not create: it writes demo data only into an empty ` +
    'or demo-only database. Run it again with --force to add demo accounts beside them (theirs stay untouched).'
  );
}

export interface DemoAccount {
  username: string;
  first_name: string;
  last_name: string;
  role_id?: RoleId;
  language?: 'en' | 'fr' | 'es';
  /** Random when absent. */
  password?: string;
}

/**
 * A demo account's id: the existing demo account of that name, or a new one. A username held by an
 * account seed:demo did not create is never touched.
 * @returns `skipped` when the name belongs to a real account; `password` only when it was created now
 */
export async function ensureDemoAccount(
  db: Db,
  account: DemoAccount,
): Promise<{ userId: number; created: boolean; password?: string } | 'skipped'> {
  const existing = await usersRepository.findAnyByUsername(db, account.username);
  if (existing) return isDemoEmail(existing.email) ? { userId: existing.user_id, created: false } : 'skipped';
  const password = account.password ?? randomBytes(12).toString('base64url');
  const created = await usersRepository.create(
    db,
    {
      username: account.username,
      email: `${account.username.toLowerCase()}${DEMO_EMAIL_SUFFIX}`,
      password: await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 }),
      first_name: account.first_name,
      last_name: account.last_name,
      language: account.language ?? 'en',
      role_id: account.role_id ?? Role.MmUser,
    },
    false,
  );
  return { userId: created.user_id, created: true, password };
}
