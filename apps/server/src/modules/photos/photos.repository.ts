import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { photos } from '../../db/schema';

export type PhotoRow = typeof photos.$inferSelect;

/** Queries on photo rows. */
export const photosRepository = {
  /**
   * Takes the transaction-scoped advisory lock `key` if no other session holds it (released at
   * commit or rollback); false when another process holds it.
   */
  async tryTransactionLock(tx: DbOrTx, key: number): Promise<boolean> {
    const r = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${key}) AS ok`);
    return r.rows[0]?.ok ?? false;
  },

  async create(db: DbOrTx, values: typeof photos.$inferInsert): Promise<PhotoRow> {
    const [row] = await db.insert(photos).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Uploads never attached to an observation and older than `before`: orphans of abandoned forms. */
  async findOrphans(db: DbOrTx, before: Date, limit: number): Promise<PhotoRow[]> {
    return db
      .select()
      .from(photos)
      .where(and(isNull(photos.observation_id), lt(photos.created, before)))
      .limit(limit);
  },

  async removeByIds(db: DbOrTx, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.delete(photos).where(inArray(photos.id, ids));
  },

  async findByIds(db: DbOrTx, ids: number[]): Promise<PhotoRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(photos).where(inArray(photos.id, ids));
  },

  /** Live photos attached to an observation, id above `afterId`, by id: one page of the reconciliation. */
  async findAttachedAfter(db: DbOrTx, afterId: number, limit: number): Promise<PhotoRow[]> {
    return db
      .select()
      .from(photos)
      .where(and(isNotNull(photos.observation_id), eq(photos.isdeleted, false), gt(photos.id, afterId)))
      .orderBy(photos.id)
      .limit(limit);
  },

  /** Live photos attached to the observations of one checklist. */
  async findByChecklist(db: DbOrTx, checklistId: number): Promise<PhotoRow[]> {
    const rows = await db.execute<{ id: number }>(
      sql`SELECT p.id FROM photos p JOIN observations o ON o.observation_id = p.observation_id
          WHERE o.checklist_id = ${checklistId} AND NOT p.isdeleted`,
    );
    return this.findByIds(
      db,
      rows.rows.map((r) => r.id),
    );
  },

  /** Which of the file names have a photo row whose files live in `photoPath`. */
  async namesIn(db: DbOrTx, photoPath: string, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await db
      .select({ name: photos.photo_name })
      .from(photos)
      .where(and(eq(photos.photo_path, photoPath), inArray(photos.photo_name, names)));
    return new Set(rows.map((r) => r.name));
  },

  async findByObservations(db: DbOrTx, observationIds: number[]): Promise<PhotoRow[]> {
    if (observationIds.length === 0) return [];
    return db
      .select()
      .from(photos)
      .where(and(inArray(photos.observation_id, observationIds), eq(photos.isdeleted, false)))
      .orderBy(photos.id);
  },
};
