import { and, eq, sql } from 'drizzle-orm';
import { PUBLIC_STATUS_IDS, type FollowingResponse, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { follows, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';

/** Latest public observations shown per followed volunteer. */
const LATEST_PER_USER = 3;
const publicStatuses = sql.raw(PUBLIC_STATUS_IDS.join(','));

type Observation = FollowingResponse['data'][number]['latest'][number];

/**
 * Following volunteers (spec §3 following_count, follower_count). The two counters on `users` move
 * in the same transaction as the `follows` row, so they always equal the real number of rows.
 */
export function createFollowsService(db: Db) {
  async function target(username: string): Promise<number> {
    const [row] = await db
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(eq(users.isdeleted, false), sql`lower(${users.username}) = ${username.toLowerCase()}`));
    if (!row) throw notFound();
    return row.user_id;
  }

  return {
    /**
     * `me` follows `username`; following twice changes nothing.
     * @throws 404 unknown username; 400 when following oneself
     */
    async follow(me: SessionUser, username: string): Promise<void> {
      const followed = await target(username);
      if (followed === me.user_id) throw new HttpError(400, 'account:errors.follow_self');
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(follows)
          .values({ follower_id: me.user_id, followed_id: followed })
          .onConflictDoNothing()
          .returning();
        if (added.length === 0) return;
        await tx
          .update(users)
          .set({ following_count: sql`${users.following_count} + 1` })
          .where(eq(users.user_id, me.user_id));
        await tx
          .update(users)
          .set({ follower_count: sql`${users.follower_count} + 1` })
          .where(eq(users.user_id, followed));
      });
    },

    /** `me` stops following `username`; unfollowing someone not followed changes nothing. @throws 404 unknown username */
    async unfollow(me: SessionUser, username: string): Promise<void> {
      const followed = await target(username);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.follower_id, me.user_id), eq(follows.followed_id, followed)))
          .returning();
        if (removed.length === 0) return;
        await tx
          .update(users)
          .set({ following_count: sql`greatest(${users.following_count} - 1, 0)` })
          .where(eq(users.user_id, me.user_id));
        await tx
          .update(users)
          .set({ follower_count: sql`greatest(${users.follower_count} - 1, 0)` })
          .where(eq(users.user_id, followed));
      });
    },

    /** Whether `followerId` follows `followedId`. */
    async isFollowing(followerId: number, followedId: number): Promise<boolean> {
      const [row] = await db
        .select({ f: follows.follower_id })
        .from(follows)
        .where(and(eq(follows.follower_id, followerId), eq(follows.followed_id, followedId)));
      return !!row;
    },

    /** The volunteers `userId` follows, alphabetical, each with their 3 latest public observations. */
    async following(userId: number): Promise<FollowingResponse> {
      const people = await db
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
      if (people.length === 0) return { data: [] };
      const ids = sql.join(
        people.map((p) => sql`${p.user_id}`),
        sql`, `,
      );
      const latest = await db.execute<Observation & { user_id: number }>(sql`
        SELECT * FROM (
          SELECT c.user_id, o.observation_id, c.checklist_id, o.lifestage_id, o.numbers, CASE WHEN s.is_private THEN NULL ELSE s.locality END AS locality,
                 c.checklist_date::text AS checklist_date, c.is_flash,
                 (SELECT p.photo_path || '/small/' || p.photo_name FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted ORDER BY p.id LIMIT 1) AS photo_path,
                 row_number() OVER (PARTITION BY c.user_id ORDER BY c.checklist_date DESC, o.observation_id DESC) AS n
          FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id
          WHERE c.user_id IN (${ids}) AND NOT c.isdeleted AND o.observationstatus_id IN (${publicStatuses}) AND o.lifestage_id IS NOT NULL
        ) t WHERE n <= ${LATEST_PER_USER}`);
      return {
        data: people.map(({ photo_name, ...p }) => ({
          ...p,
          photo_path: p.photo_path && photo_name ? `/attachments/${p.photo_path}/${photo_name}` : null,
          latest: latest.rows
            .filter((r) => r.user_id === p.user_id)
            .map(({ user_id: _u, n: _n, ...r }: Observation & { user_id: number; n?: unknown }) => ({
              ...r,
              photo_path: r.photo_path ? `/attachments/${r.photo_path}` : null,
            })),
        })),
      };
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
