import { sql } from 'drizzle-orm';
import { ObservationStatus, type LastMission } from '@mm/shared';
import type { DbOrTx } from '../../db/client';

const DELETED = sql.raw(String(ObservationStatus.Deleted));

/** A Mission that still counts as a visit: not deleted, with an observation that is not Deleted. */
const liveMission = sql`NOT c.isdeleted AND NOT c.is_flash
  AND EXISTS (SELECT 1 FROM observations x WHERE x.checklist_id = c.checklist_id AND x.observationstatus_id <> ${DELETED})`;

/** A monitored site as stored, with its Mission days (since `since`, plus the newest one ever). */
export type MonitoredSiteRow = {
  site_id: number;
  user_id: number;
  locality: string;
  city: string | null;
  province_id: number | null;
  latitude: number;
  longitude: number;
  is_private: boolean;
  every_days: number;
  visits: string[];
};

/** A volunteer whose visit reminder may be due, locked for this transaction. */
export type ReminderRecipient = {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  visit_reminder_key: string;
};

/** Queries of monitored sites and their reminders (docs/monitoring.md); each takes the caller's connection. */
export const monitoringRepository = {
  /** Whether `siteId` is one of the user's sites (not deleted). */
  async ownsSite(db: DbOrTx, userId: number, siteId: number): Promise<boolean> {
    const r = await db.execute(
      sql`SELECT 1 FROM sites WHERE site_id = ${siteId} AND user_id = ${userId} AND NOT isdeleted`,
    );
    return r.rows.length > 0;
  },

  /** The site of a checklist of the user's, or undefined. */
  async siteOfChecklist(db: DbOrTx, userId: number, checklistId: number): Promise<number | undefined> {
    const r = await db.execute<{ site_id: number }>(
      sql`SELECT c.site_id FROM checklists c JOIN sites s ON s.site_id = c.site_id
          WHERE c.checklist_id = ${checklistId} AND c.user_id = ${userId} AND s.user_id = ${userId}`,
    );
    return r.rows[0]?.site_id;
  },

  /** Marks a site monitored every `everyDays` days (again: the frequency changes). */
  async upsert(db: DbOrTx, userId: number, siteId: number, everyDays: number): Promise<void> {
    await db.execute(sql`INSERT INTO monitored_sites (site_id, user_id, every_days)
      VALUES (${siteId}, ${userId}, ${everyDays})
      ON CONFLICT (site_id) DO UPDATE SET every_days = EXCLUDED.every_days, user_id = EXCLUDED.user_id`);
  },

  /** Marks a site monitored every `everyDays` days unless it already is (its frequency stays). */
  async insertIfAbsent(db: DbOrTx, userId: number, siteId: number, everyDays: number): Promise<void> {
    await db.execute(sql`INSERT INTO monitored_sites (site_id, user_id, every_days)
      VALUES (${siteId}, ${userId}, ${everyDays}) ON CONFLICT (site_id) DO NOTHING`);
  },

  /** Marks a site of the user's no longer monitored. @returns false when it was not monitored */
  async remove(db: DbOrTx, userId: number, siteId: number): Promise<boolean> {
    const r = await db.execute(
      sql`DELETE FROM monitored_sites WHERE site_id = ${siteId} AND user_id = ${userId} RETURNING site_id`,
    );
    return r.rows.length > 0;
  },

  /**
   * Monitored sites of the given volunteers (their own sites, not deleted), by locality, each with the
   * days (`yyyy-MM-dd`, ascending) of its Missions since `since` and of its newest Mission ever.
   */
  async list(db: DbOrTx, userIds: readonly number[], since: string): Promise<MonitoredSiteRow[]> {
    if (userIds.length === 0) return [];
    const r = await db.execute<MonitoredSiteRow>(sql`
      SELECT s.site_id, m.user_id, s.locality, s.city, s.province_id, s.latitude, s.longitude, s.is_private,
        m.every_days::int AS every_days,
        coalesce((SELECT array_agg(DISTINCT d ORDER BY d) FROM (
            SELECT c.checklist_date::text AS d FROM checklists c
              WHERE c.site_id = s.site_id AND c.checklist_date >= ${since}::date AND ${liveMission}
            UNION ALL
            SELECT max(c.checklist_date)::text FROM checklists c WHERE c.site_id = s.site_id AND ${liveMission}
          ) v WHERE d IS NOT NULL), '{}') AS visits
      FROM monitored_sites m JOIN sites s ON s.site_id = m.site_id AND NOT s.isdeleted AND s.user_id = m.user_id
      WHERE m.user_id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY m.user_id, lower(s.locality), s.site_id`);
    return r.rows;
  },

  /** The newest Mission at each of `siteIds`: its day, stems inspected and milkweed rows (species and patch). */
  async lastMissions(db: DbOrTx, siteIds: readonly number[]): Promise<Map<number, LastMission>> {
    if (siteIds.length === 0) return new Map();
    const r = await db.execute<LastMission & { site_id: number }>(sql`
      SELECT DISTINCT ON (c.site_id) c.site_id, c.checklist_id, c.checklist_date::text AS checklist_date,
        c.stems_inspected,
        coalesce((SELECT json_agg(json_build_object('milkweed_id', o.milkweed_id, 'abundance_id', o.abundance_id,
            'locationsize_id', o.locationsize_id) ORDER BY o.observation_id)
          FROM observations o WHERE o.checklist_id = c.checklist_id AND o.lifestage_id IS NULL
            AND o.observationstatus_id <> ${DELETED}), '[]'::json) AS milkweeds
      FROM checklists c
      WHERE c.site_id IN (${sql.join(
        siteIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${liveMission}
      ORDER BY c.site_id, c.checklist_date DESC, c.checklist_id DESC`);
    return new Map(r.rows.map(({ site_id, ...mission }) => [site_id, mission]));
  },

  /**
   * Volunteers who may be owed a visit reminder at `now`: opted in, active, with a monitored site, no
   * reminder since `lastSentBefore` nor in ISO week `week`. Locked `FOR UPDATE SKIP LOCKED`, so two
   * servers never handle the same volunteer at once; `only` narrows it to one volunteer.
   */
  async lockRecipients(
    tx: DbOrTx,
    lastSentBefore: Date,
    week: string,
    limit: number,
    only?: number,
  ): Promise<ReminderRecipient[]> {
    const r = await tx.execute<ReminderRecipient>(sql`
      SELECT u.user_id, u.username, u.first_name, u.last_name, u.email, u.language, p.visit_reminder_key
      FROM profiles p JOIN users u ON u.user_id = p.user_id
      WHERE p.visit_reminders AND NOT p.isdeleted AND NOT u.isdeleted
        AND (p.visit_reminder_at IS NULL OR p.visit_reminder_at <= ${lastSentBefore})
        AND p.visit_reminder_week IS DISTINCT FROM ${week}
        AND EXISTS (SELECT 1 FROM monitored_sites m WHERE m.user_id = p.user_id)
        ${only === undefined ? sql`` : sql`AND p.user_id = ${only}`}
      ORDER BY u.user_id
      LIMIT ${limit}
      FOR UPDATE OF p SKIP LOCKED`);
    return r.rows;
  },

  /** Records the reminder sent at `sentAt` in ISO week `week`. */
  async markReminded(tx: DbOrTx, userId: number, sentAt: Date, week: string): Promise<void> {
    await tx.execute(
      sql`UPDATE profiles SET visit_reminder_at = ${sentAt}, visit_reminder_week = ${week} WHERE user_id = ${userId}`,
    );
  },

  /** The key that signs a volunteer's unsubscribe link, or undefined for an unknown or deleted one. */
  async reminderKey(db: DbOrTx, userId: number): Promise<string | undefined> {
    const r = await db.execute<{ k: string }>(
      sql`SELECT p.visit_reminder_key AS k FROM profiles p JOIN users u ON u.user_id = p.user_id
          WHERE p.user_id = ${userId} AND NOT u.isdeleted`,
    );
    return r.rows[0]?.k;
  },

  /** Switches a volunteer's visit reminders off. */
  async turnRemindersOff(db: DbOrTx, userId: number): Promise<void> {
    await db.execute(sql`UPDATE profiles SET visit_reminders = false, updated = now() WHERE user_id = ${userId}`);
  },
};
