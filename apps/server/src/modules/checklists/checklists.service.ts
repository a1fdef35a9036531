import {
  cellCentre,
  ObservationStatus,
  SubmitType,
  V,
  type ChecklistDetail,
  type MySubmissionsResponse,
  type SessionUser,
  type SiteHistory,
  type SubmitFlashInput,
  type SubmitMissionInput,
} from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { isObserver, seesExactPlace, seesStoredText, visibleStatuses } from '../../db/visibility';
import { HttpError, fieldError, forbidden, notFound } from '../../lib/errors';
import { FINAL_PATH, TEMP_PATH, type PhotosService } from '../photos/photos.service';
import { createQualityService, type QualityService } from '../quality/quality.service';
import { flashToWrite, missionToWrite, type ChecklistWrite } from './checklist-write';
import { checklistsQueries } from './checklists.queries';
import { checklistsRepository as repo } from './checklists.repository';
import { assertPhotosPlaced } from './photo-placement';
import { createPlaceCheck } from './place-check';
import { createReferenceIds, type ReferenceIds } from './reference-ids';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

type ReferenceField = 'milkweed_id' | 'abundance_id' | 'locationsize_id';
const REFERENCE_FIELDS: readonly ReferenceField[] = ['milkweed_id', 'abundance_id', 'locationsize_id'];

/** The first reference of a write the ids do not hold, as the field to blame; undefined when all are known. */
function unknownReference(ids: ReferenceIds, write: ChecklistWrite): 'province_id' | ReferenceField | undefined {
  if (!ids.provinces.has(write.site.province_id)) return 'province_id';
  return REFERENCE_FIELDS.find((field) => write.rows.some((r) => r[field] !== null && !ids[field].has(r[field])));
}

/**
 * Checks every reference of a write before any row is written: reference ids against the cached
 * reference tables, the point against the chosen province's boundary, the user's own site and
 * photos against the database.
 * @returns the province's country and the photo ids by file name
 * @throws 400 naming the field (province, site, milkweed, abundance, location size, photos; the
 *   province the point lies in, or the location when it lies outside Canada, the US and Mexico)
 */
async function checkReferences(
  db: DbOrTx,
  references: ReturnType<typeof createReferenceIds>,
  places: ReturnType<typeof createPlaceCheck>,
  userId: number,
  write: ChecklistWrite,
  photoNames: string[],
  ownChecklistId?: number,
) {
  const ids = await references.get((known) => unknownReference(known, write) === undefined);
  const unknown = unknownReference(ids, write);
  if (unknown) throw fieldError(unknown, V.unknownReference);
  await places.check(write.site);
  if (write.site.site_id != null && !(await repo.findOwnSite(db, userId, write.site.site_id)))
    throw fieldError('site_id', V.unknownReference);
  const usable = await repo.findUsablePhotos(db, userId, photoNames, ownChecklistId);
  if (usable.length !== new Set(photoNames).size) throw fieldError('photos', V.unknownReference);
  return { countryId: ids.provinces.get(write.site.province_id) ?? 0, photos: usable };
}

/**
 * Checklist rules: create (idempotent), replace and delete while Pending by the owner only, read with visibility.
 * Every write stores the observations' quality flags.
 */
