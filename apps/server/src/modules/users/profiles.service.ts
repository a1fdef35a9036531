import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ADMIN_ROLE_ID,
  PUBLIC_STATUS_IDS,
  V,
  type ChangePasswordInput,
  type PublicProfile,
  type SessionUser,
  type UpdateProfileInput,
  type UpdateUserInput,
  type UsernameSearchResult,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { HttpError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { processImage } from '../photos/image';
import { assertUncommonPassword } from '../../lib/common-passwords';
import type { UsersService } from './users.service';
import { usersRepository } from './users.repository';

/** Folder of profile photos under the storage root. */
export const PROFILE_PHOTO_PATH = 'profiles';
/** Side of the square profile photo, px. */
const PROFILE_PHOTO_SIZE = 400;
const RECENT_OBSERVATIONS = 12;
const publicStatuses = sql.raw(PUBLIC_STATUS_IDS.join(','));

/** Profiles: public profile by username, username search, user list (admin), own-record edits and photo. */
export function createProfilesService(db: Db, storage: Storage, usersService: UsersService) {
  return {
    /**
     * A volunteer's public profile (spec §3 counts over their public observations: Pending, Vetted,
     * Valid). Never carries email or private fields.
     * @throws 404 when no active user has this username
     */
    async publicProfile(username: string): Promise<PublicProfile> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.isdeleted, false), sql`lower(${users.username}) = ${username.toLowerCase()}`));
      if (!user) throw notFound();
      const [profile] = await db.select().from(profiles).where(eq(profiles.user_id, user.user_id));
      const counts = await db.execute<{
        locations: number;
        checklists: number;
        observations: number;
        species: number;
      }>(sql`
        SELECT count(DISTINCT c.site_id)::int AS locations, count(DISTINCT c.checklist_id)::int AS checklists,
               count(o.observation_id)::int AS observations, count(DISTINCT o.milkweed_id)::int AS species
        FROM checklists c JOIN observations o ON o.checklist_id = c.checklist_id AND o.observationstatus_id IN (${publicStatuses})
        WHERE c.user_id = ${user.user_id} AND NOT c.isdeleted`);
      const recent = await db.execute<PublicProfile['recent_observations'][number]>(sql`
        SELECT o.observation_id, c.checklist_id, o.lifestage_id, o.numbers, CASE WHEN s.is_private THEN NULL ELSE s.locality END AS locality,
               c.checklist_date::text AS checklist_date, c.is_flash,
               (SELECT p.photo_path || '/small/' || p.photo_name FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted ORDER BY p.id LIMIT 1) AS photo_path
        FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id
        WHERE c.user_id = ${user.user_id} AND NOT c.isdeleted AND o.observationstatus_id IN (${publicStatuses}) AND o.lifestage_id IS NOT NULL
        ORDER BY c.checklist_date DESC, o.observation_id DESC LIMIT ${RECENT_OBSERVATIONS}`);
      const c = counts.rows[0] ?? { locations: 0, checklists: 0, observations: 0, species: 0 };
      return {
        user_id: user.user_id,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        photo_path: user.photo_path && user.photo_name ? `/attachments/${user.photo_path}/${user.photo_name}` : null,
        bio: profile?.bio ?? null,
        club: profile?.club ?? null,
        created: user.created.toISOString(),
        location_count: c.locations,
        checklist_count: c.checklists,
        observation_count: c.observations,
        species_count: c.species,
        following_count: user.following_count,
        follower_count: user.follower_count,
        recent_observations: recent.rows.map((r) => ({
          ...r,
          photo_path: r.photo_path ? `/attachments/${r.photo_path}` : null,
        })),
      };
    },

    /** Usernames containing `value` anywhere, case- and accent-insensitive, best first, at most `limit` (spec §9: 100; issue 17). */
    async searchUsernames(value: string, limit: number): Promise<UsernameSearchResult> {
      const rows = await usersRepository.searchUsernames(db, value, limit);
      return { data: rows, pagination: { count: rows.length } };
    },

    /**
     * Every active account, for administrators.
     * @throws 403 for anyone else
     */
    async listUsers(requester: SessionUser) {
      if (requester.role_id !== ADMIN_ROLE_ID) throw forbidden();
      const rows = await db
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
      return {
        data: rows.map((r) => ({
          ...r,
          lastlogin: r.lastlogin?.toISOString() ?? null,
          created: r.created.toISOString(),
        })),
        pagination: { count: rows.length },
      };
    },

    /**
     * Updates a user's own fields (spec §7 `PUT /users/update/{id}`).
     * @throws 403 unless the requester is that user or an admin; 404 unknown user; 400 email taken
     */
    async updateUser(requester: SessionUser, userId: number, input: UpdateUserInput): Promise<void> {
      if (requester.user_id !== userId && requester.role_id !== ADMIN_ROLE_ID) throw forbidden();
      const [taken] = await db
        .select({ user_id: users.user_id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, sql`${users.user_id} <> ${userId}`));
      if (taken) throw fieldError('email', V.emailTaken);
      try {
        const updated = await db
          .update(users)
          .set({ ...input, email: input.email.toLowerCase(), updated: new Date() })
          .where(and(eq(users.user_id, userId), eq(users.isdeleted, false)))
          .returning({ user_id: users.user_id });
        if (updated.length === 0) throw notFound();
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw fieldError('email', V.emailTaken);
        if ((err as { code?: string }).code === '23503') throw fieldError('province_id', V.unknownReference);
        throw err;
      }
    },

    /** Updates the signed-in user's nested profile (spec §3), creating it when missing. */
    async updateProfile(userId: number, input: UpdateProfileInput): Promise<void> {
      await db
        .insert(profiles)
        .values({ user_id: userId, ...input })
        .onConflictDoUpdate({ target: profiles.user_id, set: { ...input, updated: new Date() } });
    },

    /**
     * Changes the password when the current one is right; other sessions are revoked, the caller's kept.
     * @throws 400 on `current_password` when it is wrong, on `new_password` when it is a common one
     */
    async changePassword(user: SessionUser, input: ChangePasswordInput, keepTokenHash: string | null): Promise<void> {
      if (!(await usersService.verifyPassword(user.user_id, input.current_password))) {
        throw new HttpError(
          400,
          'errors.validation',
          {},
          { current_password: { key: 'account:errors.wrong_current_password' } },
        );
      }
      assertUncommonPassword(input.new_password, 'new_password');
      const passwordHash = await usersService.hashPassword(input.new_password);
      await db
        .update(users)
        .set({ password: passwordHash, passwordchanged: new Date(), updated: new Date() })
        .where(eq(users.user_id, user.user_id));
      await usersService.revokeOtherSessions(user.user_id, keepTokenHash);
    },

    /**
     * Replaces the profile photo: same upload rules as observation photos, cropped to a centred
     * square of 400 px.
     * @throws 415 not an image, 400 damaged or pixel flood
     */
    async updatePhoto(userId: number, data: Buffer): Promise<{ photo_path: string; photo_name: string }> {
      const img = await processImage(data);
      const square = await sharp(img.large)
        .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover', position: 'attention' })
        .jpeg({ quality: 82 })
        .toBuffer();
      const photo_name = `${randomUUID()}.jpg`;
      await storage.put(`${PROFILE_PHOTO_PATH}/${photo_name}`, square);
      const [before] = await db
        .select({ photo_name: users.photo_name, photo_path: users.photo_path })
        .from(users)
        .where(eq(users.user_id, userId));
      await db
        .update(users)
        .set({ photo_path: PROFILE_PHOTO_PATH, photo_name, updated: new Date() })
        .where(eq(users.user_id, userId));
      if (before?.photo_name && before.photo_path === PROFILE_PHOTO_PATH)
        await storage.remove(`${PROFILE_PHOTO_PATH}/${before.photo_name}`);
      return { photo_path: PROFILE_PHOTO_PATH, photo_name };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
