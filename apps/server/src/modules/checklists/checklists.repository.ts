import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LICENSE, ObservationStatus, type ObservationStatusId, type QualityFlag } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import {
  abundances,
  checklists,
  locationsizes,
  milkweedSpecies,
  observations,
  photos,
  provinces,
  sites,
} from '../../db/schema';
import { publicComment, publicPlace } from '../../db/public-text';
import type { ChecklistWrite, ObservationWrite } from './checklist-write';

export type ChecklistRow = typeof checklists.$inferSelect;

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Queries on checklists, their sites and observations. */
/**
 * The licence a submission gets: the one its volunteer chose in their profile, CC BY 4.0
 * when they have no profile; fixed on the record from then on.
 */
const profileLicense = (userId: number) =>
  sql`coalesce((SELECT license FROM profiles WHERE user_id = ${userId}), ${DEFAULT_LICENSE})`;

export const checklistsRepository = {
  /**
   * The ids a submission may reference: provinces (with their country as `parent`), and the live
   * milkweed species, abundances and location sizes (`kind` names the column they fill).
   */
  async referenceIds(db: DbOrTx): Promise<{ kind: string; id: number; parent: number | null }[]> {
    const r = await db.execute<{ kind: string; id: number; parent: number | null }>(sql`
      SELECT 'province' kind, province_id::int id, country_id::int parent FROM provinces
      UNION ALL SELECT 'milkweed_id', milkweed_id, NULL FROM milkweed_species WHERE NOT isdeleted
      UNION ALL SELECT 'abundance_id', id, NULL FROM abundances WHERE NOT isdeleted
      UNION ALL SELECT 'locationsize_id', id, NULL FROM locationsizes WHERE NOT isdeleted`);
    return r.rows;
  },

  async findByIdempotencyKey(db: DbOrTx, userId: number, key: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: checklists.checklist_id })
      .from(checklists)
      .where(and(eq(checklists.user_id, userId), eq(checklists.idempotency_key, key)));
    return row?.id;
  },

  /** The checklist row, locked for update when `lock` (inside a transaction). */
  async findById(db: DbOrTx, id: number, lock = false): Promise<ChecklistRow | undefined> {
    const query = db.select().from(checklists).where(eq(checklists.checklist_id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async findProvince(db: DbOrTx, provinceId: number) {
    const [row] = await db.select().from(provinces).where(eq(provinces.province_id, provinceId));
    return row;
  },

  async findOwnSite(db: DbOrTx, userId: number, siteId: number) {
    const [row] = await db
      .select()
      .from(sites)
      .where(and(eq(sites.site_id, siteId), eq(sites.user_id, userId), eq(sites.isdeleted, false)));
    return row;
  },

  /** Which of the ids exist (and are not retired) in a reference table. */
  async existing(db: DbOrTx, table: 'milkweed' | 'abundance' | 'locationsize', values: number[]): Promise<Set<number>> {
    if (values.length === 0) return new Set();
    const rows =
      table === 'milkweed'
        ? await db
            .select({ id: milkweedSpecies.milkweed_id })
            .from(milkweedSpecies)
            .where(and(inArray(milkweedSpecies.milkweed_id, values), eq(milkweedSpecies.isdeleted, false)))
        : table === 'abundance'
          ? await db
              .select({ id: abundances.id })
              .from(abundances)
              .where(and(inArray(abundances.id, values), eq(abundances.isdeleted, false)))
          : await db
              .select({ id: locationsizes.id })
              .from(locationsizes)
              .where(and(inArray(locationsizes.id, values), eq(locationsizes.isdeleted, false)));
    return new Set(rows.map((r) => r.id));
  },

  /** The user's photos among `names` that are unattached, or attached to checklist `ownChecklistId`. */
  async findUsablePhotos(db: DbOrTx, userId: number, names: string[], ownChecklistId?: number) {
    if (names.length === 0) return [];
    const attachedHere = ownChecklistId
      ? sql`OR p.observation_id IN (SELECT observation_id FROM observations WHERE checklist_id = ${ownChecklistId})`
      : sql``;
    const rows = await db.execute<{ id: number; photo_name: string; photo_path: string }>(sql`
      SELECT p.id, p.photo_name, p.photo_path FROM photos p
      WHERE p.user_id = ${userId} AND NOT p.isdeleted AND p.photo_name IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})
        AND (p.observation_id IS NULL ${attachedHere})`);
    return rows.rows;
  },

  /**
   * Writes a submission without photos in ONE statement (atomic without BEGIN/COMMIT): the site
   * unless `write.site.site_id` names an existing one (then its private flag when given), the
   * checklist, and its observations (Pending) with their quality flags (`flags`, one list per row in
   * `write.rows` order; the column default [] when null, for `quality.recompute` to fill after).
   * A checklist already holding this idempotency key makes it write nothing.
   * @returns the new checklist id, or null when the key was taken; `siteId` of a site it had to
   *          create (to be removed again when the key was taken)
   */
  async insertSubmission(
    db: DbOrTx,
    userId: number,
    key: string,
    submitTypeId: number,
    write: ChecklistWrite,
    countryId: number,
    flags: QualityFlag[][] | null,
  ): Promise<{ checklistId: number | null; newSiteId: number | null }> {
    const { site, checklist: c, rows } = write;
    const column = <K extends keyof ObservationWrite>(k: K) => sql.param(rows.map((r) => r[k]));
    const place = publicPlace(site);
    const siteSource =
      site.site_id != null
        ? site.is_private === null
          ? sql`SELECT ${site.site_id}::int AS site_id, false AS created`
          : sql`UPDATE sites SET is_private = ${site.is_private}, updated = now() WHERE site_id = ${site.site_id}
                RETURNING site_id, false AS created`
        : sql`INSERT INTO sites (user_id, locality, city, public_locality, public_city, province_id, country_id, latitude, longitude, is_private, coordinate_uncertainty_m)
              VALUES (${userId}, ${site.locality}, ${site.city}, ${place.public_locality}, ${place.public_city}, ${site.province_id}, ${countryId}, ${site.latitude}, ${site.longitude}, ${site.is_private ?? false}, ${site.coordinate_uncertainty_m}::int)
              RETURNING site_id, true AS created`;
    const result = await db.execute<{ checklist_id: number | null; new_site_id: number | null }>(sql`
      WITH s AS (${siteSource}),
      c AS (
        INSERT INTO checklists (user_id, site_id, checklist_date, start_time, end_time, participants, checklisttype_id, submittype_id, is_flash, comment, public_comment, stems_inspected, idempotency_key, license)
        SELECT ${userId}, s.site_id, ${c.checklist_date}::date, ${c.start_time}::time, ${c.end_time}::time, ${c.participants}::smallint, ${c.checklisttype_id}, ${submitTypeId},
               ${c.is_flash}, ${c.comment}, ${publicComment(c.comment)}, ${c.stems_inspected}::int, ${key}::uuid, ${profileLicense(userId)}
        FROM s
        ON CONFLICT (user_id, idempotency_key) DO NOTHING
        RETURNING checklist_id
      ),
      o AS (
        INSERT INTO observations (checklist_id, lifestage_id, numbers, milkweed_id, abundance_id, locationsize_id, basisofrecord_id, observationstatus_id, license, observed_on, quality_flags)
        SELECT c.checklist_id, r.lifestage_id, r.numbers, r.milkweed_id, r.abundance_id, r.locationsize_id, r.basisofrecord_id, ${ObservationStatus.Pending}::smallint, ${profileLicense(userId)}, ${c.checklist_date}::date,
               coalesce(r.quality_flags, '[]'::jsonb)
        FROM c, unnest(${column('lifestage_id')}::int[], ${column('numbers')}::int[], ${column('milkweed_id')}::int[], ${column('abundance_id')}::int[],
                       ${column('locationsize_id')}::int[], ${column('basisofrecord_id')}::int[],
                       ${sql.param(rows.map((_, i) => (flags ? JSON.stringify(flags[i] ?? []) : null)))}::jsonb[])
             AS r(lifestage_id, numbers, milkweed_id, abundance_id, locationsize_id, basisofrecord_id, quality_flags)
      )
      SELECT (SELECT checklist_id FROM c) AS checklist_id, (SELECT site_id FROM s WHERE s.created) AS new_site_id`);
    const row = result.rows[0];
    return { checklistId: row?.checklist_id ?? null, newSiteId: row?.new_site_id ?? null };
  },

  /** Removes a site nobody uses (left by a lost idempotency race). */
  async deleteUnusedSite(db: DbOrTx, siteId: number): Promise<void> {
    await db.execute(
      sql`DELETE FROM sites WHERE site_id = ${siteId} AND NOT EXISTS (SELECT 1 FROM checklists WHERE site_id = ${siteId})`,
    );
  },

  async createSite(db: DbOrTx, userId: number, site: ChecklistWrite['site'], countryId: number): Promise<number> {
    const [row] = await db
      .insert(sites)
      .values({
        user_id: userId,
        locality: site.locality,
        city: site.city,
        ...publicPlace(site),
        province_id: site.province_id,
        country_id: countryId,
        latitude: site.latitude,
        longitude: site.longitude,
        is_private: site.is_private ?? false,
        coordinate_uncertainty_m: site.coordinate_uncertainty_m,
      })
      .returning({ id: sites.site_id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Inserts a checklist under the licence of its user's profile. */
  async createChecklist(db: DbOrTx, values: typeof checklists.$inferInsert): Promise<number> {
    const [row] = await db
      .insert(checklists)
      .values({
        ...values,
        public_comment: publicComment(values.comment ?? null),
        license: values.user_id ? profileLicense(values.user_id) : undefined,
      })
      .returning({ id: checklists.checklist_id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async updateChecklist(db: DbOrTx, id: number, values: Partial<typeof checklists.$inferInsert>): Promise<void> {
    await db
      .update(checklists)
      .set({
        ...values,
        ...(values.comment === undefined ? {} : { public_comment: publicComment(values.comment) }),
        updated: new Date(),
      })
      .where(eq(checklists.checklist_id, id));
  },

  /** Inserts the rows with Pending status and attaches their photos (by id) to them. */
  async insertObservations(
    db: DbOrTx,
    checklistId: number,
    rows: ObservationWrite[],
    photoIds: Map<string, number>,
    finalPath: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    const created = await db
      .insert(observations)
      .values(
        rows.map(({ photo_names: _p, ...r }) => ({
          ...r,
          checklist_id: checklistId,
          observationstatus_id: ObservationStatus.Pending,
          license: sql`(SELECT license FROM checklists WHERE checklist_id = ${checklistId})`,
        })),
      )
      .returning({ id: observations.observation_id });
    for (const [i, row] of rows.entries()) {
      const observationId = created[i]?.id;
      const photoIdList = row.photo_names.map((n) => photoIds.get(n)).filter((v): v is number => v !== undefined);
      if (observationId === undefined || photoIdList.length === 0) continue;
      await db
        .update(photos)
        .set({
          observation_id: observationId,
          observation_lifestage_id: row.lifestage_id,
          photo_path: finalPath,
          updated: new Date(),
        })
        .where(inArray(photos.id, photoIdList));
    }
  },

  async deleteObservations(db: DbOrTx, checklistId: number): Promise<void> {
    await db.delete(observations).where(eq(observations.checklist_id, checklistId));
  },

  async statusesOf(db: DbOrTx, checklistId: number): Promise<number[]> {
    const rows = await db
      .select({ s: observations.observationstatus_id })
      .from(observations)
      .where(eq(observations.checklist_id, checklistId));
    return rows.map((r) => r.s);
  },

  async setStatus(db: DbOrTx, checklistId: number, status: ObservationStatusId): Promise<void> {
    await db
      .update(observations)
      .set({ observationstatus_id: status, updated: new Date() })
      .where(eq(observations.checklist_id, checklistId));
  },

  /** How many checklists use a site. */
  async siteUses(db: DbOrTx, siteId: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int n FROM checklists WHERE site_id = ${siteId}`);
    return r.rows[0]?.n ?? 0;
  },

  /**
   * Rewrites a site. An edit that leaves the point where it was and gives no uncertainty keeps the
   * stored one; a moved point takes the uncertainty given with it (or none).
   */
  async updateSite(db: DbOrTx, siteId: number, site: ChecklistWrite['site'], countryId: number): Promise<void> {
    await db
      .update(sites)
      .set({
        locality: site.locality,
        city: site.city,
        ...publicPlace(site),
        province_id: site.province_id,
        country_id: countryId,
        latitude: site.latitude,
        longitude: site.longitude,
        ...(site.is_private === null ? {} : { is_private: site.is_private }),
        coordinate_uncertainty_m:
          site.coordinate_uncertainty_m ??
          sql`CASE WHEN ${sites.latitude} = ${site.latitude} AND ${sites.longitude} = ${site.longitude}
                   THEN ${sites.coordinate_uncertainty_m} END`,
        updated: new Date(),
      })
      .where(eq(sites.site_id, siteId));
  },

  /** Marks a site private or public; the caller has checked that it may. */
  async setSitePrivacy(db: DbOrTx, siteId: number, isPrivate: boolean): Promise<void> {
    await db.update(sites).set({ is_private: isPrivate, updated: new Date() }).where(eq(sites.site_id, siteId));
  },

  ids,
};
