import type { FastifyRequest } from 'fastify';
import { PANEL_ROLE_IDS, Role, type RoleId, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { HttpError, forbidden, unauthorized } from '../../lib/errors';
import { adminUsersRepository } from './admin-users.repository';

/**
 * What a panel user may reach (README "Roles"): an Admin every record; a Region admin only the
 * observations, checklists and sites whose site lies in `provinces`.
 */
export interface PanelAccess {
  user: SessionUser;
  isAdmin: boolean;
  /** Province ids a Region admin is limited to; null for an Admin (no limit). */
  provinces: number[] | null;
}

/**
 * The panel's door (README "Roles"): Admins and Region admins open the panel; only
 * Admins reach the `adminOnly` screens (users, reference data, logs, messages).
 * @returns the signed-in user
 * @throws 401 without a session; 403 for roles outside PANEL_ROLE_IDS, or a Region admin on an `adminOnly` screen
 */
export function assertPanelRole(user: SessionUser | null | undefined, adminOnly: boolean): SessionUser {
  if (!user) throw unauthorized();
  if (!PANEL_ROLE_IDS.includes(user.role_id as RoleId)) throw forbidden();
  if (adminOnly && user.role_id !== Role.Admin) throw forbidden();
  return user;
}

/** Resolves panel access for a request. @throws 401 without a session, 403 for roles 3 and 4 */
export async function panelAccess(db: Db, request: FastifyRequest): Promise<PanelAccess> {
  const user = assertPanelRole(request.user, false);
  if (user.role_id === Role.Admin) return { user, isAdmin: true, provinces: null };
  return { user, isAdmin: false, provinces: await adminUsersRepository.regionProvinces(db, user.user_id) };
}

/** @throws 403 "outside your provinces" when a Region admin reaches a record of another province */
export function assertInRegion(access: PanelAccess, provinceId: number | null): void {
  if (access.provinces && (provinceId === null || !access.provinces.includes(provinceId)))
    throw new HttpError(403, 'errors.outside_region');
}
