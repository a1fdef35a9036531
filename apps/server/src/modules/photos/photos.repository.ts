import { and, eq, inArray, isNull } from 'drizzle-orm';
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

  /** The user's own temporary (not yet attached) photos among `names`. */
  async findOwnTemporary(db: DbOrTx, userId: number, names: string[]): Promise<PhotoRow[]> {
    if (names.length === 0) return [];
    return db
      .select()
      .from(photos)
      .where(and(eq(photos.user_id, userId), inArray(photos.photo_name, names), isNull(photos.observation_id), eq(photos.isdeleted, false)));
  },

  async attach(db: DbOrTx, id: number, observationId: number, lifestageId: number, photoPath: string): Promise<void> {
    await db
      .update(photos)
      .set({ observation_id: observationId, observation_lifestage_id: lifestageId, photo_path: photoPath, updated: new Date() })
      .where(eq(photos.id, id));
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
