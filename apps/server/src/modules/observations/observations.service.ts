import { ADMIN_ROLE_ID, ObservationStatus, PUBLIC_STATUS_IDS, type ClusterQuery, type ClusterResponse, type ExploreFilters, type ExploreStats, type ObservationListQuery, type ObservationListResponse, type ObservationRow, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toPhoto } from '../checklists/checklists.queries';
import { photosRepository } from '../photos/photos.repository';
import { visibleStatuses } from './observation-filters';
import { observationsMap } from './observations.map';
import { observationsRepository, type ObservationListRow } from './observations.repository';

/** Observation rules: the public list (spec §1, §7). */
export function createObservationsService(db: Db) {
  const toRow = ({ user_id: _owner, ...r }: ObservationListRow, photos: ObservationRow['photo']): ObservationRow => ({
    ...r,
    is_flash: r.is_flash ? 1 : 0,
    observation_created: new Date(r.observation_created).toISOString(),
    dateidentified: r.dateidentified ? new Date(r.dateidentified).toISOString() : null,
    photo_path: photos[0]?.photo_path ?? null,
    photo: photos,
  });

  return {
    /**
     * One observation: public statuses for everyone, the owner's own except Deleted, all for an admin.
     * @throws 404 when it does not exist or is not visible to the requester
     */
    async detail(user: SessionUser | null, observationId: number): Promise<ObservationRow> {
      const row = await observationsRepository.findById(db, observationId);
      if (!row) throw notFound();
      const status = row.observationstatus_id as (typeof PUBLIC_STATUS_IDS)[number];
      const visible =
        user?.role_id === ADMIN_ROLE_ID ||
        PUBLIC_STATUS_IDS.includes(status) ||
        (user !== null && user.user_id === row.user_id && row.observationstatus_id !== ObservationStatus.Deleted);
      if (!visible) throw notFound();
      const photos = (await photosRepository.findByObservations(db, [observationId])).map(toPhoto);
      return toRow(row, photos);
    },

    /**
     * Explore list: observations matching the filters, newest first, page size ≤ 50 (spec §7).
     * The public sees Pending, Vetted and Valid; an admin every status.
     */
    async list(user: SessionUser | null, query: ObservationListQuery): Promise<ObservationListResponse> {
      const { page, limit, ...filters } = query;
      const { rows, total } = await observationsRepository.paginate(db, filters, visibleStatuses(user), limit, (page - 1) * limit);
      const photoRows = await photosRepository.findByObservations(db, rows.map((r) => r.observation_id));
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map((r) => toRow(r, photoRows.filter((p) => p.observation_id === r.observation_id).map(toPhoto))),
        paginator: { current: page, total, limit, totalpage, hasPre: page > 1, hasNext: page < totalpage },
      };
    },

    /** Map clusters of the observations matching the filters inside the viewport (issue 4). */
    clusters(user: SessionUser | null, query: ClusterQuery): Promise<ClusterResponse> {
      return observationsMap.clusters(db, query, visibleStatuses(user));
    },

    /** Chart figures for the filters: per week of the year by life stage, per province. */
    stats(user: SessionUser | null, filters: ExploreFilters): Promise<ExploreStats> {
      return observationsMap.stats(db, filters, visibleStatuses(user));
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
