import { sql } from 'drizzle-orm';
import {
  Lifestage,
  type LifestageId,
  ObservationStatus,
  type ChecklistObservation,
  type MySite,
  type MySubmission,
  type ObservationStatusId,
  type SiteVisit,
} from '@mm/shared';
import type { DbOrTx } from '../../db/client';

/** Status and life stage ids written into the statements as literals. */
const DELETED = sql.raw(String(ObservationStatus.Deleted));
const stage = (id: LifestageId) => sql.raw(String(id));

const statusList = (statuses: readonly ObservationStatusId[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
const iso = (d: Date | string) => new Date(d).toISOString();

export type ChecklistHead = {
  checklist_id: number;
  user_id: number | null;
  is_flash: boolean;
  checklist_date: string;
  start_time: string | null;
  end_time: string | null;
  participants: number | null;
  checklisttype_id: number;
  submittype_id: number;
  stems_inspected: number | null;
  comment: string | null;
  /** The comment, locality and city without email addresses or phone numbers (null until computed). */
  public_comment: string | null;
  public_locality: string | null;
  public_city: string | null;
  license: string;
  created: Date;
  username: string | null;
  site_id: number;
  locality: string;
  city: string | null;
  province_id: number | null;
  province: string | null;
  country_id: number | null;
  latitude: number;
  longitude: number;
  is_private: boolean;
};

/** A site as the history page reads it, before the privacy rule. */
export type SiteHead = {
  site_id: number;
  user_id: number | null;
  locality: string;
  city: string | null;
  /** The locality and city without email addresses or phone numbers (null until computed). */
  public_locality: string | null;
  public_city: string | null;
  province_id: number | null;
  province: string | null;
  latitude: number;
  longitude: number;
  is_private: boolean;
};

/** Read-side queries of checklists: detail, my submissions, my sites, province of a point. */
export const checklistsQueries = {
  async head(db: DbOrTx, id: number): Promise<ChecklistHead | undefined> {
    const r = await db.execute<ChecklistHead>(sql`
      SELECT c.checklist_id, c.user_id, c.is_flash, c.checklist_date, to_char(c.start_time, 'HH24:MI') AS start_time,
             to_char(c.end_time, 'HH24:MI') AS end_time, c.participants, c.checklisttype_id, c.submittype_id, c.stems_inspected,
             c.comment, c.public_comment, s.public_locality, s.public_city,
             c.license, c.created, u.username, s.site_id, s.locality, s.city, s.province_id, p.province, s.country_id, s.latitude, s.longitude, s.is_private
      FROM checklists c JOIN sites s ON s.site_id = c.site_id
      LEFT JOIN provinces p ON p.province_id = s.province_id LEFT JOIN users u ON u.user_id = c.user_id
      WHERE c.checklist_id = ${id} AND NOT c.isdeleted`);
    return r.rows[0];
  },

  /** The checklist's observations with the given statuses, with milkweed names and photos. */
  async observations(
    db: DbOrTx,
    id: number,
    statuses: readonly ObservationStatusId[],
  ): Promise<Omit<ChecklistObservation, 'photo'>[]> {
    const r = await db.execute<
      Omit<ChecklistObservation, 'photo' | 'dateidentified'> & { dateidentified: Date | null }
    >(sql`
      SELECT o.observation_id, o.lifestage_id, o.numbers, o.number_of_plants, o.abundance_id, o.locationsize_id, o.observationstatus_id,
             o.dateidentified, o.milkweed_id, m.english_name, m.french_name, m.spanish_name, m.latin_name
      FROM observations o LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
      WHERE o.checklist_id = ${id} AND o.observationstatus_id IN (${statusList(statuses)})
      ORDER BY o.observation_id`);
    return r.rows.map((o) => ({ ...o, dateidentified: o.dateidentified ? iso(o.dateidentified) : null }));
  },

  /** One page of the user's Flash or Mission checklists that still have a visible observation, newest first. */
  async mine(
    db: DbOrTx,
    userId: number,
    isFlash: boolean,
    limit: number,
    offset: number,
  ): Promise<{
    rows: (Omit<MySubmission, 'photo' | 'created'> & { created: Date; photo_id: number | null })[];
    total: number;
  }> {
    const where = sql`c.user_id = ${userId} AND c.is_flash = ${isFlash} AND NOT c.isdeleted
      AND EXISTS (SELECT 1 FROM observations x WHERE x.checklist_id = c.checklist_id AND x.observationstatus_id <> ${DELETED})`;
    const [page, count] = await Promise.all([
      db.execute<Omit<MySubmission, 'photo' | 'created'> & { created: Date; photo_id: number | null }>(sql`
        SELECT c.checklist_id, s.site_id, CASE WHEN c.is_flash THEN 1 ELSE 0 END AS is_flash, c.checklist_date, s.locality, s.province_id, c.created,
          COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Adult)}), 0)::int AS adults,
          COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Eggs)}), 0)::int AS eggs,
          COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Caterpillar)}), 0)::int AS caterpillars,
          COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Chrysalis)}), 0)::int AS chrysalises,
          (count(*) FILTER (WHERE o.lifestage_id IS NULL))::int AS milkweed_rows,
          min(o.observationstatus_id)::int AS observationstatus_id,
          (SELECT min(p.id) FROM photos p JOIN observations po ON po.observation_id = p.observation_id
            WHERE po.checklist_id = c.checklist_id AND NOT p.isdeleted) AS photo_id
        FROM checklists c JOIN sites s ON s.site_id = c.site_id
        JOIN observations o ON o.checklist_id = c.checklist_id AND o.observationstatus_id <> ${DELETED}
        WHERE ${where}
        GROUP BY c.checklist_id, s.site_id
        ORDER BY c.created DESC, c.checklist_id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM checklists c WHERE ${where}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  },

  /** The user's sites, most recently used first (at most 200). */
  async mySites(db: DbOrTx, userId: number): Promise<MySite[]> {
    const r = await db.execute<Omit<MySite, 'last_used'> & { last_used: Date }>(sql`
      SELECT s.site_id, s.locality, s.city, s.province_id, s.latitude, s.longitude, s.is_private,
             max(c.created) AS last_used, count(c.checklist_id)::int AS checklists
      FROM sites s JOIN checklists c ON c.site_id = s.site_id AND NOT c.isdeleted
      WHERE s.user_id = ${userId} AND NOT s.isdeleted
      GROUP BY s.site_id ORDER BY last_used DESC LIMIT 200`);
    return r.rows.map((row) => ({ ...row, last_used: iso(row.last_used) }));
  },

  /** A site that is not deleted, with its province name; undefined when there is none. */
  async site(db: DbOrTx, siteId: number): Promise<SiteHead | undefined> {
    const r = await db.execute<SiteHead>(sql`
      SELECT s.site_id, s.user_id, s.locality, s.city, s.public_locality, s.public_city, s.province_id, p.province,
             s.latitude, s.longitude, s.is_private
      FROM sites s LEFT JOIN provinces p ON p.province_id = s.province_id
      WHERE s.site_id = ${siteId} AND NOT s.isdeleted`);
    return r.rows[0];
  },

  /**
   * The site's checklists that hold an observation with one of the statuses, newest first, with
   * their ISO week and monarch counts per life stage (those statuses only).
   */
  async siteVisits(db: DbOrTx, siteId: number, statuses: readonly ObservationStatusId[]): Promise<SiteVisit[]> {
    const r = await db.execute<SiteVisit>(sql`
      SELECT c.checklist_id, CASE WHEN c.is_flash THEN 1 ELSE 0 END AS is_flash, c.checklist_date,
        extract(isoyear FROM c.checklist_date)::int AS iso_year, extract(week FROM c.checklist_date)::int AS iso_week,
        COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Adult)}), 0)::int AS adults,
        COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Eggs)}), 0)::int AS eggs,
        COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Caterpillar)}), 0)::int AS caterpillars,
        COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Chrysalis)}), 0)::int AS chrysalises,
        c.stems_inspected
      FROM checklists c JOIN observations o ON o.checklist_id = c.checklist_id
        AND o.observationstatus_id IN (${statusList(statuses)})
      WHERE c.site_id = ${siteId} AND NOT c.isdeleted
      GROUP BY c.checklist_id
      ORDER BY c.checklist_date DESC, c.checklist_id DESC
      LIMIT 1000`);
    return r.rows;
  },
};
