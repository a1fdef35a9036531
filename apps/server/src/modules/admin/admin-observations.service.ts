import { sql, type SQL } from 'drizzle-orm';
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
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, RequestValidationError, fieldError, notFound } from '../../lib/errors';
import { observationJoins, observationWhere } from '../observations/observation-filters';
import { createQualityService, type QualityService } from '../quality/quality.service';
import { assertInRegion, type PanelAccess } from './admin-access';
import { audit, changedFields, iso, idFilter, intFilter, listPage, type ListPage } from './admin-list';

const ALL_STATUSES: readonly ObservationStatusId[] = [1, 2, 3, 4, 5, 6];
/** A verdict records who vetted and when (`vetted_by`, `dateidentified`); going back to Pending clears them. */
const VERDICTS: readonly number[] = [
  ObservationStatus.Vetted,
  ObservationStatus.Valid,
  ObservationStatus.Invalid,
  ObservationStatus.Test,
];

const photoUrl = (size: 'small' | 'large') =>
  sql`'/attachments/' || p.photo_path || '/${sql.raw(size)}/' || p.photo_name`;
const SELECT = sql`o.observation_id AS id, o.checklist_id, c.is_flash, c.checklist_date::text AS checklist_date, o.lifestage_id, o.numbers, o.milkweed_id,
  o.observationstatus_id, o.vetted_by, v.username AS vetted_by_username, ${iso('o.dateidentified')}, ${iso('o.observation_created')},
  s.site_id, s.locality, s.province_id, s.country_id, s.latitude, s.longitude, c.user_id, u.username, c.comment,
  o.quality_flags, jsonb_array_length(o.quality_flags) AS flag_count, o.flags_accepted_by, a.username AS flags_accepted_by_username,
  ${iso('o.flags_accepted_at')},
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'small', ${photoUrl('small')}, 'large', ${photoUrl('large')}, 'lifestage_id', p.observation_lifestage_id) ORDER BY p.id)
            FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted), '[]'::json) AS photos`;
const FROM = sql`${observationJoins('exact')} LEFT JOIN users u ON u.user_id = c.user_id LEFT JOIN users v ON v.user_id = o.vetted_by
  LEFT JOIN users a ON a.user_id = o.flags_accepted_by`;
const SORTABLE: Record<string, SQL> = {
  id: sql`o.observation_id`,
  checklist_date: sql`c.checklist_date`,
  observation_created: sql`o.observation_created`,
  numbers: sql`o.numbers`,
  observationstatus_id: sql`o.observationstatus_id`,
  lifestage_id: sql`o.lifestage_id`,
  milkweed_id: sql`o.milkweed_id`,
  province_id: sql`s.province_id`,
  username: sql`lower(u.username)`,
  dateidentified: sql`o.dateidentified`,
  flag_count: sql`jsonb_array_length(o.quality_flags)`,
};

/**
 * The vetting queue's flag filter (issue 19): `any` flagged, `none` unflagged, or one flag code.
 * @throws 400 on `flag` for anything else
 */
function flagWhere(flag: unknown): SQL | undefined {
  if (flag === undefined || flag === null || flag === '') return undefined;
  if (flag === 'any') return sql`jsonb_array_length(o.quality_flags) > 0`;
  if (flag === 'none') return sql`o.quality_flags = '[]'::jsonb`;
  if (typeof flag === 'string' && (QUALITY_FLAG_CODES as readonly string[]).includes(flag))
    return sql`o.quality_flags @> ${JSON.stringify([{ code: flag }])}::jsonb`;
  throw fieldError('flag', 'validation.invalid');
}

