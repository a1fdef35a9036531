import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { photos } from '../../db/schema';

export type PhotoRow = typeof photos.$inferSelect;

/** Queries on photo rows. */
export const photosRepository = {
  async create(db: DbOrTx, values: typeof photos.$inferInsert): Promise<PhotoRow> {
    const [row] = await db.insert(photos).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Uploads never attached to an observation and older than `before`: orphans of abandoned forms. */
  async findOrphans(db: DbOrTx, before: Date, limit: number): Promise<PhotoRow[]> {
    return db.select().from(photos).where(and(isNull(photos.observation_id), lt(photos.created, before))).limit(limit);
  },

  async removeByIds(db: DbOrTx, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.delete(photos).where(inArray(photos.id, ids));
  },

  async findByIds(db: DbOrTx, ids: number[]): Promise<PhotoRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(photos).where(inArray(photos.id, ids));
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
