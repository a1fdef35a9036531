import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminListQuery,
  adminChecklistSchema,
  adminChecklistUpdateSchema,
  adminSiteSchema,
  adminSiteUpdateSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { createQualityService, type QualityService } from '../quality/quality.service';
import { assertInRegion, type PanelAccess } from './admin-access';
import { audit, changedFields, iso, idFilter, intFilter, listPage, textFilter, type ListPage } from './admin-list';
import { regionWhere } from './admin-observations.service';

type AdminChecklist = z.infer<typeof adminChecklistSchema>;
type AdminSite = z.infer<typeof adminSiteSchema>;

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

const inIds = (column: SQL, ids: number[]) =>
  ids.length
    ? sql`${column} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`false`;

async function oneChecklist(db: DbOrTx, id: number) {
  const res = await db.execute(sql`SELECT ${CHECKLIST_SELECT} ${CHECKLIST_FROM} WHERE c.checklist_id = ${id}`);
  return res.rows[0] ? (res.rows[0] as AdminChecklist) : undefined;
}
async function oneSite(db: DbOrTx, id: number) {
  const res = await db.execute(sql`SELECT ${SITE_SELECT} ${SITE_FROM} WHERE s.site_id = ${id}`);
  return res.rows[0] ? (res.rows[0] as AdminSite) : undefined;
}

/**
 * Checklists (missions and flash sightings) and sites in the admin panel: list, show, edit with audit
 * (issue 7). A corrected date or place recomputes the quality flags of the records it holds (issue 19).
 */
export function createAdminRecordsService(db: Db, quality: QualityService = createQualityService(db)) {
  /**
   * Applies `SET` parts to one row inside a transaction with its audit row, then `after` (in the same
   * transaction); returns the new record.
   */
  async function edit<T extends object>(
    access: PanelAccess,
    resource: 'checklists' | 'sites',
    id: number,
    change: object,
    read: (tx: DbOrTx, id: number) => Promise<(T & { province_id: number | null }) | undefined>,
    sets: SQL[],
    update: (set: SQL) => SQL,
    recompute: (tx: DbOrTx) => Promise<void>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const before = await read(tx, id);
      if (!before) throw notFound();
      assertInRegion(access, before.province_id);
      if (sets.length) {
        await tx.execute(update(sql.join([...sets, sql`updated = now()`], sql`, `)));
        await recompute(tx);
      }
      const after = (await read(tx, id)) as T & { province_id: number | null };
      const diff = changedFields(before, after, Object.keys(change) as (keyof T)[]);
      if (diff) await audit(tx, { userId: access.user.user_id, resource, recordId: id, action: 'update', ...diff });
      return after;
    });
  }

  return {
    /** Checklists newest first; filter by `id` (getMany), `user_id`, `site_id`, `is_flash`, `province_id`, `q` (locality or username). */
    async listChecklists(access: PanelAccess, query: AdminListQuery): Promise<ListPage<AdminChecklist>> {
      const f = query.filter;
      const where: SQL[] = [sql`NOT c.isdeleted`, regionWhere(access)];
      const ids = idFilter(f);
      if (ids) where.push(inIds(sql`c.checklist_id`, ids));
      const userId = intFilter(f, 'user_id');
      if (userId) where.push(sql`c.user_id = ${userId}`);
      const siteId = intFilter(f, 'site_id');
      if (siteId) where.push(sql`c.site_id = ${siteId}`);
      const provinceId = intFilter(f, 'province_id');
      if (provinceId) where.push(sql`s.province_id = ${provinceId}`);
      if (typeof f.is_flash === 'boolean') where.push(sql`c.is_flash = ${f.is_flash}`);
      const q = textFilter(f);
      if (q) where.push(sql`(s.locality ILIKE ${q} OR u.username ILIKE ${q})`);
      return listPage<AdminChecklist>(
        db,
        {
          select: CHECKLIST_SELECT,
          from: CHECKLIST_FROM,
          where: sql.join(where, sql` AND `),
          sortable: CHECKLIST_SORTABLE,
          tieBreaker: sql`c.checklist_id`,
        },
        query,
      );
    },

    /** @throws 404, 403 outside a Region admin's provinces */
    async getChecklist(access: PanelAccess, id: number): Promise<AdminChecklist> {
      const row = await oneChecklist(db, id);
      if (!row) throw notFound();
      assertInRegion(access, row.province_id);
      return row;
    },

    /** Corrects date, times, participants or comment. @throws 404, 403, 400 on end_time before start_time */
    async updateChecklist(
      access: PanelAccess,
      id: number,
      change: z.infer<typeof adminChecklistUpdateSchema>,
    ): Promise<AdminChecklist> {
      const sets: SQL[] = [];
      if (change.checklist_date !== undefined) sets.push(sql`checklist_date = ${change.checklist_date}::date`);
      if (change.start_time !== undefined) sets.push(sql`start_time = ${change.start_time}::time`);
      if (change.end_time !== undefined) sets.push(sql`end_time = ${change.end_time}::time`);
      if (change.participants !== undefined) sets.push(sql`participants = ${change.participants}`);
      if (change.comment !== undefined) sets.push(sql`comment = ${change.comment}`);
      const current = await this.getChecklist(access, id);
      const start = change.start_time !== undefined ? change.start_time : current.start_time;
      const end = change.end_time !== undefined ? change.end_time : current.end_time;
      if (start && end && end < start) throw fieldError('end_time', 'validation.end_before_start');
      return edit<AdminChecklist>(
        access,
        'checklists',
        id,
        change,
        oneChecklist,
        sets,
        (set) => sql`UPDATE checklists SET ${set} WHERE checklist_id = ${id}`,
        (tx) => quality.recompute(tx, [id]),
      );
    },

    /** Sites; filter by `id`, `user_id`, `province_id`, `q` (locality, city or username). */
    async listSites(access: PanelAccess, query: AdminListQuery): Promise<ListPage<AdminSite>> {
      const f = query.filter;
      const where: SQL[] = [sql`NOT s.isdeleted`, regionWhere(access)];
      const ids = idFilter(f);
      if (ids) where.push(inIds(sql`s.site_id`, ids));
      const userId = intFilter(f, 'user_id');
      if (userId) where.push(sql`s.user_id = ${userId}`);
      const provinceId = intFilter(f, 'province_id');
      if (provinceId) where.push(sql`s.province_id = ${provinceId}`);
      const q = textFilter(f);
      if (q) where.push(sql`(s.locality ILIKE ${q} OR s.city ILIKE ${q} OR u.username ILIKE ${q})`);
      return listPage<AdminSite>(
        db,
        {
          select: SITE_SELECT,
          from: SITE_FROM,
          where: sql.join(where, sql` AND `),
          sortable: SITE_SORTABLE,
          tieBreaker: sql`s.site_id`,
        },
        query,
      );
    },

    /** @throws 404, 403 outside a Region admin's provinces */
    async getSite(access: PanelAccess, id: number): Promise<AdminSite> {
      const row = await oneSite(db, id);
      if (!row) throw notFound();
      assertInRegion(access, row.province_id);
      return row;
    },

    /** Corrects a site's name, city, province (its country follows) or point (WGS84 degrees). @throws 404, 403 (also moving it out of the region), 400 unknown province */
    async updateSite(
      access: PanelAccess,
      id: number,
      change: z.infer<typeof adminSiteUpdateSchema>,
    ): Promise<AdminSite> {
      const sets: SQL[] = [];
      if (change.province_id !== undefined) {
        const province = await db.execute(
          sql`SELECT country_id FROM provinces WHERE province_id = ${change.province_id}`,
        );
        if (province.rows.length === 0) throw fieldError('province_id', 'validation.unknown_reference');
        assertInRegion(access, change.province_id);
        sets.push(
          sql`province_id = ${change.province_id}`,
          sql`country_id = ${(province.rows[0] as { country_id: number }).country_id}`,
        );
      }
      if (change.locality !== undefined) sets.push(sql`locality = ${change.locality}`);
      if (change.city !== undefined) sets.push(sql`city = ${change.city}`);
      if (change.latitude !== undefined) sets.push(sql`latitude = ${change.latitude}`);
      if (change.longitude !== undefined) sets.push(sql`longitude = ${change.longitude}`);
      if (change.is_private !== undefined) sets.push(sql`is_private = ${change.is_private}`);
      return edit<AdminSite>(
        access,
        'sites',
        id,
        change,
        oneSite,
        sets,
        (set) => sql`UPDATE sites SET ${set} WHERE site_id = ${id}`,
        (tx) => quality.recomputeSite(tx, id),
      );
    },
  };
}
export type AdminRecordsService = ReturnType<typeof createAdminRecordsService>;
