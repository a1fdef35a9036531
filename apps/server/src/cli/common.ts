import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { Role, type RoleId } from '@mm/shared';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { connectDatabase, type OpenedDatabase } from '../db/connect';
import { runningEmbeddedUrl } from '../db/embedded';
import { findUserId } from '../modules/imports/import.service';
import { usersRepository } from '../modules/users/users.repository';

export const log = (msg: string) => console.log(`[monarch] ${msg}`);

/**
 * Opens the configured database for a command-line task: DATABASE_URL, else the embedded
 * PostgreSQL of a server running on the same DATA_DIR, else the embedded one started for the task.
 */
export async function openForCli(): Promise<OpenedDatabase> {
  try {
    const config = loadConfig();
    const running = config.DATABASE_URL ? undefined : await runningEmbeddedUrl(config.dataDir);
    return await connectDatabase(running ? { ...config, DATABASE_URL: running } : config, log);
  } catch (err) {
    console.error(`[monarch] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

export interface NewUser {
  username: string;
  first_name: string;
  last_name: string;
  role_id?: RoleId;
  language?: 'en' | 'fr' | 'es';
  /** When absent the account gets a random password nobody knows (it can still be reset). */
  password?: string;
}

/** The user's id, creating the account when it does not exist yet. Idempotent. */
export async function ensureUser(db: Db, user: NewUser): Promise<number> {
  const existing = await findUserId(db, user.username);
  if (existing !== undefined) return existing;
  const password = await hash(user.password ?? randomBytes(24).toString('base64url'), {
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  const created = await usersRepository.create(
    db,
    {
      username: user.username,
      email: `${user.username.toLowerCase()}@import.mission-monarch.invalid`, // not seed:demo's mark
      password,
      first_name: user.first_name,
      last_name: user.last_name,
      language: user.language ?? 'en',
      role_id: user.role_id ?? Role.MmUser,
    },
    false,
  );
  return created.user_id;
}
