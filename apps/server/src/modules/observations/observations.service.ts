import {
  BasisOfRecord,
  ChecklistType,
  LIFESTAGE_KEYS,
  ObservationStatus,
  PUBLIC_STATUS_IDS,
  SubmitType,
  V,
  type ObservationListQuery,
  type ObservationListResponse,
  type SubmitFlashInput,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { FINAL_PATH, type PhotosService } from '../photos/photos.service';
import { photosRepository } from '../photos/photos.repository';
import { observationsRepository } from './observations.repository';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Observation rules: Flash submissions and the public list (spec §1, §3, §7). */
export function createObservationsService(db: Db, photos: PhotosService) {
  /** Checks everything that needs the database before the write transaction starts. */
  async function checkFlashReferences(userId: number, input: SubmitFlashInput) {
    const province = await observationsRepository.findProvince(db, input.province_id);
    if (!province) throw fieldError('province_id', V.unknownReference);
    if (input.milkweed_id != null && !(await observationsRepository.milkweedExists(db, input.milkweed_id))) {
      throw fieldError('milkweed_id', V.unknownReference);
    }
    const names = input.photos.map((p) => p.photo_name);
    const owned = await photosRepository.findOwnTemporary(db, userId, names);
    if (owned.length !== new Set(names).size) throw fieldError('photos', V.unknownReference);
    const counts = LIFESTAGE_KEYS.map((k) => input[k]);
    if (input.photos.some((p) => (counts[p.lifestage_id - 1] ?? 0) === 0)) throw fieldError('photos', V.monarchRequired);
    return { province, owned };
  }

  return {
    /**
     * Saves a Flash Data sighting in one transaction: site, checklist (Incidental, Web, Pending),
     * one observation per life stage with a count > 0, and photo links.
     * A retry with the same `idempotency_key` answers the first checklist and writes nothing.
     * @returns the checklist id
     * @throws 400 naming the field for unknown province, milkweed or photos
     */
    async submitFlash(userId: number, input: SubmitFlashInput): Promise<number> {
      const previous = await observationsRepository.findChecklistByIdempotencyKey(db, userId, input.idempotency_key);
      if (previous !== undefined) return previous;
      const { province, owned } = await checkFlashReferences(userId, input);
      let checklistId: number;
      try {
        checklistId = await db.transaction(async (tx) => {
          const siteId = await observationsRepository.createSite(tx, {
            user_id: userId,
            locality: input.locality,
            city: input.city ?? null,
            province_id: province.province_id,
            country_id: province.country_id,
            latitude: input.latitude,
            longitude: input.longitude,
          });
          const id = await observationsRepository.createChecklist(tx, {
            user_id: userId,
            site_id: siteId,
            checklist_date: input.checklist_date,
            start_time: input.start_time ?? null,
            end_time: input.end_time ?? null,
            checklisttype_id: ChecklistType.Incidental,
            submittype_id: SubmitType.Web,
            is_flash: true,
            comment: input.comment ?? null,
            idempotency_key: input.idempotency_key,
          });
          const rows = LIFESTAGE_KEYS.flatMap((key, i) =>
            input[key] > 0
              ? [{
                  checklist_id: id,
                  lifestage_id: i + 1,
                  numbers: input[key],
                  milkweed_id: input.milkweed_id ?? null,
                  observationstatus_id: ObservationStatus.Pending,
                  basisofrecord_id: input.photos.some((p) => p.lifestage_id === i + 1) ? BasisOfRecord.Photograph : BasisOfRecord.Sight,
                }]
              : [],
          );
          const created = await observationsRepository.createObservations(tx, rows);
          for (const ref of input.photos) {
            const photo = owned.find((p) => p.photo_name === ref.photo_name);
            const obs = created.find((o) => o.lifestage_id === ref.lifestage_id);
            if (photo && obs) await photosRepository.attach(tx, photo.id, obs.observation_id, ref.lifestage_id, FINAL_PATH);
          }
          return id;
        });
      } catch (err) {
        // A concurrent retry with the same key won the race: answer its checklist.
        if (isUniqueViolation(err)) {
          const winner = await observationsRepository.findChecklistByIdempotencyKey(db, userId, input.idempotency_key);
          if (winner !== undefined) return winner;
        }
        throw err;
      }
      await photos.promoteFiles(owned.map((p) => p.photo_name));
      return checklistId;
    },

    /** Public list: Pending, Vetted and Valid observations, newest first, page size ≤ 50 (spec §7). */
    async list(query: ObservationListQuery): Promise<ObservationListResponse> {
      const { page, limit } = query;
      const { rows, total } = await observationsRepository.paginate(db, PUBLIC_STATUS_IDS, limit, (page - 1) * limit);
      const photoRows = await photosRepository.findByObservations(db, rows.map((r) => r.observation_id));
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map((r) => {
          const photo = photoRows
            .filter((p) => p.observation_id === r.observation_id)
            .map((p) => ({ ...p, created: p.created.toISOString(), updated: p.updated.toISOString() }))
            .map(({ id, observation_id, observation_lifestage_id, photo_path, photo_name, user_id, isdeleted, created, updated }) => ({
              id, observation_id, observation_lifestage_id, photo_path, photo_name, user_id, isdeleted, created, updated,
            }));
          return {
            ...r,
            is_flash: r.is_flash ? 1 : 0,
            observation_created: new Date(r.observation_created).toISOString(),
            dateidentified: r.dateidentified ? new Date(r.dateidentified).toISOString() : null,
            photo_path: photo[0]?.photo_path ?? null,
            photo,
          };
        }),
        paginator: { current: page, total, limit, totalpage, hasPre: page > 1, hasNext: page < totalpage },
      };
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
