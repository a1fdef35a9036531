import { sql } from 'drizzle-orm';
import { Lifestage, type LifestageId, type ObservationStatusId, type SeasonVisit } from '@mm/shared';
import type { DbOrTx } from '../../db/client';

/** A life stage id written into the SQL text (a constant, not a bound parameter). */
const stage = (id: LifestageId) => sql.raw(String(id));
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A site as stored, with both its stored and its public place names (db/public-text.ts). */
export type SeasonSiteRow = {
  site_id: number;
  user_id: number | null;
  locality: string;
  city: string | null;
  public_locality: string | null;
  public_city: string | null;
  province_id: number | null;
  latitude: number;
  longitude: number;
  is_private: boolean;
};

/** A photo of a season's visit, as stored. */
export type SeasonPhotoRow = {
  id: number;
  checklist_date: string;
  lifestage_id: number | null;
  photo_path: string;
  photo_name: string;
};

/** A share link as stored (`season_report_shares`), with its owner's username. */
export type SeasonShareRow = {
  token: string;
  user_id: number;
  username: string;
  site_id: number | null;
  year: number;
  created: Date;
};

/** Queries of the season report and its share links (docs/monitoring.md "Season report"). */
export const seasonReportRepository = {
  /** The live (not deleted) sites among `siteIds`. */
  async sites(db: DbOrTx, siteIds: readonly number[]): Promise<SeasonSiteRow[]> {
    if (siteIds.length === 0) return [];
    const r = await db.execute<SeasonSiteRow>(sql`
      SELECT site_id, user_id, locality, city, public_locality, public_city, province_id,
        latitude::float8 AS latitude, longitude::float8 AS longitude, is_private
      FROM sites WHERE site_id IN (${list(siteIds)}) AND NOT isdeleted
      ORDER BY lower(locality), site_id`);
    return r.rows;
  },

  /** The username of a live account, or undefined. */
  async username(db: DbOrTx, userId: number): Promise<string | undefined> {
    const r = await db.execute<{ username: string }>(
      sql`SELECT username FROM users WHERE user_id = ${userId} AND NOT isdeleted`,
    );
    return r.rows[0]?.username;
  },

  /**
   * The user's Missions (never Flash sightings) of calendar year `year` on live checklists at their live
   * sites — at `siteId` only when given — that hold an observation with one of `statuses`, oldest first,
   * with the monarchs of those observations per life stage (individuals) and the ISO week of the day.
   */
  async visits(
    db: DbOrTx,
    userId: number,
    year: number,
    statuses: readonly ObservationStatusId[],
    siteId: number | null,
  ): Promise<SeasonVisit[]> {
    const count = (id: LifestageId) =>
      sql`COALESCE(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(id)}), 0)::int`;
    const r = await db.execute<SeasonVisit>(sql`
      SELECT c.checklist_id, c.site_id, c.checklist_date::text AS checklist_date,
        extract(week FROM c.checklist_date)::int AS week, c.stems_inspected,
        ${count(Lifestage.Eggs)} AS eggs, ${count(Lifestage.Caterpillar)} AS caterpillars,
        ${count(Lifestage.Chrysalis)} AS chrysalises, ${count(Lifestage.Adult)} AS adults
      FROM checklists c
      JOIN sites s ON s.site_id = c.site_id AND NOT s.isdeleted AND s.user_id = ${userId}
      JOIN observations o ON o.checklist_id = c.checklist_id AND o.observationstatus_id IN (${list(statuses)})
      WHERE c.user_id = ${userId} AND NOT c.isdeleted AND NOT c.is_flash
        AND c.checklist_date >= make_date(${year}::int, 1, 1) AND c.checklist_date < make_date(${year + 1}::int, 1, 1)
        ${siteId === null ? sql`` : sql`AND c.site_id = ${siteId}`}
      GROUP BY c.checklist_id
      ORDER BY c.checklist_date, c.checklist_id`);
    return r.rows;
  },

  /** Up to `limit` live photos of observations with one of `statuses` on the checklists, newest visit first. */
  async photos(
    db: DbOrTx,
    checklistIds: readonly number[],
    statuses: readonly ObservationStatusId[],
    limit: number,
  ): Promise<SeasonPhotoRow[]> {
    if (checklistIds.length === 0) return [];
    const r = await db.execute<SeasonPhotoRow>(sql`
      SELECT p.id, c.checklist_date::text AS checklist_date, o.lifestage_id, p.photo_path, p.photo_name
      FROM photos p
      JOIN observations o ON o.observation_id = p.observation_id AND o.observationstatus_id IN (${list(statuses)})
      JOIN checklists c ON c.checklist_id = o.checklist_id
      WHERE c.checklist_id IN (${list(checklistIds)}) AND NOT p.isdeleted
      ORDER BY c.checklist_date DESC, p.id DESC
      LIMIT ${limit}`);
    return r.rows;
  },

  /** The live share link of the owner's report of `siteId` (null: all their sites) for `year`, or undefined. */
  async liveShare(
    db: DbOrTx,
    userId: number,
    siteId: number | null,
    year: number,
  ): Promise<SeasonShareRow | undefined> {
    const r = await db.execute<SeasonShareRow>(sql`
      SELECT t.token, t.user_id, u.username, t.site_id, t.year::int AS year, t.created
      FROM season_report_shares t JOIN users u ON u.user_id = t.user_id
      WHERE t.user_id = ${userId} AND coalesce(t.site_id, 0) = ${siteId ?? 0} AND t.year = ${year}
        AND t.revoked IS NULL`);
    return r.rows[0];
  },

  /** Stores a share link unless a live one of the same report exists (`season_report_shares_live_idx`). */
  async insertShare(db: DbOrTx, token: string, userId: number, siteId: number | null, year: number): Promise<void> {
    await db.execute(sql`
      INSERT INTO season_report_shares (token, user_id, site_id, year) VALUES (${token}, ${userId}, ${siteId}, ${year})
      ON CONFLICT (user_id, coalesce(site_id, 0), year) WHERE revoked IS NULL DO NOTHING`);
  },

  /** Revokes one of the owner's live share links. @returns false when there was none */
  async revokeShare(db: DbOrTx, userId: number, token: string): Promise<boolean> {
    const r = await db.execute(sql`
      UPDATE season_report_shares SET revoked = now()
      WHERE token = ${token} AND user_id = ${userId} AND revoked IS NULL RETURNING token`);
    return r.rows.length > 0;
  },

  /** A live share link by its token, its owner's account live, or undefined. */
  async shareByToken(db: DbOrTx, token: string): Promise<SeasonShareRow | undefined> {
    const r = await db.execute<SeasonShareRow>(sql`
      SELECT t.token, t.user_id, u.username, t.site_id, t.year::int AS year, t.created
      FROM season_report_shares t JOIN users u ON u.user_id = t.user_id AND NOT u.isdeleted
      WHERE t.token = ${token} AND t.revoked IS NULL`);
    return r.rows[0];
  },
};