export function createChecklistsService(
  db: Db,
  photos: PhotosService,
  quality: QualityService = createQualityService(db),
) {
  const references = createReferenceIds(db);
  const places = createPlaceCheck(db);
  const releaseTemp = (rows: { photo_name: string; photo_path: string }[]) =>
    photos.releaseTempFiles(rows.filter((p) => p.photo_path === TEMP_PATH).map((p) => p.photo_name));
  /** The first checklist of an idempotency key, its photo files checked (and repaired) first. */
  const answerRetry = async (checklistId: number) => {
    await photos.repairChecklist(checklistId);
    return checklistId;
  };

  const service = {
    /**
     * Writes a submission in ONE transaction (site, checklist, observations, photo links), status
     * Pending, submit type Web. Photo files reach the permanent area before the commit that
     * attaches them. A retry with the same idempotency key answers the first checklist, after
     * checking (and repairing) its photo files.
     * @throws 400 for unknown references or photos that are not the user's own unattached uploads
     */
    async create(userId: number, idempotencyKey: string, write: ChecklistWrite, photoNames: string[]): Promise<number> {
      const previous = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
      if (previous !== undefined) return answerRetry(previous);
      const refs = await checkReferences(db, references, places, userId, write, photoNames);
      if (refs.photos.length === 0) {
        // The common case, in one atomic statement (BENCHMARKS.md: the multi-statement transaction cost 11 round trips).
        // At a new site every fact of the flags is in the request: they are computed first and written
        // with the rows (an update after would write every row and its indexes twice).
        const atNewSite = write.site.site_id == null;
        const flags = atNewSite
          ? await quality.flagsOfNewRecord(
              userId,
              {
                checklist_date: write.checklist.checklist_date,
                latitude: write.site.latitude,
                longitude: write.site.longitude,
                stems_inspected: write.checklist.stems_inspected,
                observations: write.rows,
              },
              write.site.province_id,
              write.site.coordinate_uncertainty_m,
            )
          : null;
        const { checklistId, newSiteId } = await repo.insertSubmission(
          db,
          userId,
          idempotencyKey,
          SubmitType.Web,
          write,
          refs.countryId,
          flags,
        );
        if (checklistId !== null) {
          // At a known site the flags are derived from the rows just written; `npm run quality:recompute` if this fails.
          if (!atNewSite) await quality.recompute(db, [checklistId]);
          return checklistId;
        }
        // A concurrent retry with the same key won: drop the site this attempt made, answer the winner.
        if (newSiteId !== null) await repo.deleteUnusedSite(db, newSiteId);
        const winner = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
        if (winner === undefined) throw new Error('idempotency key taken but no checklist holds it');
        return winner;
      }
      await photos.placeFiles(refs.photos);
      try {
        const id = await db.transaction(async (tx) => {
          const siteId = write.site.site_id ?? (await repo.createSite(tx, userId, write.site, refs.countryId));
          if (write.site.site_id != null && write.site.is_private !== null)
            await repo.setSitePrivacy(tx, siteId, write.site.is_private);
          const checklistId = await repo.createChecklist(tx, {
            ...write.checklist,
            user_id: userId,
            site_id: siteId,
            submittype_id: SubmitType.Web,
            idempotency_key: idempotencyKey,
          });
          await repo.insertObservations(
            tx,
            checklistId,
            write.rows,
            new Map(refs.photos.map((p) => [p.photo_name, p.id])),
            FINAL_PATH,
          );
          await quality.recompute(tx, [checklistId]);
          return checklistId;
        });
        await releaseTemp(refs.photos);
        return id;
      } catch (err) {
        const winner = isUniqueViolation(err) ? await repo.findByIdempotencyKey(db, userId, idempotencyKey) : undefined;
        if (winner !== undefined) return answerRetry(winner);
        throw err;
      }
    },

    /**
     * A Flash Data sighting (`POST /api/observations/submit_flash`), written as {@link create} writes it.
     * @returns the checklist id
     * @throws 400 for a photo placed on no row, unknown references or photos not the user's own uploads
     */
    async submitFlash(userId: number, input: SubmitFlashInput): Promise<number> {
      const write = flashToWrite(input);
      assertPhotosPlaced(input.photos, write);
      const names = input.photos.map((p) => p.photo_name);
      return service.create(userId, input.idempotency_key, write, names);
    },

    /**
     * A Mission (`POST /api/observations/submit_mission`), written as {@link create} writes it.
     * @returns the checklist id
     * @throws 400 for a photo placed on no row, unknown references or photos not the user's own uploads
     */
    async submitMission(userId: number, input: SubmitMissionInput): Promise<number> {
      const write = missionToWrite(input);
      assertPhotosPlaced(input.observation.photos, write);
      const names = input.observation.photos.map((p) => p.photo_name);
      return service.create(userId, input.idempotency_key, write, names);
    },

    /**
     * Replaces a submission's content (same kind), in one transaction.
     * @throws 404 unknown, 403 not the owner, 409 not every observation Pending (or kind differs)
     */
    async replace(
      user: SessionUser,
      checklistId: number,
      write: ChecklistWrite,
      photoNames: string[],
    ): Promise<number> {
      const refs = await checkReferences(db, references, places, user.user_id, write, photoNames, checklistId);
      await photos.placeFiles(refs.photos);
      await db.transaction(async (tx) => {
        const current = await repo.findById(tx, checklistId, true);
        if (!current || current.isdeleted) throw notFound();
        if (current.user_id !== user.user_id) throw forbidden();
        const statuses = await repo.statusesOf(tx, checklistId);
        if (current.is_flash !== write.checklist.is_flash || statuses.some((s) => s !== ObservationStatus.Pending))
          throw new HttpError(409, 'errors.not_pending');
        let siteId = write.site.site_id ?? current.site_id;
        if (write.site.site_id != null && write.site.is_private !== null)
          await repo.setSitePrivacy(tx, write.site.site_id, write.site.is_private);
        if (write.site.site_id == null) {
          // Edit the site in place when only this checklist uses it; otherwise give this one its own.
          if ((await repo.siteUses(tx, current.site_id)) === 1)
            await repo.updateSite(tx, current.site_id, write.site, refs.countryId);
          else siteId = await repo.createSite(tx, user.user_id, write.site, refs.countryId);
        }
        await repo.updateChecklist(tx, checklistId, { ...write.checklist, site_id: siteId });
        await repo.deleteObservations(tx, checklistId);
        await repo.insertObservations(
          tx,
          checklistId,
          write.rows,
          new Map(refs.photos.map((p) => [p.photo_name, p.id])),
          FINAL_PATH,
        );
        await quality.recompute(tx, [checklistId]);
      });
      await releaseTemp(refs.photos);
      return checklistId;
    },

    /**
     * Marks every observation of a submission Deleted (never a hard delete).
     * @throws 404 unknown, 403 not the owner, 409 already vetted
     */
    async remove(user: SessionUser, checklistId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.findById(tx, checklistId, true);
        if (!current || current.isdeleted) throw notFound();
        if (current.user_id !== user.user_id) throw forbidden();
        const statuses = await repo.statusesOf(tx, checklistId);
        if (statuses.every((s) => s === ObservationStatus.Deleted)) throw notFound();
        if (statuses.some((s) => s !== ObservationStatus.Pending)) throw new HttpError(409, 'errors.not_pending');
        await repo.setStatus(tx, checklistId, ObservationStatus.Deleted);
      });
    },

    /**
     * A checklist with the observations the requester may see: public statuses for everyone, all but
     * Deleted for the owner, everything for an admin.
     * @throws 404 when nothing of it is visible
     */
    async detail(user: SessionUser | null, checklistId: number): Promise<ChecklistDetail> {
      const head = await checklistsQueries.head(db, checklistId);
      if (!head) throw notFound();
      const rows = await checklistsQueries.observations(db, checklistId, visibleStatuses(user, head.user_id));
      if (rows.length === 0) throw notFound();
      const photoList = await photos.ofObservations(rows.map((o) => o.observation_id));
      const observations = rows.map((o) => ({
        ...o,
        photo: photoList.filter((p) => p.observation_id === o.observation_id),
      }));
      // Its observer and admins read the comment and place names as stored; everyone else without
      // email addresses or phone numbers.
      const stored = seesStoredText(user, head.user_id);
      const {
        site_id,
        province_id,
        province,
        country_id,
        latitude,
        longitude,
        is_private,
        user_id: _u,
        created,
        is_flash,
        comment: storedComment,
        public_comment,
        locality: storedLocality,
        public_locality,
        city: storedCity,
        public_city,
        ...rest
      } = head;
      const comment = stored ? storedComment : public_comment;
      const locality = stored ? storedLocality : public_locality;
      const city = stored ? storedCity : public_city;
      // A private site's exact place reaches only its observer and admins.
      const exact = !is_private || seesExactPlace(user, head.user_id);
      const site = exact
        ? { site_id, locality, city, province_id, province, country_id, latitude, longitude, is_private }
        : {
            site_id,
            locality: null,
            city: null,
            province_id,
            province,
            country_id,
            latitude: cellCentre(latitude),
            longitude: cellCentre(longitude),
            is_private,
          };
      return {
        ...rest,
        comment,
        is_flash: is_flash ? 1 : 0,
        created: new Date(created).toISOString(),
        site,
        observations,
        can_edit:
          isObserver(user, head.user_id) &&
          observations.every((o) => o.observationstatus_id === ObservationStatus.Pending),
      };
    },

    /** My Flash or Mission submissions, newest first. */
    async mine(userId: number, kind: 'flash' | 'mission', page: number, limit: number): Promise<MySubmissionsResponse> {
      const { rows, total } = await checklistsQueries.mine(db, userId, kind === 'flash', limit, (page - 1) * limit);
      const photoList = await photos.byIds(rows.map((r) => r.photo_id).filter((v): v is number => v !== null));
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map(({ photo_id, created, ...r }) => {
          const photo = photoList.find((p) => p.id === photo_id);
          return { ...r, created: new Date(created).toISOString(), photo: photo ?? null };
        }),
        paginator: { current: page, total, limit, totalpage, hasPre: page > 1, hasNext: page < totalpage },
      };
    },

    mySites: (userId: number) => checklistsQueries.mySites(db, userId),

    /**
     * A site's history ("Per-site history"; `GET /api/sites/:id/history`): its visits newest
     * first, each with its ISO week and monarch counts per life stage, counting the observations the
     * requester may see (public statuses for everyone, all but Deleted for the site's owner, all for
     * an admin). A private site's point is generalised to its 0.1° cell centre, without locality or
     * city, except for its owner and admins.
     * @throws 404 when the site does not exist or has no visit the requester may see
     */
    async siteHistory(user: SessionUser | null, siteId: number): Promise<SiteHistory> {
      const site = await checklistsQueries.site(db, siteId);
      if (!site) throw notFound();
      const visits = await checklistsQueries.siteVisits(db, siteId, visibleStatuses(user, site.user_id));
      if (visits.length === 0) throw notFound();
      const { user_id: _u, public_locality, public_city, ...stored } = site;
      // Place names without email addresses or phone numbers for all but its owner and admins.
      const place = seesStoredText(user, site.user_id)
        ? stored
        : { ...stored, locality: public_locality, city: public_city };
      const exact = !site.is_private || seesExactPlace(user, site.user_id);
      return {
        site: exact
          ? { ...place, exact }
          : {
              ...place,
              locality: null,
              city: null,
              latitude: cellCentre(site.latitude),
              longitude: cellCentre(site.longitude),
              exact,
            },
        visits,
      };
    },

    /**
     * Province and country suggested for a point (WGS84 degrees): the one whose boundary contains
     * it, else the nearest within a few km (shores); nulls outside Canada, the US and Mexico.
     */
    locate: (lat: number, lng: number) => places.locate(lat, lng),
  };
  return service;
}
export type ChecklistsService = ReturnType<typeof createChecklistsService>;
