import { PassThrough, type Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import { follows, photos, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { PROFILE_PHOTO_PATH } from './profiles.service';
import type { UsersService } from './users.service';

/**
 * A person's own data (Quebec's Law 25 and Canada's PIPEDA: access and erasure): a JSON export of
 * everything held about them, and account deletion that keeps their observations anonymised.
 */
export function createAccountDataService(db: Db, storage: Storage, usersService: UsersService) {
  return {
    /** Everything held about `userId`: record, profile, submissions with places and observations, photos, follows, contact messages. */
    async exportData(userId: number): Promise<Record<string, unknown>> {
      const account = await usersService.myProfile(userId);
      const q = async (query: ReturnType<typeof sql>) =>
        (await db.execute<{ data: unknown }>(query)).rows[0]?.data ?? [];
      const [checklists, photoRows, following, followers, contact] = await Promise.all([
        q(sql`SELECT coalesce(json_agg(c ORDER BY c.checklist_date, c.checklist_id), '[]') AS data FROM (
          SELECT c.*, row_to_json(s) AS site,
                 (SELECT coalesce(json_agg(o ORDER BY o.observation_id), '[]') FROM observations o WHERE o.checklist_id = c.checklist_id) AS observations
          FROM checklists c JOIN sites s ON s.site_id = c.site_id WHERE c.user_id = ${userId}) c`),
        q(
          sql`SELECT coalesce(json_agg(json_build_object('id', p.id, 'observation_id', p.observation_id, 'url', '/attachments/' || p.photo_path || '/large/' || p.photo_name, 'created', p.created) ORDER BY p.id), '[]') AS data FROM photos p WHERE p.user_id = ${userId}`,
        ),
        q(
          sql`SELECT coalesce(json_agg(json_build_object('username', u.username, 'since', f.created)), '[]') AS data FROM follows f JOIN users u ON u.user_id = f.followed_id WHERE f.follower_id = ${userId}`,
        ),
        q(
          sql`SELECT coalesce(json_agg(json_build_object('username', u.username, 'since', f.created)), '[]') AS data FROM follows f JOIN users u ON u.user_id = f.follower_id WHERE f.followed_id = ${userId}`,
        ),
        q(
          sql`SELECT coalesce(json_agg(json_build_object('subject', m.subject, 'message', m.message, 'created', m.created)), '[]') AS data FROM contact_messages m WHERE m.user_id = ${userId}`,
        ),
      ]);
      return {
        exported: new Date().toISOString(),
        account,
        checklists,
        photos: photoRows,
        following,
        followers,
        contact_messages: contact,
      };
    },

    /**
     * The same data as `exportData` plus the person's photo files, as a zip streamed while it is
     * written: `data.json`, `photos/{photo_name}` (large variant of each observation photo) and
     * `profile/{photo_name}`. A file missing from storage is skipped and listed in `data.json`
     * under `missing_files`.
     */
    async exportArchive(userId: number): Promise<Readable> {
      const data = await this.exportData(userId);
      const files = await db
        .select({ photo_path: photos.photo_path, photo_name: photos.photo_name })
        .from(photos)
        .where(eq(photos.user_id, userId));
      const [user] = await db
        .select({ photo_path: users.photo_path, photo_name: users.photo_name })
        .from(users)
        .where(eq(users.user_id, userId));
      const entries = files.map((f) => ({
        key: `${f.photo_path}/large/${f.photo_name}`,
        name: `photos/${f.photo_name}`,
      }));
      if (user?.photo_name && user.photo_path === PROFILE_PHOTO_PATH)
        entries.push({ key: `${PROFILE_PHOTO_PATH}/${user.photo_name}`, name: `profile/${user.photo_name}` });
      const zip = new yazl.ZipFile();
      const missing: string[] = [];
      // Each file is opened only when the zip reaches it: a bucket's connections are not held
      // open (nor exhausted) by files still waiting their turn.
      const found = await Promise.all(entries.map((entry) => storage.stat(entry.key)));
      entries.forEach((entry, i) => {
        const info = found[i];
        if (!info) return void missing.push(entry.name);
        zip.addReadStreamLazy(entry.name, { compress: false, size: info.size }, (done) => {
          storage.open(entry.key).then(
            (stream) => (stream ? done(null, stream) : done(new Error(`${entry.key} went away`), null as never)),
            (err: Error) => done(err, null as never),
          );
        });
      });
      zip.addBuffer(Buffer.from(JSON.stringify({ ...data, missing_files: missing }, null, 2)), 'data.json');
      zip.end();
      const output = new PassThrough();
      (zip.outputStream as Readable).pipe(output);
      // A file that cannot be read after all cuts the download short instead of stopping the process.
      zip.on('error', (err: Error) => output.destroy(err));
      return output;
    },

    /**
     * Deletes the account of `userId` once `password` is confirmed: photos (files and rows), profile,
     * sessions, reset links and follows go; checklists, sites and observations stay without an owner.
     * @throws 400 on `password` when it is wrong
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      if (!(await usersService.verifyPassword(userId, password))) {
        throw new HttpError(
          400,
          'errors.validation',
          {},
          { password: { key: 'account:errors.wrong_current_password' } },
        );
      }
      const files = await db
        .select({ photo_path: photos.photo_path, photo_name: photos.photo_name })
        .from(photos)
        .where(eq(photos.user_id, userId));
      const [user] = await db
        .select({ photo_path: users.photo_path, photo_name: users.photo_name })
        .from(users)
        .where(eq(users.user_id, userId));
      await db.transaction(async (tx) => {
        // The people they followed, and their followers, lose one from their counters.
        await tx.execute(
          sql`UPDATE users SET follower_count = greatest(follower_count - 1, 0) WHERE user_id IN (SELECT followed_id FROM ${follows} WHERE follower_id = ${userId})`,
        );
        await tx.execute(
          sql`UPDATE users SET following_count = greatest(following_count - 1, 0) WHERE user_id IN (SELECT follower_id FROM ${follows} WHERE followed_id = ${userId})`,
        );
        await usersService.revokeAllSessions(userId, tx);
        // Foreign keys do the rest: sites and checklists keep their rows with no owner; photos,
        // profile, sessions, reset links and follows are removed with the user.
        await tx.delete(users).where(eq(users.user_id, userId));
      });
      usersService.forgetSessions(userId);
      const keys = files.flatMap((f) => [
        `${f.photo_path}/large/${f.photo_name}`,
        `${f.photo_path}/small/${f.photo_name}`,
      ]);
      if (user?.photo_name && user.photo_path === PROFILE_PHOTO_PATH)
        keys.push(`${PROFILE_PHOTO_PATH}/${user.photo_name}`);
      await Promise.all(keys.map((key) => storage.remove(key)));
    },
  };
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
