import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROLE_ID,
  ALL_STATUS_IDS,
  ObservationStatus,
  PUBLIC_STATUS_IDS,
  type ObservationStatusId,
  type SessionUser,
} from '@mm/shared';

/** What an observer sees of their own records: everything but what they deleted. */
const OWN_STATUS_IDS: readonly ObservationStatusId[] = ALL_STATUS_IDS.filter((s) => s !== ObservationStatus.Deleted);

/** Whether `user` is the observer `ownerId` (null: a deleted account's records, nobody's). */
export const isObserver = (user: SessionUser | null, ownerId: number | null): boolean =>
  user !== null && ownerId !== null && user.user_id === ownerId;

/**
 * The statuses of observations a requester sees (spec §1; Decided here only): every status
 * for an admin; all but Deleted for the observer of the records at hand (`ownerId`, for pages about
 * one checklist, observation or site); Pending, Vetted and Valid for everyone else. Shared answers
 * (Explore, gallery, downloads) pass no owner, so they never depend on who asks beyond the role.
 * @param ownerId user id of the records' observer, when the answer is about one observer's records (null: none)
 */
export function visibleStatuses(
  user: SessionUser | null,
  ownerId: number | null = null,
): readonly ObservationStatusId[] {
  if (user?.role_id === ADMIN_ROLE_ID) return ALL_STATUS_IDS;
  if (isObserver(user, ownerId)) return OWN_STATUS_IDS;
  return PUBLIC_STATUS_IDS;
}

/**
 * Whether a requester sees a private site's exact point, locality and city: its observer
 * (`ownerId`) and admins do; everyone else gets the centre of its 0.1° cell, without locality or city.
 */
export function seesExactPlace(user: SessionUser | null, ownerId: number | null): boolean {
  return user?.role_id === ADMIN_ROLE_ID || isObserver(user, ownerId);
}

/**
 * Whose positions a shared answer carries: `exact` for admins, everyone else `generalised`,
 * where a private site stands at the centre of its 0.1° cell without locality or city. Shared (cached)
 * answers follow the requester's role only, never ownership, so a cached public answer never holds
 * an exact private position; owners see theirs in their own pages (checklist detail, sites).
 */
export type Positions = 'exact' | 'generalised';

/** `exact` for an admin, `generalised` for everyone else. */
export function positionsFor(user: SessionUser | null): Positions {
  return user?.role_id === ADMIN_ROLE_ID ? 'exact' : 'generalised';
}

/** The columns {@link visibleObservation} reads: by default the aliases `o` (observations) and `c` (checklists). */
export interface VisibilityColumns {
  /** The observation's status id. */
  status: SQL;
  /** The checklist's soft-delete flag. */
  checklistDeleted: SQL;
}

const ALIASED: VisibilityColumns = { status: sql`o.observationstatus_id`, checklistDeleted: sql`c.isdeleted` };

/**
 * Which observations a requester sees — decided here and nowhere else (spec §1): those
 * whose status is one of `statuses` (PUBLIC_STATUS_IDS — Pending, Vetted, Valid — for the public and
 * volunteers' profiles; every status for an admin; see `visibleStatuses`) on a live (not deleted)
 * checklist. Private sites stay visible but generalised (`publicLocality`, `siteSource`).
 * Used by Explore's list, map, stats, gallery and downloads (`observationWhere`), the home page
 * figures, public profiles and the following page.
 * @param columns the status and checklist-deleted columns, when the query does not use the aliases `o` and `c`
 * @returns an SQL condition; `false` when `statuses` is empty
 */
export function visibleObservation(
  statuses: readonly ObservationStatusId[],
  columns: VisibilityColumns = ALIASED,
): SQL {
  const status =
    statuses.length > 0
      ? sql`${columns.status} IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`${status} AND NOT ${columns.checklistDeleted}`;
}

/**
 * A site's locality as the public sees it: withheld (null) for a private site, without
 * email addresses or phone numbers (db/public-text.ts). Over the alias `s` (the sites table).
 */
export const publicLocality: SQL = sql`CASE WHEN s.is_private THEN NULL ELSE s.public_locality END`;

/**
 * Whether a requester reads a record's free text (comment, locality, city) as stored, email addresses
 * and phone numbers included: admins and the record's own observer (`ownerId`); everyone
 * else reads its public text (db/public-text.ts).
 */
export function seesStoredText(user: SessionUser | null, ownerId: number | null): boolean {
  return user?.role_id === ADMIN_ROLE_ID || isObserver(user, ownerId);
}
