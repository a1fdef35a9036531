import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, profiles, sessions, signupRequests, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SignupRequestRow = typeof signupRequests.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** A volunteer's submission counts: distinct sites, live checklists, observations and milkweed species. */
export type SubmissionCounts = {
  locations: number;
  checklists: number;
  observations: number;
  species: number;
};

/** Queries on users, profiles and sessions; soft-deleted users are invisible here. */
export const usersRepository = {
  async findByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
    const lower = login.toLowerCase();
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(eq(users.isdeleted, false), sql`(lower(${users.username}) = ${lower} OR lower(${users.email}) = ${lower})`),
      )
      .limit(1);
    return row;
  },

  /**
   * Active usernames containing `value` anywhere, case- and accent-insensitive (spec §7
   * getusernames), best matches first: the exact name, then names starting with it, then by trigram
   * word similarity, then alphabetically. Uses `mm_search_key` and its trigram index (migration 0012).
   */
  async searchUsernames(db: DbOrTx, value: string, limit: number): Promise<{ user_id: number; username: string }[]> {
    const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const key = sql`mm_search_key(${users.username})`;
    const needle = sql`mm_search_key(${value})`;
    return db
      .select({ user_id: users.user_id, username: users.username })
      .from(users)
      .where(and(eq(users.isdeleted, false), sql`${key} LIKE mm_search_key(${pattern})`))
      .orderBy(
        sql`${key} = ${needle} DESC`,
        sql`starts_with(${key}, ${needle}) DESC`,
        sql`word_similarity(${needle}, ${key}) DESC`,
        sql`lower(${users.username})`,
      )
      .limit(limit);
  },

  /** The live account of an email address (case-insensitive). */
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.isdeleted, false), sql`lower(${users.email}) = ${email.toLowerCase()}`))
      .limit(1);
    return row;
  },

  /** How many accounts, deleted ones included, have an email that does not end with `suffix` (seed:demo's guard). */
  async countEmailsNotEndingWith(db: DbOrTx, suffix: string): Promise<number> {
    const r = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE right(lower(email), ${suffix.length}) <> ${suffix.toLowerCase()}`,
    );
    return r.rows[0]?.n ?? 0;
  },

  /** The account holding a username (case-insensitive), deleted ones included. */
  async findAnyByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return row;
  },

  /** The live account holding a username (case-insensitive). */
  async findByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.isdeleted, false), sql`lower(${users.username}) = ${username.toLowerCase()}`));
    return row;
  },

  /**
   * Counts over a volunteer's live checklists: sites, checklists, and observations and milkweed
   * species whose status is not `excludedStatus`.
   */
  async submissionCounts(db: DbOrTx, userId: number, excludedStatus: number): Promise<SubmissionCounts | undefined> {
    const r = await db.execute<SubmissionCounts>(sql`
      SELECT count(DISTINCT c.site_id)::int AS locations,
             count(DISTINCT c.checklist_id)::int AS checklists,
             count(o.observation_id)::int AS observations,
             count(DISTINCT o.milkweed_id)::int AS species
      FROM checklists c LEFT JOIN observations o ON o.checklist_id = c.checklist_id AND o.observationstatus_id <> ${excludedStatus}
      WHERE c.user_id = ${userId} AND NOT c.isdeleted`);
    return r.rows[0];
  },

  /** Every active account, by username, as the admin list of spec §7 shows it. */
  async listActive(db: DbOrTx) {
    return db
      .select({
        user_id: users.user_id,
        username: users.username,
        email: users.email,
        role_id: users.role_id,
        first_name: users.first_name,
        last_name: users.last_name,
        lastlogin: users.lastlogin,
        created: users.created,
      })
      .from(users)
      .where(eq(users.isdeleted, false))
      .orderBy(asc(users.username));
  },

  /** Whether another account than `userId` holds `email` (case-insensitive, deleted accounts included). */
  async emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.user_id, userId)));
    return !!row;
  },

  /** Writes a live user's own fields; false when no live user has this id. Raises pg's 23505/23503 as they come. */
  async updateOwnFields(db: DbOrTx, userId: number, fields: Partial<typeof users.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(users)
      .set({ ...fields, updated: new Date() })
      .where(and(eq(users.user_id, userId), eq(users.isdeleted, false)))
      .returning({ user_id: users.user_id });
    return updated.length > 0;
  },

  /** Creates or updates a user's nested profile. */
  async upsertProfile(
    db: DbOrTx,
    userId: number,
    fields: Omit<Partial<typeof profiles.$inferInsert>, 'user_id'>,
  ): Promise<void> {
    await db
      .insert(profiles)
      .values({ user_id: userId, ...fields })
      .onConflictDoUpdate({ target: profiles.user_id, set: { ...fields, updated: new Date() } });
  },

  /** Sets a new password hash, stamping `passwordchanged` and `updated` with `at`. */
  async setPassword(db: DbOrTx, userId: number, passwordHash: string, at: Date): Promise<void> {
    await db
      .update(users)
      .set({ password: passwordHash, passwordchanged: at, updated: at })
      .where(eq(users.user_id, userId));
  },

  /** A user's photo (path and file name), deleted accounts included. */
  async findPhoto(
    db: DbOrTx,
    userId: number,
  ): Promise<{ photo_path: string | null; photo_name: string | null } | undefined> {
    const [row] = await db
      .select({ photo_path: users.photo_path, photo_name: users.photo_name })
      .from(users)
      .where(eq(users.user_id, userId));
    return row;
  },

  /** Points a user's photo at `path/name`. */
  async setPhoto(db: DbOrTx, userId: number, photoPath: string, photoName: string): Promise<void> {
    await db
      .update(users)
      .set({ photo_path: photoPath, photo_name: photoName, updated: new Date() })
      .where(eq(users.user_id, userId));
  },

  /** Who a session is opened for: id, username and role, deleted accounts included. */
  async findSessionIdentity(
    db: DbOrTx,
    userId: number,
  ): Promise<{ user_id: number; username: string; role_id: number } | undefined> {
    const [row] = await db
      .select({ user_id: users.user_id, username: users.username, role_id: users.role_id })
      .from(users)
      .where(eq(users.user_id, userId));
    return row;
  },

  /** Stores a reset link (its token's hash) for a user until `expiresAt`. */
  async insertPasswordReset(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(passwordResets).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
  },

  /** The reset link of a token hash; `lock` holds its row until the end of the transaction. */
  async findPasswordReset(db: DbOrTx, tokenHash: string, lock = false): Promise<PasswordResetRow | undefined> {
    const query = db.select().from(passwordResets).where(eq(passwordResets.token_hash, tokenHash));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Marks every open reset link of a user used at `at`. */
  async closePasswordResets(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db
      .update(passwordResets)
      .set({ used_at: at })
      .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
  },

  async findById(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.user_id, userId), eq(users.isdeleted, false)));
    return row;
  },

  async findProfile(db: DbOrTx, userId: number): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(profiles).where(eq(profiles.user_id, userId));
    return row;
  },

  async usernameOrEmailTaken(
    db: DbOrTx,
    username: string,
    email: string,
  ): Promise<{ username: boolean; email: boolean }> {
    const rows = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${username.toLowerCase()} OR lower(${users.email}) = ${email.toLowerCase()}`,
      );
    return {
      username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
    };
  },

  async create(db: DbOrTx, values: typeof users.$inferInsert, newsletter: boolean): Promise<UserRow> {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('insert returned no row');
    await db.insert(profiles).values({ user_id: user.user_id, newsletter });
    return user;
  },

  async touchLastLogin(db: DbOrTx, userId: number): Promise<void> {
    await db.update(users).set({ lastlogin: new Date() }).where(eq(users.user_id, userId));
  },

  async createSession(
    db: DbOrTx,
    userId: number,
    tokenHash: string,
    expiresAt: Date,
    userAgent: string | undefined,
  ): Promise<void> {
    await db
      .insert(sessions)
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) });
  },

  /** The live session's user for a token hash: not revoked, not expired, user not deleted. */
  /** The user of a live session, with the session's expiry. */
  async findSessionUser(
    db: DbOrTx,
    tokenHash: string,
  ): Promise<(Pick<UserRow, 'user_id' | 'username' | 'role_id'> & { expires_at: Date }) | undefined> {
    const [row] = await db
      .select({
        user_id: users.user_id,
        username: users.username,
        role_id: users.role_id,
        expires_at: sessions.expires_at,
      })
      .from(sessions)
      .innerJoin(users, eq(users.user_id, sessions.user_id))
      .where(
        and(
          eq(sessions.token_hash, tokenHash),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, new Date()),
          eq(users.isdeleted, false),
        ),
      );
    return row;
  },

  /** Revokes every live session of a user, except the one of `keepTokenHash` when given. */
  async revokeUserSessions(db: DbOrTx, userId: number, keepTokenHash?: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(sessions.user_id, userId),
          isNull(sessions.revoked_at),
          keepTokenHash ? ne(sessions.token_hash, keepTokenHash) : undefined,
        ),
      );
  },

  async revokeSession(db: DbOrTx, tokenHash: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
  },

  /** Stores a sign-up waiting for its email to be confirmed. */
  async insertSignupRequest(db: DbOrTx, values: typeof signupRequests.$inferInsert): Promise<void> {
    await db.insert(signupRequests).values(values);
  },

  /** The sign-up of a confirmation token hash, locked until the transaction ends. */
  async lockSignupRequest(db: DbOrTx, tokenHash: string): Promise<SignupRequestRow | undefined> {
    const [row] = await db.select().from(signupRequests).where(eq(signupRequests.token_hash, tokenHash)).for('update');
    return row;
  },

  /** Marks every open sign-up of an email used (the account exists now). */
  async closeSignupRequests(db: DbOrTx, email: string, at: Date): Promise<void> {
    await db
      .update(signupRequests)
      .set({ used_at: at })
      .where(and(sql`lower(${signupRequests.email}) = ${email.toLowerCase()}`, isNull(signupRequests.used_at)));
  },

  /**
   * Gives the newest open, unexpired sign-up of an email a new token hash and expiry (a resent link;
   * the previous link stops working). Answers the row, or undefined when there is none.
   */
  async renewSignupRequest(
    db: DbOrTx,
    email: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<SignupRequestRow | undefined> {
    const [row] = await db
      .execute<{ id: number }>(
        sql`
      SELECT id FROM signup_requests
      WHERE lower(email) = ${email.toLowerCase()} AND used_at IS NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1`,
      )
      .then((r) => r.rows);
    if (!row) return undefined;
    const [updated] = await db
      .update(signupRequests)
      .set({ token_hash: tokenHash, expires_at: expiresAt })
      .where(eq(signupRequests.id, row.id))
      .returning();
    return updated;
  },

  /** Drops sign-ups that expired more than a day ago (periodic clean-up). */
  async deleteStaleSignupRequests(db: DbOrTx): Promise<number> {
    const r = await db.execute(sql`DELETE FROM signup_requests WHERE expires_at < now() - interval '1 day'`);
    return r.rowCount ?? 0;
  },
};
