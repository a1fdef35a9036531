import { sql, type SQL } from 'drizzle-orm';
import type { ObservationStatusId } from '@mm/shared';

/** The columns {@link visibleObservation} reads: by default the aliases `o` (observations) and `c` (checklists). */
export interface VisibilityColumns {
  /** The observation's status id. */
  status: SQL;
  /** The checklist's soft-delete flag. */
  checklistDeleted: SQL;
}

const ALIASED: VisibilityColumns = { status: sql`o.observationstatus_id`, checklistDeleted: sql`c.isdeleted` };

/**
 * Which observations a requester sees — decided here and nowhere else (issue 12; spec §1): those
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

/** A site's locality as the public sees it (issue 19): withheld (null) for a private site. Over the alias `s` (sites). */
export const publicLocality: SQL = sql`CASE WHEN s.is_private THEN NULL ELSE s.locality END`;
