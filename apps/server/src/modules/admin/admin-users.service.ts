import { sql, type SQL } from 'drizzle-orm';
import { Role, type AdminListQuery, type AdminUser, type adminUserUpdateSchema } from '@mm/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, fieldError, notFound } from '../../lib/errors';
import type { UsersService } from '../users/users.service';
import type { PanelAccess } from './admin-access';
import { audit, changedFields, iso, idFilter, intFilter, listPage, textFilter, type ListPage } from './admin-list';

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

async function findOne(db: DbOrTx, id: number): Promise<AdminUser | undefined> {
  const res = await db.execute(sql`SELECT ${SELECT} ${FROM} WHERE u.user_id = ${id}`);
  return res.rows[0] ? (res.rows[0] as AdminUser) : undefined;
}

/** Users in the admin panel (Admin only, issue 7): search, change role, assign a Region admin's provinces, deactivate. */
export function createAdminUsersService(db: Db, users: UsersService) {
  return {
    /** Users newest first; filter by `id` (getMany), `q` (username, email, names), `role_id`, `isdeleted`. */
    async list(query: AdminListQuery): Promise<ListPage<AdminUser>> {
      const f = query.filter;
      const where: SQL[] = [sql`true`];
      const ids = idFilter(f);
      if (ids)
        where.push(
          ids.length
            ? sql`u.user_id IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      const q = textFilter(f);
      if (q)
        where.push(
          sql`(u.username ILIKE ${q} OR u.email ILIKE ${q} OR u.first_name ILIKE ${q} OR u.last_name ILIKE ${q})`,
        );
      const roleId = intFilter(f, 'role_id');
      if (roleId) where.push(sql`u.role_id = ${roleId}`);
      if (typeof f.isdeleted === 'boolean') where.push(sql`u.isdeleted = ${f.isdeleted}`);
      return listPage<AdminUser>(
        db,
        {
          select: SELECT,
          from: FROM,
          where: sql.join(where, sql` AND `),
          sortable: SORTABLE,
          tieBreaker: sql`u.user_id`,
        },
        query,
      );
    },

    /** @throws 404 */
    async get(id: number): Promise<AdminUser> {
      const row = await findOne(db, id);
      if (!row) throw notFound();
      return row;
    },

    /**
     * Changes role, active state and a Region admin's provinces in one transaction with an audit
     * row. Deactivating revokes every session. Sessions cached by other processes follow within 30 s.
     * @throws 404, 409 when an admin would remove their own access, 400 (region_provinces) for an unknown province
     */
    async update(access: PanelAccess, id: number, change: z.infer<typeof adminUserUpdateSchema>): Promise<AdminUser> {
      const self = id === access.user.user_id;
      if (self && ((change.role_id !== undefined && change.role_id !== Role.Admin) || change.isdeleted === true))
        throw new HttpError(409, 'errors.own_admin_access');
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM users WHERE user_id = ${id} FOR UPDATE`);
        const before = await findOne(tx, id);
        if (!before) throw notFound();
        const sets: SQL[] = [];
        if (change.role_id !== undefined) sets.push(sql`role_id = ${change.role_id}`);
        if (change.isdeleted !== undefined) sets.push(sql`isdeleted = ${change.isdeleted}`);
        if (sets.length)
          await tx.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)}, updated = now() WHERE user_id = ${id}`);
        if (change.region_provinces !== undefined) {
          const wanted = [...new Set(change.region_provinces)];
          if (wanted.length) {
            const known = await tx.execute(
              sql`SELECT count(*)::int AS n FROM provinces WHERE province_id IN (${sql.join(
                wanted.map((p) => sql`${p}`),
                sql`, `,
              )})`,
            );
            if ((known.rows[0] as { n: number }).n !== wanted.length)
              throw fieldError('region_provinces', 'validation.unknown_reference');
          }
          await tx.execute(sql`DELETE FROM region_admin_provinces WHERE user_id = ${id}`);
          if (wanted.length)
            await tx.execute(
              sql`INSERT INTO region_admin_provinces (user_id, province_id) VALUES ${sql.join(
                wanted.map((p) => sql`(${id}, ${p})`),
                sql`, `,
              )}`,
            );
        }
        if (change.isdeleted === true && !before.isdeleted) await users.revokeAllSessions(id, tx);
        const after = (await findOne(tx, id)) as AdminUser;
        const diff = changedFields(before, after, ['role_id', 'isdeleted', 'region_provinces']);
        if (diff)
          await audit(tx, { userId: access.user.user_id, resource: 'users', recordId: id, action: 'update', ...diff });
        return after;
      });
      // The cached session user carries the role: drop it now that the change is committed.
      users.forgetSessions(id);
      return result;
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
