import { Role, type AdminListQuery, type AdminUser, type RoleId, type adminUserUpdateSchema } from '@mm/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError, fieldError, notFound } from '../../lib/errors';
import type { UsersService } from '../users/users.service';
import type { PanelAccess } from './admin-access.service';
import { changedFields, idFilter, intFilter, textFilter, type ListPage } from './admin-list';
import { audit, countProvinces } from './admin-list.queries';
import { adminUsersRepository as repo } from './admin-users.repository';

/** Users in the admin panel (Admin only): search, change role, assign a Region admin's provinces, deactivate. */
export function createAdminUsersService(db: Db, users: UsersService) {
  return {
    /** Users newest first; filter by `id` (getMany), `q` (username, email, names), `role_id`, `isdeleted`. */
    async list(query: AdminListQuery): Promise<ListPage<AdminUser>> {
      const f = query.filter;
      return repo.list(
        db,
        {
          ids: idFilter(f),
          q: textFilter(f),
          roleId: intFilter(f, 'role_id'),
          isdeleted: typeof f.isdeleted === 'boolean' ? f.isdeleted : undefined,
        },
        query,
      );
    },

    /** @throws 404 */
    async get(id: number): Promise<AdminUser> {
      const row = await repo.findOne(db, id);
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
        await repo.lock(tx, id);
        const before = await repo.findOne(tx, id);
        if (!before) throw notFound();
        await repo.update(tx, id, change);
        if (change.region_provinces !== undefined) {
          const wanted = [...new Set(change.region_provinces)];
          if (wanted.length && (await countProvinces(tx, wanted)) !== wanted.length)
            throw fieldError('region_provinces', 'validation.unknown_reference');
          await repo.replaceRegionProvinces(tx, id, wanted);
        }
        if (change.isdeleted === true && !before.isdeleted) await users.revokeAllSessions(id, tx);
        const after = (await repo.findOne(tx, id)) as AdminUser;
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

/**
 * Gives an account a role, and a Region admin the provinces it vets, for the operator's
 * `npm run users:role` command (the museum's first administrator): one transaction, audited without an
 * author. A running server's cached sessions follow within 30 s; a new sign-in carries the role at once.
 * @param provinceIds replaces the Region admin's provinces when given (ids known to exist)
 * @throws 404 for an unknown user id
 */
export async function setRoleByOperator(
  db: Db,
  userId: number,
  roleId: RoleId,
  provinceIds?: readonly number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lock(tx, userId);
    const before = await repo.findOne(tx, userId);
    if (!before) throw notFound();
    await repo.update(tx, userId, { role_id: roleId });
    if (provinceIds) await repo.replaceRegionProvinces(tx, userId, [...new Set(provinceIds)]);
    const after = (await repo.findOne(tx, userId)) as AdminUser;
    const diff = changedFields(before, after, ['role_id', 'region_provinces']);
    if (diff)
      await audit(tx, { userId: null, via: 'cli', resource: 'users', recordId: userId, action: 'update', ...diff });
  });
}
