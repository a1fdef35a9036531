import { cellCentre, type ObservationRow, type ObservationStatusId, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { seesExactPlace, seesStoredText, visibleStatuses } from '../../db/visibility';
import { notFound } from '../../lib/errors';
import { toPhoto } from '../photos/photos.service';
import { observationsRepository, type ObservationListRow } from './observations.repository';

/** A detail row as the API answers it (spec §3 observation row), with its photos. */
const toRow = (
  {
    user_id: _owner,
    public_locality: _public,
    ...r
  }: Omit<ObservationListRow, 'locality'> & { locality: string | null },
  photos: ObservationRow['photo'],
): ObservationRow => ({
  ...r,
  is_flash: r.is_flash ? 1 : 0,
  observation_created: new Date(r.observation_created).toISOString(),
  dateidentified: r.dateidentified ? new Date(r.dateidentified).toISOString() : null,
  photo_path: photos[0]?.photo_path ?? null,
  photo: photos,
});

/** Observation rules: one observation as its reader may see it (spec §3). Lists: the explore module. */
export function createObservationsService(db: Db) {
  return {
    /**
     * One observation: public statuses for everyone, the owner's own except Deleted, all for an admin.
     * A private site's exact position and locality reach only its observer and admins; others get
     * the centre of its 0.1° cell; they read the locality as stored, others its public
     * text without email addresses or phone numbers.
     * @throws 404 when it does not exist or is not visible to the requester
     */
    async detail(user: SessionUser | null, observationId: number): Promise<ObservationRow> {
      const row = await observationsRepository.findById(db, observationId);
      if (!row) throw notFound();
      const status = row.observationstatus_id as ObservationStatusId;
      if (!visibleStatuses(user, row.user_id).includes(status)) throw notFound();
      const photos = (await observationsRepository.photosOf(db, observationId)).map(toPhoto);
      // Everyone but its observer and admins reads the locality without personal data.
      const place = seesStoredText(user, row.user_id) ? row : { ...row, locality: row.public_locality };
      if (!row.is_private || seesExactPlace(user, row.user_id)) return toRow(place, photos);
      return toRow(
        { ...place, latitude: cellCentre(row.latitude), longitude: cellCentre(row.longitude), locality: null },
        photos,
      );
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
