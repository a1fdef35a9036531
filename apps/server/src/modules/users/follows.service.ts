import { PUBLIC_STATUS_IDS, type FollowingResponse, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/errors';
import { followsRepository } from './follows.repository';
import { usersRepository } from './users.repository';

/** Latest public observations shown per followed volunteer. */
const LATEST_PER_USER = 3;

/**
 * Following volunteers (spec §3 following_count, follower_count). The two counters on `users` move
 * in the same transaction as the `follows` row, so they always equal the real number of rows.
 */
export function createFollowsService(db: Db) {
  async function target(username: string): Promise<number> {
    const row = await usersRepository.findByUsername(db, username);
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
      await db.transaction((tx) => followsRepository.add(tx, me.user_id, followed));
    },

    /** `me` stops following `username`; unfollowing someone not followed changes nothing. @throws 404 unknown username */
    async unfollow(me: SessionUser, username: string): Promise<void> {
      const followed = await target(username);
      await db.transaction((tx) => followsRepository.remove(tx, me.user_id, followed));
    },

    /** Whether `followerId` follows `followedId`. */
    async isFollowing(followerId: number, followedId: number): Promise<boolean> {
      return followsRepository.exists(db, followerId, followedId);
    },

    /** The volunteers `userId` follows, alphabetical, each with their 3 latest public observations. */
    async following(userId: number): Promise<FollowingResponse> {
      const people = await followsRepository.followed(db, userId);
      if (people.length === 0) return { data: [] };
      const latest = await followsRepository.latestPerUser(
        db,
        people.map((p) => p.user_id),
        PUBLIC_STATUS_IDS,
        LATEST_PER_USER,
      );
      return {
        data: people.map(({ photo_name, ...p }) => ({
          ...p,
          photo_path: p.photo_path && photo_name ? `/attachments/${p.photo_path}/${photo_name}` : null,
          latest: latest
            .filter((r) => r.user_id === p.user_id)
            .map(({ user_id: _u, ...r }) => ({
              ...r,
              photo_path: r.photo_path ? `/attachments/${r.photo_path}` : null,
            })),
        })),
      };
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
