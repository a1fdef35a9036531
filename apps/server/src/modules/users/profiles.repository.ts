import { sql } from 'drizzle-orm';
import type { ObservationStatusId, PublicProfile } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { publicLocality, visibleObservation } from '../../db/visibility';
import type { SubmissionCounts } from './users.repository';

/** One row of a public profile's latest observations; `photo_path` is the storage key of the first photo's small variant. */
export type RecentObservationRow = PublicProfile['recent_observations'][number];

/** Queries of public profiles (spec §3): counts and latest observations over public statuses only. */
export const profilesRepository = {
  /** Counts over a volunteer's live checklists and their observations with one of `statuses`. */
  async publicCounts(
    db: DbOrTx,
    userId: number,
    statuses: readonly ObservationStatusId[],
  ): Promise<SubmissionCounts | undefined> {
    const r = await db.execute<SubmissionCounts>(sql`
      SELECT count(DISTINCT c.site_id)::int AS locations, count(DISTINCT c.checklist_id)::int AS checklists,
             count(o.observation_id)::int AS observations, count(DISTINCT o.milkweed_id)::int AS species
      FROM checklists c JOIN observations o ON o.checklist_id = c.checklist_id
      WHERE c.user_id = ${userId} AND ${visibleObservation(statuses)}`);
    return r.rows[0];
  },

  /**
   * A volunteer's latest `limit` observations with one of `statuses` and a life stage, newest
   * checklist first; the locality of a private site is withheld (null).
   */
  async recentPublic(
    db: DbOrTx,
    userId: number,
    statuses: readonly ObservationStatusId[],
    limit: number,
  ): Promise<RecentObservationRow[]> {
    const r = await db.execute<RecentObservationRow>(sql`
      SELECT o.observation_id, c.checklist_id, o.lifestage_id, o.numbers, ${publicLocality} AS locality,
             c.checklist_date::text AS checklist_date, c.is_flash,
             (SELECT p.photo_path || '/small/' || p.photo_name FROM photos p WHERE p.observation_id = o.observation_id AND NOT p.isdeleted ORDER BY p.id LIMIT 1) AS photo_path
      FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id
      WHERE c.user_id = ${userId} AND ${visibleObservation(statuses)} AND o.lifestage_id IS NOT NULL
      ORDER BY c.checklist_date DESC, o.observation_id DESC LIMIT ${limit}`);
    return r.rows;
  },
};
