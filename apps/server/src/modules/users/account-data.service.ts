import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { accountDataRepository as repo } from './account-data.repository';
import { PROFILE_PHOTO_PATH } from './profiles.service';
import { usersRepository } from './users.repository';
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
      const held = await repo.heldData(db, userId);
      return {
        exported: new Date().toISOString(),
        account,
        ...held,
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
      const files = await repo.photoFiles(db, userId);
      const user = await usersRepository.findPhoto(db, userId);
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
      const files = await repo.photoFiles(db, userId);
      const user = await usersRepository.findPhoto(db, userId);
      await db.transaction(async (tx) => {
        await repo.releaseFollowCounters(tx, userId);
        await usersService.revokeAllSessions(userId, tx);
        await repo.deleteUser(tx, userId);
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
