import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminListQuery,
  AdminObservation,
  AdminObservationUpdate,
  ExploreFilters,
  ObservationStatusId,
  QualityFlagCode,
} from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere } from '../../db/observation-filters';
import type { ListPage } from './admin-list';
import { allOf, inIds, iso, listPage, regionWhere } from './admin-list.queries';
import { publicText } from '../../lib/personal-data';

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

/** The vetting queue's flag filter: `any` flagged, `none` unflagged, or one flag code. */
export type FlagFilter = 'any' | 'none' | QualityFlagCode;

/** Filters of the panel's observation list, already checked by the service. */
export interface AdminObservationFilter {
  /** Explore's filters (spec §5). */
  explore: ExploreFilters;
  /** Statuses listed (the panel sees every one). */
  statuses: readonly ObservationStatusId[];
  /** A Region admin's provinces; null for an Admin. */
  provinces: readonly number[] | null;
  ids?: number[];
  checklistId?: number;
  userId?: number;
  flag?: FlagFilter;
}

function flagWhere(flag: FlagFilter): SQL {
  if (flag === 'any') return sql`jsonb_array_length(o.quality_flags) > 0`;
  if (flag === 'none') return sql`o.quality_flags = '[]'::jsonb`;
  return sql`o.quality_flags @> ${JSON.stringify([{ code: flag }])}::jsonb`;
}

/** A status change decided by the service: what each of `vetted_by`/`dateidentified` and the flag acceptance become. */
export interface StatusWrite {
  ids: readonly number[];
  statusId: number;
  /** `set`: `vetted_by` = `userId` and `dateidentified` = now; `clear`: both NULL; `keep`: unchanged. */
  vetted: 'set' | 'clear' | 'keep';
  /** `accept`: flagged records get `flags_accepted_by` = `userId` (unflagged ones NULL); `clear`: NULL; `keep`: unchanged. */
  flags: 'accept' | 'clear' | 'keep';
  userId: number;
}

