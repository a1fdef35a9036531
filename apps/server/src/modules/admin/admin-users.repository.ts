import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery, AdminUser } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { regionAdminProvinces, users } from '../../db/schema';
import type { ListPage } from './admin-list';
import { allOf, inIds, iso, listPage } from './admin-list.queries';

const SELECT = sql`u.user_id AS id, u.username, u.email, u.first_name, u.last_name, u.role_id, u.isdeleted, u.province_id, ${iso('u.lastlogin')}, ${iso('u.created')},
  (SELECT count(*)::int FROM checklists c WHERE c.user_id = u.user_id AND NOT c.isdeleted) AS checklist_count,
  (SELECT count(*)::int FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id WHERE c.user_id = u.user_id AND NOT c.isdeleted) AS observation_count,
  COALESCE((SELECT array_agg(r.province_id ORDER BY r.province_id) FROM region_admin_provinces r WHERE r.user_id = u.user_id), '{}') AS region_provinces`;
const FROM = sql`FROM users u`;
const SORTABLE: Record<string, SQL> = {
  id: sql`u.user_id`,
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  role_id: sql`u.role_id`,
  created: sql`u.created`,
  lastlogin: sql`u.lastlogin`,
  isdeleted: sql`u.isdeleted`,
};

/** Filters of the panel's user list, already checked by the service. */
export interface AdminUserFilter {
  ids?: number[];
  /** ILIKE pattern on username, email, first and last name. */
  q?: string;
  roleId?: number;
  isdeleted?: boolean;
}

/** Queries of the admin panel's users screen. */
export const adminUsersRepository = {
  /** A page of users. @throws 400 on `sort` when the field is not sortable */
  list(db: DbOrTx, filter: AdminUserFilter, query: AdminListQuery): Promise<ListPage<AdminUser>> {
    const where: SQL[] = [];
    if (filter.ids) where.push(inIds(sql`u.user_id`, filter.ids));
    const q = filter.q;
    if (q)
      where.push(
        sql`(u.username ILIKE ${q} OR u.email ILIKE ${q} OR u.first_name ILIKE ${q} OR u.last_name ILIKE ${q})`,
      );
    if (filter.roleId) where.push(sql`u.role_id = ${filter.roleId}`);
    if (filter.isdeleted !== undefined) where.push(sql`u.isdeleted = ${filter.isdeleted}`);
    return listPage<AdminUser>(
      db,
      { select: SELECT, from: FROM, where: allOf(where), sortable: SORTABLE, tieBreaker: sql`u.user_id` },
      query,
    );
  },

  /** One user as the panel shows it (counts and a Region admin's provinces included). */
  async findOne(db: DbOrTx, id: number): Promise<AdminUser | undefined> {
    const res = await db.execute(sql`SELECT ${SELECT} ${FROM} WHERE u.user_id = ${id}`);
    return res.rows[0] ? (res.rows[0] as unknown as AdminUser) : undefined;
  },

  /** Locks the user's row until the end of the transaction. */
  async lock(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`SELECT 1 FROM users WHERE user_id = ${id} FOR UPDATE`);
  },

  /** Sets role and/or active state (`updated` moves only when something is set). */
  async update(tx: DbOrTx, id: number, change: { role_id?: number; isdeleted?: boolean }): Promise<void> {
    const set: Partial<typeof users.$inferInsert> = {};
    if (change.role_id !== undefined) set.role_id = change.role_id;
    if (change.isdeleted !== undefined) set.isdeleted = change.isdeleted;
    if (Object.keys(set).length === 0) return;
    await tx
      .update(users)
      .set({ ...set, updated: sql`now()` })
      .where(eq(users.user_id, id));
  },

  /** The province ids a Region admin is limited to. */
  async regionProvinces(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: regionAdminProvinces.province_id })
      .from(regionAdminProvinces)
      .where(eq(regionAdminProvinces.user_id, userId));
    return rows.map((r) => r.id);
  },

  /** Replaces a Region admin's provinces. */
  async replaceRegionProvinces(tx: DbOrTx, id: number, provinceIds: readonly number[]): Promise<void> {
    await tx.delete(regionAdminProvinces).where(eq(regionAdminProvinces.user_id, id));
    if (provinceIds.length)
      await tx.insert(regionAdminProvinces).values(provinceIds.map((p) => ({ user_id: id, province_id: p })));
  },
};
