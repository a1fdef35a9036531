import { and, countDistinct, count, eq, gte, sql } from 'drizzle-orm';
import { PUBLIC_STATUS_IDS, type FiguresResponse } from '@mm/shared';
import type { Db } from '../../db/client';
import * as s from '../../db/schema';
import { visibleObservation } from '../../db/visibility';

/**
 * Live figures for the home page over publicly visible observations (statuses 1, 2, 4) of
 * non-deleted checklists. "This season" runs from 1 January of the current UTC year, by the
 * checklist (observation) date. Accepts a transaction as well.
 * @param now the moment to count from (defaults to the current time)
 */
export async function countFigures(db: Pick<Db, 'select'>, now = new Date()): Promise<FiguresResponse> {
  const season = now.getUTCFullYear();
  const visible = visibleObservation(PUBLIC_STATUS_IDS, {
    status: sql`${s.observations.observationstatus_id}`,
    checklistDeleted: sql`${s.checklists.isdeleted}`,
  });
  const [all] = await db
    .select({
      observations: count(s.observations.observation_id),
      volunteers: countDistinct(s.checklists.user_id),
      sites: countDistinct(s.checklists.site_id),
    })
    .from(s.observations)
    .innerJoin(s.checklists, eq(s.checklists.checklist_id, s.observations.checklist_id))
    .where(visible);
  const [thisSeason] = await db
    .select({ observations: count(s.observations.observation_id) })
    .from(s.observations)
    .innerJoin(s.checklists, eq(s.checklists.checklist_id, s.observations.checklist_id))
    .where(and(visible, gte(s.checklists.checklist_date, `${season}-01-01`)));
  return {
    season,
    observations_this_season: thisSeason?.observations ?? 0,
    observations_total: all?.observations ?? 0,
    volunteers: all?.volunteers ?? 0,
    sites: all?.sites ?? 0,
  };
}
