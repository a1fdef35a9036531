import { randomUUID } from 'node:crypto';
import { V } from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { processImage, smallFromLarge } from './image';
import { readExifFacts } from './photo-exif';
import { photosRepository, type PhotoRow } from './photos.repository';

// The upload rules (sniffing, pixel-flood guard, HEIC, metadata stripped) are the photos module's, also for
// profile photos: other modules reach them here, through the module's service.
export { processImage } from './image';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A photo row as the API answers it (spec §3 Photo). */
export const toPhoto = ({
  id,
  observation_id,
  observation_lifestage_id,
  photo_path,
  photo_name,
  user_id,
  isdeleted,
  created,
  updated,
}: PhotoRow) => ({
  id,
  observation_id,
  observation_lifestage_id,
  photo_path,
  photo_name,
  user_id,
  isdeleted,
  created: iso(created),
  updated: iso(updated),
});

/** Folder of uploaded photos not yet attached to a submission (spec §7 `observations_temp`). */
export const TEMP_PATH = 'observations_temp';
/** Folder of photos attached to a submitted observation. */
export const FINAL_PATH = 'observations';
/** Advisory-lock key of the orphan clean-up (any constant unique to this job). */
const ORPHAN_LOCK = 7_261_904;
const SIZES = ['large', 'small'] as const;
/** Files checked at once by the reconciliation. */
const CHECK_CONCURRENCY = 16;

const fileKey = (photoPath: string, size: (typeof SIZES)[number], name: string) => `${photoPath}/${size}/${name}`;

/** What the files of one photo row looked like: all there, put back, or lost (`large` gone). */
export type PhotoFilesState = 'ok' | 'repaired' | 'missing';

/** Figures of the last reconciliation of photo rows with their files (start-up and hourly job). */
export interface PhotoReconciliation {
  /** Attached photo rows looked at. */
  checked: number;
  /** Rows whose files were put back (interrupted move finished, `small` made again from `large`). */
  repaired: number;
  /** Rows whose `large` file is lost: reported, never deleted. */
  missing: number;
  /** Ids of the first 50 such rows. */
  missingIds: number[];
  /** Temporary files without a temporary photo row, older than the clean-up age, removed. */
  strayTempFiles: number;
  finishedAt: string;
}

export interface UploadedPhoto {
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
  bytes: number;
}

/** Public URL of a stored variant (served by the `/attachments/` static route). */
export const attachmentUrl = (photoPath: string, size: 'small' | 'large', photoName: string) =>
  `/attachments/${photoPath}/${size}/${photoName}`;