/** `s.province_id` limited to a Region admin's provinces; true for an Admin. */
export function regionWhere(access: PanelAccess): SQL {
  if (!access.provinces) return sql`true`;
  if (access.provinces.length === 0) return sql`false`;
  return sql`s.province_id IN (${sql.join(
    access.provinces.map((p) => sql`${p}`),
    sql`, `,
  )})`;
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

async function findOne(db: DbOrTx, id: number): Promise<AdminObservation | undefined> {
  const res = await db.execute(sql`SELECT ${SELECT} ${FROM} WHERE o.observation_id = ${id}`);
  return res.rows[0] ? (res.rows[0] as AdminObservation) : undefined;
}

/**
 * Observations in the admin panel (issue 7): list with the Explore filters plus status, show,
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
      const filters = exploreFilters(query.filter);
      const where: SQL[] = [observationWhere(filters, ALL_STATUSES), regionWhere(access)];
      const ids = idFilter(query.filter);
      if (ids)
        where.push(
          ids.length
            ? sql`o.observation_id IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      const checklistId = intFilter(query.filter, 'checklist_id');
      if (checklistId) where.push(sql`o.checklist_id = ${checklistId}`);
      const userId = intFilter(query.filter, 'user_id');
      if (userId) where.push(sql`c.user_id = ${userId}`);
      const flagged = flagWhere(query.filter.flag);
      if (flagged) where.push(flagged);
      return listPage<AdminObservation>(
        db,
        {
          select: SELECT,
          from: FROM,
          where: sql.join(where, sql` AND `),
          sortable: SORTABLE,
          tieBreaker: sql`o.observation_id`,
        },
        query,
      );
    },

    /** One observation. @throws 404 unknown, 403 outside a Region admin's provinces */
    async get(access: PanelAccess, id: number): Promise<AdminObservation> {
      const row = await findOne(db, id);
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
        await tx.execute(sql`SELECT 1 FROM observations WHERE observation_id = ${id} FOR UPDATE`);
        const before = await findOne(tx, id);
        if (!before) throw notFound();
        assertInRegion(access, before.province_id);
        if (change.milkweed_id != null) {
          const known = await tx.execute(sql`SELECT 1 FROM milkweed_species WHERE milkweed_id = ${change.milkweed_id}`);
          if (known.rows.length === 0) throw fieldError('milkweed_id', 'validation.unknown_reference');
        }
        let countryId: number | undefined;
        if (change.province_id !== undefined) {
          const province = await tx.execute(
            sql`SELECT country_id FROM provinces WHERE province_id = ${change.province_id}`,
          );
          if (province.rows.length === 0) throw fieldError('province_id', 'validation.unknown_reference');
          assertInRegion(access, change.province_id);
          countryId = (province.rows[0] as { country_id: number }).country_id;
        }
        const obs: SQL[] = [];
        if (change.numbers !== undefined) obs.push(sql`numbers = ${change.numbers}`);
        if (change.milkweed_id !== undefined) obs.push(sql`milkweed_id = ${change.milkweed_id}`);
        if (obs.length)
          await tx.execute(
            sql`UPDATE observations SET ${sql.join(obs, sql`, `)}, updated = now() WHERE observation_id = ${id}`,
          );
        if (change.checklist_date !== undefined)
          await tx.execute(
            sql`UPDATE checklists SET checklist_date = ${change.checklist_date}::date, updated = now() WHERE checklist_id = ${before.checklist_id}`,
          );
        const site: SQL[] = [];
        if (change.latitude !== undefined) site.push(sql`latitude = ${change.latitude}`);
        if (change.longitude !== undefined) site.push(sql`longitude = ${change.longitude}`);
        if (change.locality !== undefined) site.push(sql`locality = ${change.locality}`);
        if (change.province_id !== undefined)
          site.push(sql`province_id = ${change.province_id}`, sql`country_id = ${countryId ?? null}`);
        if (site.length)
          await tx.execute(
            sql`UPDATE sites SET ${sql.join(site, sql`, `)}, updated = now() WHERE site_id = ${before.site_id}`,
          );
        if (site.length) await quality.recomputeSite(tx, before.site_id);
        else if (obs.length || change.checklist_date !== undefined) await quality.recompute(tx, [before.checklist_id]);
        const after = (await findOne(tx, id)) as AdminObservation;
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
     * and allow the transition (409). Verdicts record `vetted_by` and `dateidentified`.
     * @returns the ids changed
     */
    async setStatus(access: PanelAccess, change: StatusChange): Promise<number[]> {
      const ids = [...new Set(change.ids)];
      return db.transaction(async (tx) => {
        const res = await tx.execute(
          sql`SELECT o.observation_id AS id, o.observationstatus_id AS status_id, s.province_id ${observationJoins('exact')}
              WHERE o.observation_id IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )}) ORDER BY o.observation_id FOR UPDATE OF o`,
        );
        const rows = res.rows as { id: number; status_id: number; province_id: number | null }[];
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
        // Vetting a flagged record Valid accepts its flags: who and when are kept until it goes back to Pending.
        const accepted =
          change.status_id === ObservationStatus.Valid
            ? sql`CASE WHEN jsonb_array_length(quality_flags) > 0 THEN ${access.user.user_id}::int END`
            : change.status_id === ObservationStatus.Pending
              ? sql`NULL`
              : sql`flags_accepted_by`;
        const vettedBy = verdict ? access.user.user_id : null;
        await tx.execute(sql`UPDATE observations SET observationstatus_id = ${change.status_id},
            vetted_by = ${change.status_id === ObservationStatus.Deleted ? sql`vetted_by` : sql`${vettedBy}`},
            dateidentified = ${change.status_id === ObservationStatus.Deleted ? sql`dateidentified` : verdict ? sql`now()` : sql`NULL`},
            flags_accepted_by = ${accepted},
            flags_accepted_at = CASE WHEN ${accepted} IS NULL THEN NULL WHEN ${accepted} IS NOT DISTINCT FROM flags_accepted_by THEN flags_accepted_at ELSE now() END,
            updated = now()
          WHERE observation_id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`);
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
