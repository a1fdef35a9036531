import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GalleryQuery, GalleryResponse, SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { visibleStatuses } from '../observations/observation-filters';
import { processImage } from './image';
import { photosRepository } from './photos.repository';

/** Folder of uploaded photos not yet attached to a submission (spec §7 `observations_temp`). */
export const TEMP_PATH = 'observations_temp';
/** Folder of photos attached to a submitted observation. */
export const FINAL_PATH = 'observations';
/** Advisory-lock key of the orphan clean-up (any constant unique to this job). */
const ORPHAN_LOCK = 7_261_904;

export interface UploadedPhoto {
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
  bytes: number;
}

/** Public URL of a stored variant (served by the `/attachments/` static route). */
const attachmentUrl = (photoPath: string, size: 'small' | 'large', photoName: string) =>
  `/attachments/${photoPath}/${size}/${photoName}`;

/** Photo rules: upload (one sniffed, re-encoded image → `large` and `small` JPEG variants in the temporary area) and the gallery. */
export function createPhotosService(db: Db, storage: Storage) {
  return {
    /**
     * Photo gallery: photos of the observations the requester may see (Pending, Vetted and Valid
     * for everyone, every status for an admin; spec §1) matching the Explore filters, newest photo
     * first, `limit` (≤ 50) a page. A page beyond the end answers no data and the real totals.
     */
    async gallery(user: SessionUser | null, query: GalleryQuery): Promise<GalleryResponse> {
      const { page, limit, ...filters } = query;
      const { rows, total } = await photosRepository.paginateGallery(
        db,
        filters,
        visibleStatuses(user),
        limit,
        (page - 1) * limit,
      );
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map(({ photo_path, photo_name, ...r }) => ({
          ...r,
          small: attachmentUrl(photo_path, 'small', photo_name),
          large: attachmentUrl(photo_path, 'large', photo_name),
        })),
        paginator: { current: page, total, limit, totalpage, hasPre: page > 1, hasNext: page < totalpage },
      };
    },

    /**
     * Stores an uploaded image (≤ 10 MB, checked by the caller's multipart limit) for `userId`.
     * @throws 415 not an image, 400 damaged or pixel flood
     */
    async uploadObservationPhoto(userId: number, data: Buffer): Promise<UploadedPhoto> {
      const img = await processImage(data);
      const photo_name = `${randomUUID()}.jpg`;
      await storage.put(`${TEMP_PATH}/large/${photo_name}`, img.large);
      await storage.put(`${TEMP_PATH}/small/${photo_name}`, img.small);
      try {
        await photosRepository.create(db, {
          user_id: userId,
          photo_path: TEMP_PATH,
          photo_name,
          mime_type: 'image/jpeg',
          width: img.width,
          height: img.height,
          bytes: img.large.length,
        });
      } catch (err) {
        await Promise.all([
          storage.remove(`${TEMP_PATH}/large/${photo_name}`),
          storage.remove(`${TEMP_PATH}/small/${photo_name}`),
        ]);
        throw err;
      }
      return { photo_path: TEMP_PATH, photo_name, width: img.width, height: img.height, bytes: img.large.length };
    },

    /**
     * Removes uploads never attached to a submission and older than `maxAgeMs` (default 24 h):
     * files first, then rows, in batches of 500. A PostgreSQL advisory lock keeps two server
     * processes from doing it at once.
     * @returns how many photos were removed
     */
    async removeOrphans(maxAgeMs = 24 * 3_600_000): Promise<number> {
      return db.transaction(async (tx) => {
        const lock = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${ORPHAN_LOCK}) AS ok`);
        if (!lock.rows[0]?.ok) return 0;
        const orphans = await photosRepository.findOrphans(tx, new Date(Date.now() - maxAgeMs), 500);
        for (const p of orphans) {
          await Promise.all(
            ['large', 'small'].map((size) => storage.remove(`${p.photo_path}/${size}/${p.photo_name}`)),
          );
        }
        await photosRepository.removeByIds(
          tx,
          orphans.map((p) => p.id),
        );
        return orphans.length;
      });
    },

    /** Moves attached photos' files from the temporary area to the permanent one (after the DB commit). */
    async promoteFiles(names: string[]): Promise<void> {
      for (const name of names) {
        for (const size of ['large', 'small']) {
          await storage.move(`${TEMP_PATH}/${size}/${name}`, `${FINAL_PATH}/${size}/${name}`);
        }
      }
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
