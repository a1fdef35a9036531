import {
  ObservationStatus,
  QUALITY_FLAG_CODES,
  canTransition,
  exploreFiltersSchema,
  type AdminListQuery,
  type AdminObservation,
  type AdminObservationUpdate,
  type ObservationStatusId,
  type StatusChange,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { HttpError, RequestValidationError, fieldError, notFound } from '../../lib/errors';
import { createQualityService, type QualityService } from '../quality/quality.service';
import { assertInRegion, type PanelAccess } from './admin-access.service';
import { changedFields, idFilter, intFilter, type ListPage } from './admin-list';
import { audit, provinceCountry } from './admin-list.queries';
import { adminObservationsRepository as repo, type FlagFilter } from './admin-observations.repository';

/** The panel lists every status, Deleted and Test included. */
const ALL_STATUSES: readonly ObservationStatusId[] = Object.values(ObservationStatus);
/** A verdict records who vetted and when (`vetted_by`, `dateidentified`); going back to Pending clears them. */
const VERDICTS: readonly number[] = [
  ObservationStatus.Vetted,
  ObservationStatus.Valid,
  ObservationStatus.Invalid,
  ObservationStatus.Test,
];

/**
 * The vetting queue's flag filter: `any` flagged, `none` unflagged, or one flag code.
 * @throws 400 on `flag` for anything else
 */
function flagFilter(flag: unknown): FlagFilter | undefined {
  if (flag === undefined || flag === null || flag === '') return undefined;
  if (flag === 'any' || flag === 'none') return flag;
  if (typeof flag === 'string' && (QUALITY_FLAG_CODES as readonly string[]).includes(flag)) return flag as FlagFilter;
  throw fieldError('flag', 'validation.invalid');
}

/** Explore filters from a react-admin `filter` object (values arrive as JSON numbers, strings or booleans). */
function exploreFilters(filter: Record<string, unknown>) {
  const asQuery = Object.fromEntries(
    Object.entries(filter)
      .filter(([k, v]) => v !== null && v !== '' && k in exploreFiltersSchema.shape)
      .map(([k, v]) => [k, String(v)]),
  );
  const parsed = exploreFiltersSchema.safeParse(asQuery);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'querystring');
  return parsed.data;
}

/**
 * Observations in the admin panel: list with the Explore filters plus status, show,
 * correct, and change status along STATUS_TRANSITIONS. Every change runs in one transaction with
 * its audit rows. Region admins reach only their provinces' observations.
 */
export function createAdminObservationsService(db: Db, quality: QualityService = createQualityService(db)) {
  return {
    /**
     * A page of observations, newest first by default; `filter` takes the Explore filters, `id` (getMany),
     * `checklist_id`, `user_id` and `flag` (`any`, `none` or a flag code); `sort` may be `flag_count`.
     */
    async list(access: PanelAccess, query: AdminListQuery): Promise<ListPage<AdminObservation>> {
      const f = query.filter;
      const explore = exploreFilters(f);
      return repo.list(
        db,
        {
          explore,
          statuses: ALL_STATUSES,
          provinces: access.provinces,
          ids: idFilter(f),
          checklistId: intFilter(f, 'checklist_id'),
          userId: intFilter(f, 'user_id'),
          flag: flagFilter(f.flag),
        },
        query,
      );
    },

    /** One observation. @throws 404 unknown, 403 outside a Region admin's provinces */
    async get(access: PanelAccess, id: number): Promise<AdminObservation> {
      const row = await repo.findOne(db, id);
      if (!row) throw notFound();
      assertInRegion(access, row.province_id);
      return row;
    },

    /**
     * Corrects counts, milkweed, date (the checklist's) or place (the site's), with an audit row
     * holding the changed fields before and after.
     * @throws 404, 403 (also when moving a site out of a Region admin's provinces), 400 naming the field for an unknown milkweed or province
     */
    async update(access: PanelAccess, id: number, change: AdminObservationUpdate): Promise<AdminObservation> {
      return db.transaction(async (tx) => {
        await repo.lock(tx, id);
        const before = await repo.findOne(tx, id);
        if (!before) throw notFound();
        assertInRegion(access, before.province_id);
        if (change.milkweed_id != null && !(await repo.milkweedExists(tx, change.milkweed_id)))
          throw fieldError('milkweed_id', 'validation.unknown_reference');
        let countryId: number | undefined;
        if (change.province_id !== undefined) {
          const province = await provinceCountry(tx, change.province_id);
          if (!province) throw fieldError('province_id', 'validation.unknown_reference');
          assertInRegion(access, change.province_id);
          countryId = province.country_id;
        }
        const observationChanged = await repo.updateObservation(tx, id, change);
        if (change.checklist_date !== undefined)
          await repo.updateChecklistDate(tx, before.checklist_id, change.checklist_date);
        const siteChanged = await repo.updateSitePlace(tx, before.site_id, { ...change, country_id: countryId });
        if (siteChanged) await quality.recomputeSite(tx, before.site_id);
        else if (observationChanged || change.checklist_date !== undefined)
          await quality.recompute(tx, [before.checklist_id]);
        const after = (await repo.findOne(tx, id)) as AdminObservation;
        const diff = changedFields(before, after, Object.keys(change) as (keyof AdminObservationUpdate)[]);
        if (diff)
          await audit(tx, {
            userId: access.user.user_id,
            resource: 'observations',
            recordId: id,
            action: 'update',
            ...diff,
          });
        return after;
      });
    },

    /**
     * Moves observations to one status, all or none: each must be reachable (403), exist (404)
     * and allow the transition (409). Verdicts record `vetted_by` and `dateidentified`; Deleted
     * keeps them; other statuses clear them. Vetting a flagged record Valid accepts its flags: who
     * and when are kept until it goes back to Pending.
     * @returns the ids changed
     */
    async setStatus(access: PanelAccess, change: StatusChange): Promise<number[]> {
      const ids = [...new Set(change.ids)];
      return db.transaction(async (tx) => {
        const rows = await repo.lockStatuses(tx, ids);
        if (rows.length !== ids.length) throw notFound();
        for (const row of rows) assertInRegion(access, row.province_id);
        const illegal = rows.find((r) => !canTransition(r.status_id, change.status_id));
        if (illegal)
          throw new HttpError(409, 'errors.illegal_transition', {
            id: illegal.id,
            from: illegal.status_id,
            to: change.status_id,
          });
        const verdict = VERDICTS.includes(change.status_id);
        await repo.writeStatus(tx, {
          ids,
          statusId: change.status_id,
          vetted: change.status_id === ObservationStatus.Deleted ? 'keep' : verdict ? 'set' : 'clear',
          flags:
            change.status_id === ObservationStatus.Valid
              ? 'accept'
              : change.status_id === ObservationStatus.Pending
                ? 'clear'
                : 'keep',
          userId: access.user.user_id,
        });
        await audit(
          tx,
          rows.map((row) => ({
            userId: access.user.user_id,
            resource: 'observations',
            recordId: row.id,
            action: 'status',
            before: { observationstatus_id: row.status_id },
            after: { observationstatus_id: change.status_id },
          })),
        );
        return rows.map((r) => r.id);
      });
    },
  };
}
export type AdminObservationsService = ReturnType<typeof createAdminObservationsService>;
