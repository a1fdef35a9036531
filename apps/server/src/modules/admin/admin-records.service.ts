import type { AdminListQuery, adminChecklistUpdateSchema, adminSiteUpdateSchema } from '@mm/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { createQualityService, type QualityService } from '../quality/quality.service';
import { assertInRegion, type PanelAccess } from './admin-access.service';
import { changedFields, idFilter, intFilter, textFilter, type ListPage } from './admin-list';
import { audit, provinceCountry } from './admin-list.queries';
import {
  adminRecordsRepository as repo,
  type AdminChecklist,
  type AdminSite,
  type SiteChange,
} from './admin-records.repository';

/**
 * Checklists (missions and flash sightings) and sites in the admin panel: list, show, edit with audit
 *. A corrected date or place recomputes the quality flags of the records it holds.
 */
export function createAdminRecordsService(db: Db, quality: QualityService = createQualityService(db)) {
  /**
   * Reads a record, checks the region, writes the change (`write` answers whether anything was set)
   * and its audit row, and recomputes the quality flags, in one transaction; returns the new record.
   */
  async function edit<T extends object>(
    access: PanelAccess,
    resource: 'checklists' | 'sites',
    id: number,
    change: object,
    read: (tx: DbOrTx, id: number) => Promise<(T & { province_id: number | null }) | undefined>,
    write: (tx: DbOrTx) => Promise<boolean>,
    recompute: (tx: DbOrTx) => Promise<void>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const before = await read(tx, id);
      if (!before) throw notFound();
      assertInRegion(access, before.province_id);
      if (await write(tx)) await recompute(tx);
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
      return repo.listChecklists(
        db,
        {
          provinces: access.provinces,
          ids: idFilter(f),
          userId: intFilter(f, 'user_id'),
          siteId: intFilter(f, 'site_id'),
          provinceId: intFilter(f, 'province_id'),
          isFlash: typeof f.is_flash === 'boolean' ? f.is_flash : undefined,
          q: textFilter(f),
        },
        query,
      );
    },

    /** @throws 404, 403 outside a Region admin's provinces */
    async getChecklist(access: PanelAccess, id: number): Promise<AdminChecklist> {
      const row = await repo.findChecklist(db, id);
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
      const current = await this.getChecklist(access, id);
      const start = change.start_time !== undefined ? change.start_time : current.start_time;
      const end = change.end_time !== undefined ? change.end_time : current.end_time;
      if (start && end && end < start) throw fieldError('end_time', 'validation.end_before_start');
      return edit<AdminChecklist>(
        access,
        'checklists',
        id,
        change,
        (tx, checklistId) => repo.findChecklist(tx, checklistId),
        (tx) => repo.updateChecklist(tx, id, change),
        (tx) => quality.recompute(tx, [id]),
      );
    },

    /** Sites; filter by `id`, `user_id`, `province_id`, `q` (locality, city or username). */
    async listSites(access: PanelAccess, query: AdminListQuery): Promise<ListPage<AdminSite>> {
      const f = query.filter;
      return repo.listSites(
        db,
        {
          provinces: access.provinces,
          ids: idFilter(f),
          userId: intFilter(f, 'user_id'),
          provinceId: intFilter(f, 'province_id'),
          q: textFilter(f),
        },
        query,
      );
    },

    /** @throws 404, 403 outside a Region admin's provinces */
    async getSite(access: PanelAccess, id: number): Promise<AdminSite> {
      const row = await repo.findSite(db, id);
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
      const write: SiteChange = { ...change };
      if (change.province_id !== undefined) {
        const province = await provinceCountry(db, change.province_id);
        if (!province) throw fieldError('province_id', 'validation.unknown_reference');
        assertInRegion(access, change.province_id);
        write.country_id = province.country_id;
      }
      return edit<AdminSite>(
        access,
        'sites',
        id,
        change,
        (tx, siteId) => repo.findSite(tx, siteId),
        (tx) => repo.updateSite(tx, id, write),
        (tx) => quality.recomputeSite(tx, id),
      );
    },
  };
}
export type AdminRecordsService = ReturnType<typeof createAdminRecordsService>;
