import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { follows, photos, users } from '../../db/schema';

/** Everything held about a person besides their account record, as JSON values (spec: Law 25 / PIPEDA access). */
export interface HeldData {
  checklists: unknown;
  photos: unknown;
  following: unknown;
  followers: unknown;
  contact_messages: unknown;
}

/** The storage place of one photo file: `{photo_path}/{size}/{photo_name}`. */
export type PhotoFileRow = Pick<typeof photos.$inferSelect, 'photo_path' | 'photo_name'>;

const json = async (db: DbOrTx, query: SQL): Promise<unknown> =>
  (await db.execute<{ data: unknown }>(query)).rows[0]?.data ?? [];

/** Queries of a person's own data: the export of everything held about them, and account deletion. */
export const accountDataRepository = {
  /** Submissions with their sites and observations, photos, follows both ways and contact messages of `userId`. */
  async heldData(db: DbOrTx, userId: number): Promise<HeldData> {
    const [checklists, photoRows, following, followers, contact] = await Promise.all([
      json(
        db,
        sql`SELECT coalesce(json_agg(c ORDER BY c.checklist_date, c.checklist_id), '[]') AS data FROM (
        SELECT c.*, row_to_json(s) AS site,
               (SELECT coalesce(json_agg(o ORDER BY o.observation_id), '[]') FROM observations o WHERE o.checklist_id = c.checklist_id) AS observations
        FROM checklists c JOIN sites s ON s.site_id = c.site_id WHERE c.user_id = ${userId}) c`,
      ),
      json(
        db,
        sql`SELECT coalesce(json_agg(json_build_object('id', p.id, 'observation_id', p.observation_id, 'url', '/attachments/' || p.photo_path || '/large/' || p.photo_name, 'created', p.created) ORDER BY p.id), '[]') AS data FROM photos p WHERE p.user_id = ${userId}`,
      ),
      json(
        db,
        sql`SELECT coalesce(json_agg(json_build_object('username', u.username, 'since', f.created)), '[]') AS data FROM follows f JOIN users u ON u.user_id = f.followed_id WHERE f.follower_id = ${userId}`,
      ),
      json(
        db,
        sql`SELECT coalesce(json_agg(json_build_object('username', u.username, 'since', f.created)), '[]') AS data FROM follows f JOIN users u ON u.user_id = f.follower_id WHERE f.followed_id = ${userId}`,
      ),
      json(
        db,
        sql`SELECT coalesce(json_agg(json_build_object('subject', m.subject, 'message', m.message, 'created', m.created)), '[]') AS data FROM contact_messages m WHERE m.user_id = ${userId}`,
      ),
    ]);
    return { checklists, photos: photoRows, following, followers, contact_messages: contact };
  },

  /** Every observation photo `userId` uploaded, deleted ones included. */
  async photoFiles(db: DbOrTx, userId: number): Promise<PhotoFileRow[]> {
    return db
      .select({ photo_path: photos.photo_path, photo_name: photos.photo_name })
      .from(photos)
      .where(eq(photos.user_id, userId));
  },

  /** The people `userId` followed, and their followers, lose one from their counters (never below 0). */
  async releaseFollowCounters(tx: DbOrTx, userId: number): Promise<void> {
    await tx.execute(
      sql`UPDATE users SET follower_count = greatest(follower_count - 1, 0) WHERE user_id IN (SELECT followed_id FROM ${follows} WHERE follower_id = ${userId})`,
    );
    await tx.execute(
      sql`UPDATE users SET following_count = greatest(following_count - 1, 0) WHERE user_id IN (SELECT follower_id FROM ${follows} WHERE followed_id = ${userId})`,
    );
  },

  /**
   * Deletes the user row. Foreign keys do the rest: sites and checklists keep their rows with no
   * owner; photos, profile, sessions, reset links and follows are removed with the user.
   */
  async deleteUser(tx: DbOrTx, userId: number): Promise<void> {
    await tx.delete(users).where(eq(users.user_id, userId));
  },
};