/** Queries of the panel's observations and vetting queue . */
export const adminObservationsRepository = {
  /** A page of observations. @throws 400 on `sort` when the field is not sortable */
  list(db: DbOrTx, f: AdminObservationFilter, query: AdminListQuery): Promise<ListPage<AdminObservation>> {
    const where: SQL[] = [observationWhere(f.explore, f.statuses), regionWhere(f.provinces)];
    if (f.ids) where.push(inIds(sql`o.observation_id`, f.ids));
    if (f.checklistId) where.push(sql`o.checklist_id = ${f.checklistId}`);
    if (f.userId) where.push(sql`c.user_id = ${f.userId}`);
    if (f.flag) where.push(flagWhere(f.flag));
    return listPage<AdminObservation>(
      db,
      { select: SELECT, from: FROM, where: allOf(where), sortable: SORTABLE, tieBreaker: sql`o.observation_id` },
      query,
    );
  },

  /** One observation with its checklist, site, people and photos, as the panel shows it. */
  async findOne(db: DbOrTx, id: number): Promise<AdminObservation | undefined> {
    const res = await db.execute(sql`SELECT ${SELECT} ${FROM} WHERE o.observation_id = ${id}`);
    return res.rows[0] ? (res.rows[0] as unknown as AdminObservation) : undefined;
  },

  /** Locks one observation row until the end of the transaction. */
  async lock(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`SELECT 1 FROM observations WHERE observation_id = ${id} FOR UPDATE`);
  },

  /** Whether a milkweed species id exists (retired ones included). */
  async milkweedExists(db: DbOrTx, milkweedId: number): Promise<boolean> {
    const res = await db.execute(sql`SELECT 1 FROM milkweed_species WHERE milkweed_id = ${milkweedId}`);
    return res.rows.length > 0;
  },

  /** Writes count and milkweed when set (and moves `updated`); false when neither is. */
  async updateObservation(
    tx: DbOrTx,
    id: number,
    change: Pick<AdminObservationUpdate, 'numbers' | 'milkweed_id'>,
  ): Promise<boolean> {
    const sets: SQL[] = [];
    if (change.numbers !== undefined) sets.push(sql`numbers = ${change.numbers}`);
    if (change.milkweed_id !== undefined) sets.push(sql`milkweed_id = ${change.milkweed_id}`);
    if (sets.length === 0) return false;
    await tx.execute(
      sql`UPDATE observations SET ${sql.join(sets, sql`, `)}, updated = now() WHERE observation_id = ${id}`,
    );
    return true;
  },

  /** Moves a checklist to another date (yyyy-MM-dd). */
  async updateChecklistDate(tx: DbOrTx, checklistId: number, date: string): Promise<void> {
    await tx.execute(
      sql`UPDATE checklists SET checklist_date = ${date}::date, updated = now() WHERE checklist_id = ${checklistId}`,
    );
  },

  /** Writes a site's place when set (`country_id` with `province_id`); false when nothing is. */
  async updateSitePlace(
    tx: DbOrTx,
    siteId: number,
    change: Pick<AdminObservationUpdate, 'latitude' | 'longitude' | 'locality' | 'province_id'> & {
      country_id?: number;
    },
  ): Promise<boolean> {
    const sets: SQL[] = [];
    if (change.latitude !== undefined) sets.push(sql`latitude = ${change.latitude}`);
    if (change.longitude !== undefined) sets.push(sql`longitude = ${change.longitude}`);
    if (change.locality !== undefined)
      sets.push(sql`locality = ${change.locality}`, sql`public_locality = ${publicText(change.locality)}`);
    if (change.province_id !== undefined)
      sets.push(sql`province_id = ${change.province_id}`, sql`country_id = ${change.country_id ?? null}`);
    if (sets.length === 0) return false;
    await tx.execute(sql`UPDATE sites SET ${sql.join(sets, sql`, `)}, updated = now() WHERE site_id = ${siteId}`);
    return true;
  },

  /** Locks the observations `ids` (in id order) and answers their status and province; unknown ids are absent. */
  async lockStatuses(
    tx: DbOrTx,
    ids: readonly number[],
  ): Promise<{ id: number; status_id: number; province_id: number | null }[]> {
    const res = await tx.execute<{ id: number; status_id: number; province_id: number | null }>(
      sql`SELECT o.observation_id AS id, o.observationstatus_id AS status_id, s.province_id ${observationJoins('exact')}
          WHERE ${inIds(sql`o.observation_id`, ids)} ORDER BY o.observation_id FOR UPDATE OF o`,
    );
    return res.rows;
  },

  /** Writes one status to the observations `ids`, with the vetting and flag-acceptance columns as decided. */
  async writeStatus(tx: DbOrTx, w: StatusWrite): Promise<void> {
    const accepted =
      w.flags === 'accept'
        ? sql`CASE WHEN jsonb_array_length(quality_flags) > 0 THEN ${w.userId}::int END`
        : w.flags === 'clear'
          ? sql`NULL`
          : sql`flags_accepted_by`;
    const vettedBy = w.vetted === 'keep' ? sql`vetted_by` : sql`${w.vetted === 'set' ? w.userId : null}`;
    const dateIdentified = w.vetted === 'keep' ? sql`dateidentified` : w.vetted === 'set' ? sql`now()` : sql`NULL`;
    await tx.execute(sql`UPDATE observations SET observationstatus_id = ${w.statusId},
        vetted_by = ${vettedBy},
        dateidentified = ${dateIdentified},
        flags_accepted_by = ${accepted},
        flags_accepted_at = CASE WHEN ${accepted} IS NULL THEN NULL WHEN ${accepted} IS NOT DISTINCT FROM flags_accepted_by THEN flags_accepted_at ELSE now() END,
        updated = now()
      WHERE ${inIds(sql`observation_id`, w.ids)}`);
  },
};
