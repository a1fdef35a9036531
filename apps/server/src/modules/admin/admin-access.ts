import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PANEL_ROLE_IDS, Role, type RoleId, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import * as s from '../../db/schema';
import { HttpError, forbidden, unauthorized } from '../../lib/errors';

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

/** Resolves panel access for a request. @throws 401 without a session, 403 for roles 3 and 4 */
export async function panelAccess(db: Db, request: FastifyRequest): Promise<PanelAccess> {
  const user = request.user;
  if (!user) throw unauthorized();
  if (!PANEL_ROLE_IDS.includes(user.role_id as RoleId)) throw forbidden();
  if (user.role_id === Role.Admin) return { user, isAdmin: true, provinces: null };
  const rows = await db
    .select({ id: s.regionAdminProvinces.province_id })
    .from(s.regionAdminProvinces)
    .where(eq(s.regionAdminProvinces.user_id, user.user_id));
  return { user, isAdmin: false, provinces: rows.map((r) => r.id) };
}

/** Admin-only screens (users, reference data, logs, messages). @throws 401 without a session, 403 unless role 1 */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.role_id !== Role.Admin) throw forbidden();
  return user;
}

/** @throws 403 "outside your provinces" when a Region admin reaches a record of another province */
export function assertInRegion(access: PanelAccess, provinceId: number | null): void {
  if (access.provinces && (provinceId === null || !access.provinces.includes(provinceId)))
    throw new HttpError(403, 'errors.outside_region');
}
