import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { publicArchive } from '../../db/schema';

/** The stored public archive's row (`public_archive`, docs/adr/0038). */
export type PublicArchiveRow = typeof publicArchive.$inferSelect;

/** SQL of the stored public Darwin Core Archive GBIF crawls (one row, id 1). */
export const publicArchiveRepository = {
  /** The archive served now, or null before the first build. */
  async current(db: DbOrTx): Promise<PublicArchiveRow | null> {
    const [row] = await db.select().from(publicArchive).where(eq(publicArchive.id, 1));
    return row ?? null;
  },

  /**
   * Where the published data stand: `last_value` of `public_data_changes`, which every write to them
   * moves (migration 0025). Only compared for equality with the value read before the last build.
   */
  async dataVersion(db: DbOrTx): Promise<number> {
    const res = await db.execute<{ v: string }>(sql`SELECT last_value::text AS v FROM public_data_changes`);
    return Number(res.rows[0]?.v ?? 0);
  },

  /**
   * Makes `row` the archive served, unless another server finished a build of a newer build number
   * meanwhile (the job is a singleton; this keeps a late writer from going back).
   * @returns true when the row was written
   */
  async save(db: DbOrTx, row: Omit<PublicArchiveRow, 'id'>): Promise<boolean> {
    const res = await db
      .insert(publicArchive)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({
        target: publicArchive.id,
        set: row,
        setWhere: sql`${publicArchive.build} < ${row.build}`,
      })
      .returning({ id: publicArchive.id });
    return res.length > 0;
  },
};
