import { and, eq, sql } from 'drizzle-orm';
import type { FollowingResponse, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { publicLocality, visibleObservation } from '../../db/visibility';
import { follows, users } from '../../db/schema';

/** One of the latest observations of a followed volunteer, with whose it is. */
export type FollowedObservationRow = FollowingResponse['data'][number]['latest'][number] & { user_id: number };

/** A followed volunteer as the following list shows them. */
export type FollowedPersonRow = Pick<
  typeof users.$inferSelect,
  'user_id' | 'username' | 'first_name' | 'last_name' | 'photo_path' | 'photo_name'
>;

/**
 * Queries of following (spec §3 following_count, follower_count). Callers run `add` and `remove`
 * in a transaction: the `follows` row and both counters move together.
 */
export const followsRepository = {
  /** Adds the follow and moves both counters; false (and nothing written) when it already existed. */
  async add(tx: DbOrTx, followerId: number, followedId: number): Promise<boolean> {
    const added = await tx
      .insert(follows)
      .values({ follower_id: followerId, followed_id: followedId })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) return false;
    await tx
      .update(users)
      .set({ following_count: sql`${users.following_count} + 1` })
      .where(eq(users.user_id, followerId));
    await tx
      .update(users)
      .set({ follower_count: sql`${users.follower_count} + 1` })
      .where(eq(users.user_id, followedId));
    return true;
  },

  /** Removes the follow and moves both counters down (never below 0); false when there was none. */
  async remove(tx: DbOrTx, followerId: number, followedId: number): Promise<boolean> {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.follower_id, followerId), eq(follows.followed_id, followedId)))
      .returning();
    if (removed.length === 0) return false;
    await tx
      .update(users)
      .set({ following_count: sql`greatest(${users.following_count} - 1, 0)` })
      .where(eq(users.user_id, followerId));
    await tx
      .update(users)
      .set({ follower_count: sql`greatest(${users.follower_count} - 1, 0)` })
      .where(eq(users.user_id, followedId));
    return true;
  },

  /** Whether `followerId` follows `followedId`. */
  async exists(db: DbOrTx, followerId: number, followedId: number): Promise<boolean> {
    const [row] = await db
      .select({ f: follows.follower_id })
      .from(follows)
      .where(and(eq(follows.follower_id, followerId), eq(follows.followed_id, followedId)));
    return !!row;
  },

  /** The live accounts `userId` follows, by username (case-insensitive). */
  async followed(db: DbOrTx, userId: number): Promise<FollowedPersonRow[]> {
    return db
      .select({
        user_id: users.user_id,
        username: users.username,
        first_name: users.first_name,
        last_name: users.last_name,
        photo_path: users.photo_path,
        photo_name: users.photo_name,
      })
      .from(follows)
      .innerJoin(users, eq(users.user_id, follows.followed_id))
      .where(and(eq(follows.follower_id, userId), eq(users.isdeleted, false)))
      .orderBy(sql`lower(${users.username})`);
  },

  /**
   * Up to `perUser` latest observations of each of `userIds` with one of `statuses` and a life
   * stage, newest checklist first; the locality of a private site is withheld (null).
   */
  async latestPerUser(
    db: DbOrTx,
    userIds: readonly number[],
    statuses: readonly ObservationStatusId[],
    perUser: number,
  ): Promise<FollowedObservationRow[]> {
    if (userIds.length === 0) return [];
    const ids = sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const latest = await db.execute<FollowedObservationRow & { n: unknown }>(sql`
      SELECT * FROM (
        SELECT c.user_id, o.observation_id, c.checklist_id, o.lifestage_id, o.numbers, ${publicLocality} AS locality,
               c.checklist_date::text AS checklist_date, c.is_flash,
               (SELECT p.photo_path || '/small/' || p.photo_name FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted ORDER BY p.id LIMIT 1) AS photo_path,
               row_number() OVER (PARTITION BY c.user_id ORDER BY c.checklist_date DESC, o.observation_id DESC) AS n
        FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id
        WHERE c.user_id IN (${ids}) AND ${visibleObservation(statuses)} AND o.lifestage_id IS NOT NULL
      ) t WHERE n <= ${perUser}`);
    return latest.rows.map(({ n: _n, ...row }) => row);
  },
};
