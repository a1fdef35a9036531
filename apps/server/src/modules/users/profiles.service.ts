import { randomUUID } from 'node:crypto';
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
import { HttpError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { processImage } from '../photos/photos.service';
import { assertUncommonPassword } from '../../lib/common-passwords';
import type { UsersService } from './users.service';
import { usersRepository } from './users.repository';
import { profilesRepository } from './profiles.repository';

/** Folder of profile photos under the storage root. */
export const PROFILE_PHOTO_PATH = 'profiles';
/** Side of the square profile photo, px. */
const PROFILE_PHOTO_SIZE = 400;
const RECENT_OBSERVATIONS = 12;

/** Profiles: public profile by username, username search, user list (admin), own-record edits and photo. */
export function createProfilesService(db: Db, storage: Storage, usersService: UsersService) {
  return {
    /**
     * A volunteer's public profile (spec §3 counts over their public observations: Pending, Vetted,
     * Valid). Never carries email or private fields.
     * @throws 404 when no active user has this username
     */
    async publicProfile(username: string): Promise<PublicProfile> {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound();
      const profile = await usersRepository.findProfile(db, user.user_id);
      const counts = await profilesRepository.publicCounts(db, user.user_id, PUBLIC_STATUS_IDS);
      const recent = await profilesRepository.recentPublic(db, user.user_id, PUBLIC_STATUS_IDS, RECENT_OBSERVATIONS);
      const c = counts ?? { locations: 0, checklists: 0, observations: 0, species: 0 };
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
        recent_observations: recent.map((r) => ({
          ...r,
          photo_path: r.photo_path ? `/attachments/${r.photo_path}` : null,
        })),
      };
    },

    /** Usernames containing `value` anywhere, case- and accent-insensitive, best first, at most `limit` (spec §9: 100). */
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
      const rows = await usersRepository.listActive(db);
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
      if (await usersRepository.emailTakenByOther(db, input.email, userId)) throw fieldError('email', V.emailTaken);
      try {
        const updated = await usersRepository.updateOwnFields(db, userId, {
          ...input,
          email: input.email.toLowerCase(),
        });
        if (!updated) throw notFound();
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw fieldError('email', V.emailTaken);
        if ((err as { code?: string }).code === '23503') throw fieldError('province_id', V.unknownReference);
        throw err;
      }
    },

    /** Updates the signed-in user's nested profile (spec §3), creating it when missing. */
    async updateProfile(userId: number, input: UpdateProfileInput): Promise<void> {
      await usersRepository.upsertProfile(db, userId, input);
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
      await usersRepository.setPassword(db, user.user_id, passwordHash, new Date());
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
      const before = await usersRepository.findPhoto(db, userId);
      await usersRepository.setPhoto(db, userId, PROFILE_PHOTO_PATH, photo_name);
      if (before?.photo_name && before.photo_path === PROFILE_PHOTO_PATH)
        await storage.remove(`${PROFILE_PHOTO_PATH}/${before.photo_name}`);
      return { photo_path: PROFILE_PHOTO_PATH, photo_name };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
