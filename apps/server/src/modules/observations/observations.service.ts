import { PUBLIC_STATUS_IDS, type ObservationListQuery, type ObservationListResponse } from '@mm/shared';
import type { Db } from '../../db/client';
import { toPhoto } from '../checklists/checklists.queries';
import { photosRepository } from '../photos/photos.repository';
import { observationsRepository } from './observations.repository';

/** Observation rules: the public list (spec §1, §7). */
export function createObservationsService(db: Db) {
  return {
    /** Public list: Pending, Vetted and Valid observations, newest first, page size ≤ 50 (spec §7). */
    async list(query: ObservationListQuery): Promise<ObservationListResponse> {
      const { page, limit } = query;
      const { rows, total } = await observationsRepository.paginate(db, PUBLIC_STATUS_IDS, limit, (page - 1) * limit);
      const photoRows = await photosRepository.findByObservations(db, rows.map((r) => r.observation_id));
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map((r) => {
          const photo = photoRows.filter((p) => p.observation_id === r.observation_id).map(toPhoto);
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
