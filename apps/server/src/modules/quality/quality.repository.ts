import { sql, type SQL } from 'drizzle-orm';
import { ObservationStatus, type PhotoFacts, type QualityFlag } from '@mm/shared';
import type { DbOrTx } from '../../db/client';

/** Deleted observations take no part in the rules (a literal, as the statements are written). */
const DELETED = sql.raw(String(ObservationStatus.Deleted));

/** A checklist as the quality rules read it: when, where, effort and each observation with its photos' EXIF. */
export interface ChecklistFacts {
  checklist_id: number;
  user_id: number | null;
  checklist_date: string;
  stems_inspected: number | null;
  latitude: number;
  longitude: number;
  /** Radius (m) of the site's known uncertainty, when recorded. */
  coordinate_uncertainty_m: number | null;
  /** ISO 3166-2 code of the site's province (`CA-QC`), null when it has none. */
  region_code: string | null;
  observations: { observation_id: number; lifestage_id: number | null; numbers: number | null; photos: PhotoFacts[] }[];
}

/** The earliest earlier record a checklist repeats (rule `near_duplicate`), found by `earliestTwins`. */
export interface Twin {
  /** The checklist that repeats an earlier one (0 for a submission not yet written). */
  later_id: number;
  /** The earlier record it repeats. */
  checklist_id: number;
  /** Distance between the two sites (metres, unrounded). */
  metres: number;
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

/**
 * The counts key of a checklist's live observations with a life stage, in SQL: `lifestage:numbers`
 * pairs in byte order joined by commas, '' when none. The same text as `countsKey` of `@mm/shared`.
 */
const countsKeyOf = (checklistId: SQL) => sql`(
  SELECT coalesce(string_agg(k, ',' ORDER BY k COLLATE "C"), '')
  FROM (SELECT o.lifestage_id || ':' || coalesce(o.numbers::text, '') AS k FROM observations o
        WHERE o.checklist_id = ${checklistId} AND o.observationstatus_id <> ${DELETED} AND o.lifestage_id IS NOT NULL) pairs)`;

/**
 * The earliest checklist (lowest id) of `userId` on `date` whose site lies within `maxM` metres
 * (haversine, WGS84 degrees, same formula as `distanceKm`) of the point, whose counts key equals
 * `key`, and which has a live observation; ids from `beforeId` up, and `exceptId`, are left out.
 * Rows are read through `checklists_user_date_idx` in id order, and the first match ends the search.
 */
const earliestTwin = (w: {
  userId: SQL;
  date: SQL;
  latitude: SQL;
  longitude: SQL;
  key: SQL;
  beforeId: SQL;
  exceptId: SQL;
  maxM: number;
}) => {
  const deg = (w.maxM * 1.5) / 111_000;
  return sql`(
    SELECT e.checklist_id,
           2 * 6371000 * asin(least(1, sqrt(
             sin(radians(es.latitude - ${w.latitude}) / 2) ^ 2 +
             cos(radians(${w.latitude})) * cos(radians(es.latitude)) * sin(radians(es.longitude - ${w.longitude}) / 2) ^ 2))) AS metres
    FROM checklists e JOIN sites es ON es.site_id = e.site_id
    WHERE e.user_id = ${w.userId} AND e.checklist_date = ${w.date} AND e.checklist_id < ${w.beforeId}
      AND e.checklist_id <> ${w.exceptId} AND NOT e.isdeleted
      AND abs(es.latitude - ${w.latitude}) <= ${deg}
      AND abs(es.longitude - ${w.longitude}) * cos(radians(${w.latitude})) <= ${deg}
      AND 2 * 6371000 * asin(least(1, sqrt(
             sin(radians(es.latitude - ${w.latitude}) / 2) ^ 2 +
             cos(radians(${w.latitude})) * cos(radians(es.latitude)) * sin(radians(es.longitude - ${w.longitude}) / 2) ^ 2))) <= ${w.maxM}
      AND EXISTS (SELECT 1 FROM observations o WHERE o.checklist_id = e.checklist_id AND o.observationstatus_id <> ${DELETED})
      AND ${countsKeyOf(sql`e.checklist_id`)} = ${w.key}
    ORDER BY e.checklist_id
    LIMIT 1)`;
};

/**
 * Queries of the quality flags: read the facts of checklists, find earlier records of the
 * same volunteer, write the flags. Deleted observations are left out everywhere.
 */
export const qualityRepository = {
  async checklistFacts(db: DbOrTx, checklistIds: number[]): Promise<ChecklistFacts[]> {
    if (checklistIds.length === 0) return [];
    const res = await db.execute(sql`
      SELECT c.checklist_id, c.user_id, c.checklist_date::text AS checklist_date, c.stems_inspected,
             s.latitude, s.longitude, s.coordinate_uncertainty_m,
             CASE WHEN p.province_id IS NULL THEN NULL ELSE co.administrative || '-' || p.administrative END AS region_code,
             COALESCE((SELECT json_agg(json_build_object(
                 'observation_id', o.observation_id, 'lifestage_id', o.lifestage_id, 'numbers', o.numbers,
                 'photos', COALESCE((SELECT json_agg(json_build_object('taken_on', ph.exif_taken_on::text,
                     'latitude', ph.exif_latitude, 'longitude', ph.exif_longitude))
                   FROM photos ph WHERE ph.observation_id = o.observation_id AND NOT ph.isdeleted), '[]'::json))
                 ORDER BY o.observation_id)
               FROM observations o WHERE o.checklist_id = c.checklist_id AND o.observationstatus_id <> ${DELETED}), '[]'::json) AS observations
      FROM checklists c
      JOIN sites s ON s.site_id = c.site_id
      LEFT JOIN provinces p ON p.province_id = s.province_id
      LEFT JOIN countries co ON co.id = p.country_id
      WHERE c.checklist_id = ANY(${intArray(checklistIds)})`);
    return res.rows as unknown as ChecklistFacts[];
  },

  /**
   * For each given checklist, the earliest earlier record (lower id) of the same volunteer on the same
   * day within `maxM` metres with the same counts (`earliestTwin`); checklists without one are absent.
   */
  async earliestTwins(db: DbOrTx, checklistIds: number[], maxM: number): Promise<Twin[]> {
    if (checklistIds.length === 0) return [];
    const res = await db.execute(sql`
      SELECT t.checklist_id AS later_id, twin.checklist_id, twin.metres
      FROM checklists t
      JOIN sites ts ON ts.site_id = t.site_id
      CROSS JOIN LATERAL ${earliestTwin({
        userId: sql`t.user_id`,
        date: sql`t.checklist_date`,
        latitude: sql`ts.latitude`,
        longitude: sql`ts.longitude`,
        key: countsKeyOf(sql`t.checklist_id`),
        beforeId: sql`t.checklist_id`,
        exceptId: sql`0`,
        maxM,
      })} twin
      WHERE t.checklist_id = ANY(${intArray(checklistIds)})`);
    return res.rows as unknown as Twin[];
  },

  /**
   * The earliest record of a volunteer on a day within `maxM` metres of a point (WGS84 degrees) whose
   * counts key is `key`, for a submission not yet written (`later_id` 0); `exceptChecklistId` leaves
   * out the record being edited.
   */
  async twinOfSubmission(
    db: DbOrTx,
    w: {
      userId: number;
      date: string;
      latitude: number;
      longitude: number;
      key: string;
      exceptChecklistId: number | null;
    },
    maxM: number,
  ): Promise<Twin | undefined> {
    const res = await db.execute(sql`
      SELECT 0 AS later_id, twin.checklist_id, twin.metres
      FROM ${earliestTwin({
        userId: sql`${w.userId}::int`,
        date: sql`${w.date}::date`,
        latitude: sql`${w.latitude}::float8`,
        longitude: sql`${w.longitude}::float8`,
        key: sql`${w.key}::text`,
        beforeId: sql`2147483647`,
        exceptId: sql`${w.exceptChecklistId ?? 0}::int`,
        maxM,
      })} twin`);
    return res.rows[0] as unknown as Twin | undefined;
  },

  /** Every province with its ISO 3166-2 code (`CA-QC`) and name, for place rules and their reasons. */
  async provinces(db: DbOrTx): Promise<{ province_id: number; code: string; province: string }[]> {
    const res = await db.execute<{ province_id: number; code: string; province: string }>(sql`
      SELECT p.province_id, co.administrative || '-' || p.administrative AS code, p.province
      FROM provinces p JOIN countries co ON co.id = p.country_id`);
    return res.rows;
  },

  /** Up to `limit` checklist ids above `afterId`, in id order (a pass over every record). */
  async checklistIdsAfter(db: DbOrTx, afterId: number, limit: number): Promise<number[]> {
    const res = await db.execute<{ id: number }>(
      sql`SELECT checklist_id AS id FROM checklists WHERE checklist_id > ${afterId} ORDER BY checklist_id LIMIT ${limit}`,
    );
    return res.rows.map((r) => r.id);
  },

  /** The ids of the checklists held by a site (a corrected place changes all of them). */
  async checklistsOfSite(db: DbOrTx, siteId: number): Promise<number[]> {
    const res = await db.execute<{ id: number }>(
      sql`SELECT checklist_id AS id FROM checklists WHERE site_id = ${siteId}`,
    );
    return res.rows.map((r) => r.id);
  },

  /** The EXIF facts of a volunteer's photos among `names`. */
  async photoFacts(db: DbOrTx, userId: number, names: string[]): Promise<Map<string, PhotoFacts>> {
    if (names.length === 0) return new Map();
    const res = await db.execute<{
      photo_name: string;
      taken_on: string | null;
      latitude: number | null;
      longitude: number | null;
    }>(sql`
      SELECT photo_name, exif_taken_on::text AS taken_on, exif_latitude AS latitude, exif_longitude AS longitude
      FROM photos WHERE user_id = ${userId} AND NOT isdeleted AND photo_name = ANY(${sql.param(names)}::text[])`);
    return new Map(res.rows.map(({ photo_name, ...facts }) => [photo_name, facts]));
  },

  /**
   * Stores each observation's flags. An observation whose flags change loses an earlier acceptance
   * (`flags_accepted_by`, `flags_accepted_at`): the admin accepted other flags.
   */
  async writeFlags(db: DbOrTx, rows: { observation_id: number; flags: QualityFlag[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE observations o SET quality_flags = v.flags, flags_accepted_by = NULL, flags_accepted_at = NULL
      FROM (SELECT unnest(${intArray(rows.map((r) => r.observation_id))}) AS id,
                   unnest(${sql.param(rows.map((r) => JSON.stringify(r.flags)))}::jsonb[]) AS flags) v
      WHERE o.observation_id = v.id AND o.quality_flags IS DISTINCT FROM v.flags`);
  },
};
