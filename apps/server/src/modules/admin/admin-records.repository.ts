import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminListQuery,
  adminChecklistSchema,
  adminChecklistUpdateSchema,
  adminSiteSchema,
  adminSiteUpdateSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { ListPage } from './admin-list';
import { allOf, inIds, iso, listPage, regionWhere } from './admin-list.queries';
import { publicComment } from '../../db/public-text';
import { publicText } from '../../lib/personal-data';

export type AdminChecklist = z.infer<typeof adminChecklistSchema>;
export type AdminSite = z.infer<typeof adminSiteSchema>;

const CHECKLIST_SELECT = sql`c.checklist_id AS id, c.checklist_date::text AS checklist_date, to_char(c.start_time, 'HH24:MI') AS start_time,
  to_char(c.end_time, 'HH24:MI') AS end_time, c.participants, c.is_flash, c.comment, c.site_id, s.locality, s.province_id, c.user_id, u.username,
  (SELECT count(*)::int FROM observations o WHERE o.checklist_id = c.checklist_id) AS observation_count, ${iso('c.created')}`;
const CHECKLIST_FROM = sql`FROM checklists c JOIN sites s ON s.site_id = c.site_id LEFT JOIN users u ON u.user_id = c.user_id`;
const CHECKLIST_SORTABLE: Record<string, SQL> = {
  id: sql`c.checklist_id`,
  checklist_date: sql`c.checklist_date`,
  created: sql`c.created`,
  province_id: sql`s.province_id`,
  username: sql`lower(u.username)`,
  is_flash: sql`c.is_flash`,
};

const SITE_SELECT = sql`s.site_id AS id, s.locality, s.city, s.province_id, s.country_id, s.latitude, s.longitude, s.is_private, s.user_id, u.username,
  (SELECT count(*)::int FROM checklists c WHERE c.site_id = s.site_id AND NOT c.isdeleted) AS checklist_count`;
const SITE_FROM = sql`FROM sites s LEFT JOIN users u ON u.user_id = s.user_id`;
const SITE_SORTABLE: Record<string, SQL> = {
  id: sql`s.site_id`,
  locality: sql`lower(s.locality)`,
  province_id: sql`s.province_id`,
  username: sql`lower(u.username)`,
};

/** Filters of the panel's checklist list, already checked by the service. */
export interface AdminChecklistFilter {
  /** A Region admin's provinces; null for an Admin. */
  provinces: readonly number[] | null;
  ids?: number[];
  userId?: number;
  siteId?: number;
  provinceId?: number;
  isFlash?: boolean;
  /** ILIKE pattern on locality and username. */
  q?: string;
}

/** Filters of the panel's site list, already checked by the service. */
export interface AdminSiteFilter {
  provinces: readonly number[] | null;
  ids?: number[];
  userId?: number;
  provinceId?: number;
  /** ILIKE pattern on locality, city and username. */
  q?: string;
}

/** A checklist correction: only the fields that are set are written. */
export type ChecklistChange = z.infer<typeof adminChecklistUpdateSchema>;
/** A site correction; `country_id` is the province's country and is written with `province_id`. */
export type SiteChange = z.infer<typeof adminSiteUpdateSchema> & { country_id?: number };

