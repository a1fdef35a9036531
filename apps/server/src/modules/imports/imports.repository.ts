import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checklists, milkweedSpecies, observations, sites, users } from '../../db/schema';

/** One sighting's rows; the repository fills in `site_id` and `checklist_id` as it inserts them. */
export interface SightingRows {
  site: typeof sites.$inferInsert;
  checklist: Omit<typeof checklists.$inferInsert, 'site_id'>;
  observation: Omit<typeof observations.$inferInsert, 'checklist_id'>;
}

/** A record to look for among stored imports: its content key and point (WGS84 degrees, known to `decimals` places). */
export interface ContentProbe {
  index: number;
  contentKey: string;
  lat: number;
  lng: number;
  decimals: number;
}

/** Queries of the importer's duplicate detection. */
export const importsRepository = {
  /** Every milkweed species id with its Latin name, retired ones included. */
  async milkweedNames(db: DbOrTx): Promise<{ id: number; latin: string }[]> {
    return db.select({ id: milkweedSpecies.milkweed_id, latin: milkweedSpecies.latin_name }).from(milkweedSpecies);
  },

  /** The id of a live user by username (case-insensitive), or undefined. */
  async activeUserId(db: DbOrTx, username: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: users.user_id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.isdeleted, false)));
    return row?.id;
  },

  /** A live user's id and role by username (case-insensitive), deleted ones included as `deleted`; undefined when unknown. */
  async accountByName(
    db: DbOrTx,
    username: string,
  ): Promise<{ id: number; username: string; role_id: number; deleted: boolean } | undefined> {
    const [row] = await db
      .select({ id: users.user_id, username: users.username, role_id: users.role_id, deleted: users.isdeleted })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    return row;
  },

  /**
   * Inserts one site, checklist and observation per sighting (three multi-row statements, in the
   * caller's transaction). @returns the new checklists' ids, in input order
   */
  async insertSightings(tx: DbOrTx, rows: SightingRows[]): Promise<number[]> {
    const siteRows = await tx
      .insert(sites)
      .values(rows.map((r) => r.site))
      .returning({ id: sites.site_id });
    const checklistRows = await tx
      .insert(checklists)
      .values(rows.map((r, i) => ({ ...r.checklist, site_id: siteRows[i]?.id as number })))
      .returning({ id: checklists.checklist_id });
    await tx
      .insert(observations)
      .values(rows.map((r, i) => ({ ...r.observation, checklist_id: checklistRows[i]?.id as number })));
    return checklistRows.map((r) => r.id);
  },

  /** Makes concurrent imports write one batch at a time, so two of them never both add one record. */
  async lockImports(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mission-monarch:imports'))`);
  },

  /** The idempotency keys among `keys` that some checklist (of any user) already has. */
  async existingKeys(tx: DbOrTx, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const r = await tx.execute<{ key: string }>(sql`
      SELECT idempotency_key::text AS key FROM checklists
      WHERE idempotency_key IN (${sql.join(
        keys.map((k) => sql`${k}::uuid`),
        sql`, `,
      )})`);
    return new Set(r.rows.map((row) => row.key));
  },

  /** The localities of the sites of the checklists holding each of `keys` (idempotency keys), by key. */
  async localitiesByKey(tx: DbOrTx, keys: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (keys.length === 0) return found;
    const r = await tx.execute<{ key: string; locality: string }>(sql`
      SELECT c.idempotency_key::text AS key, s.locality FROM checklists c JOIN sites s ON s.site_id = c.site_id
      WHERE c.idempotency_key IN (${sql.join(
        keys.map((k) => sql`${k}::uuid`),
        sql`, `,
      )})`);
    for (const row of r.rows) found.set(row.key, [...(found.get(row.key) ?? []), row.locality]);
    return found;
  },

  /**
   * The probes (by `index`) for which a stored checklist has the same content key (identical content,
   * place name included) at the same point: both points agree within half a unit of the coarser one's
   * last decimal, each known to its file's precision (`sites.coordinate_decimals`; for rows stored
   * before that column, the decimals PostgreSQL prints, the shortest text that reads back the same double).
   */
  async contentMatches(tx: DbOrTx, probes: ContentProbe[]): Promise<Set<number>> {
    if (probes.length === 0) return new Set();
    const values = sql.join(
      probes.map(
        (p) => sql`(${p.index}::int, ${p.contentKey}::uuid, ${p.lat}::float8, ${p.lng}::float8, ${p.decimals}::int)`,
      ),
      sql`, `,
    );
    const printed = (column: SQL) => sql`length(split_part(${column}::text, '.', 2))`;
    const stored = sql`coalesce(s.coordinate_decimals, least(${printed(sql`s.latitude`)}, ${printed(sql`s.longitude`)}))`;
    const r = await tx.execute<{ index: number }>(sql`
      SELECT v.i AS index FROM (VALUES ${values}) AS v(i, content_key, lat, lng, decimals)
      WHERE EXISTS (
        SELECT 1 FROM checklists c JOIN sites s ON s.site_id = c.site_id
        WHERE c.content_key = v.content_key
          AND abs(s.latitude - v.lat) <= 0.5 * 10 ^ (-least(${stored}, v.decimals)) + 1e-9
          AND abs(s.longitude - v.lng) <= 0.5 * 10 ^ (-least(${stored}, v.decimals)) + 1e-9)`);
    return new Set(r.rows.map((row) => Number(row.index)));
  },
};