/** Photo rules: upload (one sniffed, re-encoded image → `large` and `small` JPEG variants in the temporary area), attachment and reconciliation of their files. */
export function createPhotosService(db: Db, storage: Storage) {
  let lastReconciliation: PhotoReconciliation | undefined;

  /**
   * Makes sure both files of a photo exist under `photoPath`: links them from the other area when
   * an interrupted move left them there, makes `small` again from `large` when it is lost.
   */
  async function ensureFiles(photoPath: string, name: string): Promise<PhotoFilesState> {
    const other = photoPath === FINAL_PATH ? TEMP_PATH : FINAL_PATH;
    let repaired = false;
    for (const size of SIZES) {
      if (await storage.exists(fileKey(photoPath, size, name))) continue;
      if (await storage.exists(fileKey(other, size, name))) {
        await storage.link(fileKey(other, size, name), fileKey(photoPath, size, name));
        repaired = true;
      }
    }
    const large = fileKey(photoPath, 'large', name);
    if (!(await storage.exists(fileKey(photoPath, 'small', name)))) {
      const bytes = await storage.read(large);
      if (!bytes) return 'missing';
      await storage.put(fileKey(photoPath, 'small', name), await smallFromLarge(bytes));
      repaired = true;
    }
    if (!(await storage.exists(large))) return 'missing';
    return repaired ? 'repaired' : 'ok';
  }

  /** Removes temporary files older than `maxAgeMs` that no temporary photo row names (left by crashes). */
  async function sweepTempFiles(maxAgeMs: number): Promise<number> {
    const before = Date.now() - maxAgeMs;
    let removed = 0;
    for (const size of SIZES) {
      const old = (await storage.list(`${TEMP_PATH}/${size}`))
        .filter((f) => f.mtimeMs < before && f.name.endsWith('.jpg'))
        .map((f) => f.name);
      for (let i = 0; i < old.length; i += 500) {
        const names = old.slice(i, i + 500);
        const kept = await photosRepository.namesIn(db, TEMP_PATH, names);
        for (const name of names.filter((n) => !kept.has(n))) {
          await storage.remove(fileKey(TEMP_PATH, size, name));
          removed += 1;
        }
      }
    }
    return removed;
  }

  return {
    /** Live photos of these observations, as the API answers them (spec §3 Photo). */
    async ofObservations(observationIds: number[]) {
      return (await photosRepository.findByObservations(db, observationIds)).map(toPhoto);
    },

    /** These photos by id, as the API answers them (spec §3 Photo). */
    async byIds(ids: number[]) {
      return (await photosRepository.findByIds(db, ids)).map(toPhoto);
    },

    /**
     * Stores an uploaded image (≤ 10 MB, checked by the caller's multipart limit) for `userId`, with the day and
     * GPS point its EXIF gave (for the photo quality flags) before the metadata is stripped.
     * @throws 415 not an image, 400 damaged or pixel flood
     */
    async uploadObservationPhoto(userId: number, data: Buffer): Promise<UploadedPhoto> {
      const [img, exif] = await Promise.all([
        processImage(data),
        readExifFacts(data, new Date().toISOString().slice(0, 10)),
      ]);
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
          ...exif,
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
        if (!(await photosRepository.tryTransactionLock(tx, ORPHAN_LOCK))) return 0;
        const orphans = await photosRepository.findOrphans(tx, new Date(Date.now() - maxAgeMs), 500);
        for (const p of orphans) {
          await Promise.all(
            SIZES.flatMap((size) =>
              [TEMP_PATH, FINAL_PATH].map((dir) => storage.remove(fileKey(dir, size, p.photo_name))),
            ),
          );
        }
        await photosRepository.removeByIds(
          tx,
          orphans.map((p) => p.id),
        );
        return orphans.length;
      });
    },

    /**
     * Puts the files of photos about to be attached in the permanent area BEFORE the transaction
     * that attaches them commits (a second name for the same bytes, folder synced), so a row never
     * references a file that is not there, whatever instant the process dies at.
     * @throws 400 on `photos` when a photo's `large` file is lost
     */
    async placeFiles(rows: { photo_name: string }[]): Promise<void> {
      for (const row of rows) {
        if ((await ensureFiles(FINAL_PATH, row.photo_name)) === 'missing')
          throw fieldError('photos', V.unknownReference);
      }
    },

    /** Drops the temporary names of attached photos (after the commit); a crash here only leaves files the sweep removes. */
    async releaseTempFiles(names: string[]): Promise<void> {
      for (const name of names) {
        for (const size of SIZES) await storage.remove(fileKey(TEMP_PATH, size, name));
      }
    },

    /**
     * Checks and repairs the files of the photos of one checklist (a retried submission answers a
     * complete result).
     * @returns how many photos are still missing their `large` file
     */
    async repairChecklist(checklistId: number): Promise<number> {
      const rows = await photosRepository.findByChecklist(db, checklistId);
      const states = await Promise.all(rows.map((r) => ensureFiles(r.photo_path, r.photo_name)));
      return states.filter((s) => s === 'missing').length;
    },

    /**
     * Reconciles every attached photo row with its files (start-up and hourly): finishes
     * interrupted moves, makes lost `small` variants again from `large`, reports rows whose
     * `large` file is lost (never deletes them), then removes temporary files older than
     * `maxTempAgeMs` (default 24 h) that no temporary row names.
     */
    async reconcile(maxTempAgeMs = 24 * 3_600_000): Promise<PhotoReconciliation> {
      const report: PhotoReconciliation = {
        checked: 0,
        repaired: 0,
        missing: 0,
        missingIds: [],
        strayTempFiles: 0,
        finishedAt: '',
      };
      for (let after = 0; ;) {
        const rows = await photosRepository.findAttachedAfter(db, after, 500);
        if (rows.length === 0) break;
        for (let i = 0; i < rows.length; i += CHECK_CONCURRENCY) {
          const chunk = rows.slice(i, i + CHECK_CONCURRENCY);
          const states = await Promise.all(chunk.map((r) => ensureFiles(r.photo_path, r.photo_name)));
          states.forEach((state, j) => {
            if (state === 'repaired') report.repaired += 1;
            if (state === 'missing') {
              report.missing += 1;
              if (report.missingIds.length < 50) report.missingIds.push(chunk[j]?.id ?? 0);
            }
          });
        }
        report.checked += rows.length;
        after = rows[rows.length - 1]?.id ?? after;
      }
      report.strayTempFiles = await sweepTempFiles(maxTempAgeMs);
      report.finishedAt = new Date().toISOString();
      lastReconciliation = report;
      return report;
    },

    /** The figures of the last reconciliation, undefined before the first one ends. */
    lastReconciliation: () => lastReconciliation,
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