/** Queries of the panel's checklist and site screens. */
export const adminRecordsRepository = {
  /** A page of live checklists. @throws 400 on `sort` when the field is not sortable */
  listChecklists(db: DbOrTx, f: AdminChecklistFilter, query: AdminListQuery): Promise<ListPage<AdminChecklist>> {
    const where: SQL[] = [sql`NOT c.isdeleted`, regionWhere(f.provinces)];
    if (f.ids) where.push(inIds(sql`c.checklist_id`, f.ids));
    if (f.userId) where.push(sql`c.user_id = ${f.userId}`);
    if (f.siteId) where.push(sql`c.site_id = ${f.siteId}`);
    if (f.provinceId) where.push(sql`s.province_id = ${f.provinceId}`);
    if (f.isFlash !== undefined) where.push(sql`c.is_flash = ${f.isFlash}`);
    if (f.q) where.push(sql`(s.locality ILIKE ${f.q} OR u.username ILIKE ${f.q})`);
    return listPage<AdminChecklist>(
      db,
      {
        select: CHECKLIST_SELECT,
        from: CHECKLIST_FROM,
        where: allOf(where),
        sortable: CHECKLIST_SORTABLE,
        tieBreaker: sql`c.checklist_id`,
      },
      query,
    );
  },

  /** One checklist (deleted ones included) with its site's place and its observation count. */
  async findChecklist(db: DbOrTx, id: number): Promise<AdminChecklist | undefined> {
    const res = await db.execute(sql`SELECT ${CHECKLIST_SELECT} ${CHECKLIST_FROM} WHERE c.checklist_id = ${id}`);
    return res.rows[0] ? (res.rows[0] as unknown as AdminChecklist) : undefined;
  },

  /** Writes the set fields of a checklist and moves `updated`; false when nothing was set. */
  async updateChecklist(tx: DbOrTx, id: number, change: ChecklistChange): Promise<boolean> {
    const sets: SQL[] = [];
    if (change.checklist_date !== undefined) sets.push(sql`checklist_date = ${change.checklist_date}::date`);
    if (change.start_time !== undefined) sets.push(sql`start_time = ${change.start_time}::time`);
    if (change.end_time !== undefined) sets.push(sql`end_time = ${change.end_time}::time`);
    if (change.participants !== undefined) sets.push(sql`participants = ${change.participants}`);
    if (change.comment !== undefined)
      sets.push(sql`comment = ${change.comment}`, sql`public_comment = ${publicComment(change.comment)}`);
    if (sets.length === 0) return false;
    await tx.execute(
      sql`UPDATE checklists SET ${sql.join([...sets, sql`updated = now()`], sql`, `)} WHERE checklist_id = ${id}`,
    );
    return true;
  },

  /** A page of live sites. @throws 400 on `sort` when the field is not sortable */
  listSites(db: DbOrTx, f: AdminSiteFilter, query: AdminListQuery): Promise<ListPage<AdminSite>> {
    const where: SQL[] = [sql`NOT s.isdeleted`, regionWhere(f.provinces)];
    if (f.ids) where.push(inIds(sql`s.site_id`, f.ids));
    if (f.userId) where.push(sql`s.user_id = ${f.userId}`);
    if (f.provinceId) where.push(sql`s.province_id = ${f.provinceId}`);
    if (f.q) where.push(sql`(s.locality ILIKE ${f.q} OR s.city ILIKE ${f.q} OR u.username ILIKE ${f.q})`);
    return listPage<AdminSite>(
      db,
      {
        select: SITE_SELECT,
        from: SITE_FROM,
        where: allOf(where),
        sortable: SITE_SORTABLE,
        tieBreaker: sql`s.site_id`,
      },
      query,
    );
  },

  /** One site (deleted ones included) with its owner and live checklist count. */
  async findSite(db: DbOrTx, id: number): Promise<AdminSite | undefined> {
    const res = await db.execute(sql`SELECT ${SITE_SELECT} ${SITE_FROM} WHERE s.site_id = ${id}`);
    return res.rows[0] ? (res.rows[0] as unknown as AdminSite) : undefined;
  },

  /** Writes the set fields of a site and moves `updated`; false when nothing was set. */
  async updateSite(tx: DbOrTx, id: number, change: SiteChange): Promise<boolean> {
    const sets: SQL[] = [];
    if (change.province_id !== undefined)
      sets.push(sql`province_id = ${change.province_id}`, sql`country_id = ${change.country_id ?? null}`);
    if (change.locality !== undefined)
      sets.push(sql`locality = ${change.locality}`, sql`public_locality = ${publicText(change.locality)}`);
    if (change.city !== undefined) sets.push(sql`city = ${change.city}`, sql`public_city = ${publicText(change.city)}`);
    if (change.latitude !== undefined) sets.push(sql`latitude = ${change.latitude}`);
    if (change.longitude !== undefined) sets.push(sql`longitude = ${change.longitude}`);
    if (change.is_private !== undefined) sets.push(sql`is_private = ${change.is_private}`);
    if (sets.length === 0) return false;
    await tx.execute(sql`UPDATE sites SET ${sql.join([...sets, sql`updated = now()`], sql`, `)} WHERE site_id = ${id}`);
    return true;
  },
};
