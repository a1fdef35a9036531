import { sql } from 'drizzle-orm';
import type { PhotoFacts, QualityFlag } from '@mm/shared';
import type { DbOrTx } from '../../db/client';

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

/** An earlier checklist of the same volunteer on the same day near a given one (candidate near-duplicate). */
export interface EarlierRecord {
  checklist_id: number;
  /** The checklist it may repeat. */
  later_id: number;
  latitude: number;
  longitude: number;
  observations: { lifestage_id: number | null; numbers: number | null }[];
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

/**
 * Queries of the quality flags (issue 19): read the facts of checklists, find earlier records of the
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
               FROM observations o WHERE o.checklist_id = c.checklist_id AND o.observationstatus_id <> 3), '[]'::json) AS observations
      FROM checklists c
      JOIN sites s ON s.site_id = c.site_id
      LEFT JOIN provinces p ON p.province_id = s.province_id
      LEFT JOIN countries co ON co.id = p.country_id
      WHERE c.checklist_id = ANY(${intArray(checklistIds)})`);
    return res.rows as unknown as ChecklistFacts[];
  },

  /**
   * Earlier checklists (lower id) of the same volunteer on the same day whose site lies in a box of
   * about `boxM` metres around each given checklist's site, with their counts.
   */
  async earlierNearby(db: DbOrTx, checklistIds: number[], boxM: number): Promise<EarlierRecord[]> {
    if (checklistIds.length === 0) return [];
    const deg = boxM / 111_000;
    const res = await db.execute(sql`
      SELECT e.checklist_id, t.checklist_id AS later_id, es.latitude, es.longitude,
             (SELECT json_agg(json_build_object('lifestage_id', o.lifestage_id, 'numbers', o.numbers))
                FROM observations o WHERE o.checklist_id = e.checklist_id AND o.observationstatus_id <> 3) AS observations
      FROM checklists t
      JOIN sites ts ON ts.site_id = t.site_id
      JOIN checklists e ON e.user_id = t.user_id AND e.checklist_date = t.checklist_date
                       AND e.checklist_id < t.checklist_id AND NOT e.isdeleted
      JOIN sites es ON es.site_id = e.site_id
      WHERE t.checklist_id = ANY(${intArray(checklistIds)})
        AND abs(es.latitude - ts.latitude) <= ${deg}
        AND abs(es.longitude - ts.longitude) * cos(radians(ts.latitude)) <= ${deg}
        AND EXISTS (SELECT 1 FROM observations o WHERE o.checklist_id = e.checklist_id AND o.observationstatus_id <> 3)`);
    return res.rows as unknown as EarlierRecord[];
  },

  /**
   * Earlier records of a volunteer on a day near a point, for a submission not yet written: same
   * shape as `earlierNearby`, `later_id` 0. `exceptChecklistId` leaves out the record being edited.
   */
  async nearbyOfUser(
    db: DbOrTx,
    userId: number,
    date: string,
    latitude: number,
    longitude: number,
    boxM: number,
    exceptChecklistId: number | null,
  ): Promise<EarlierRecord[]> {
    const deg = boxM / 111_000;
    const res = await db.execute(sql`
      SELECT e.checklist_id, 0 AS later_id, es.latitude, es.longitude,
             (SELECT json_agg(json_build_object('lifestage_id', o.lifestage_id, 'numbers', o.numbers))
                FROM observations o WHERE o.checklist_id = e.checklist_id AND o.observationstatus_id <> 3) AS observations
      FROM checklists e JOIN sites es ON es.site_id = e.site_id
      WHERE e.user_id = ${userId} AND e.checklist_date = ${date}::date AND NOT e.isdeleted
        AND e.checklist_id <> ${exceptChecklistId ?? 0}
        AND abs(es.latitude - ${latitude}) <= ${deg}
        AND abs(es.longitude - ${longitude}) * cos(radians(${latitude}::float8)) <= ${deg}
        AND EXISTS (SELECT 1 FROM observations o WHERE o.checklist_id = e.checklist_id AND o.observationstatus_id <> 3)`);
    return res.rows as unknown as EarlierRecord[];
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
