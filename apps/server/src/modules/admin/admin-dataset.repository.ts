import { eq, sql } from 'drizzle-orm';
import type { DatasetMetadata } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { datasetMetadata, users } from '../../db/schema';

/** The stored dataset metadata (one row, id 1) with when and by whom it last changed. */
export type StoredDatasetMetadata = DatasetMetadata & { updated: string | null; updated_by: string | null };

/** Queries of the dataset metadata the admin panel edits (table `dataset_metadata`). */
export const adminDatasetRepository = {
  /** The stored row, or undefined before an admin first saves it. */
  async find(db: DbOrTx): Promise<StoredDatasetMetadata | undefined> {
    const [row] = await db
      .select({
        title: datasetMetadata.title,
        abstract_intro: datasetMetadata.abstract_intro,
        keywords: datasetMetadata.keywords,
        contacts: datasetMetadata.contacts,
        license: datasetMetadata.license,
        citation: datasetMetadata.citation,
        updated: sql<string>`to_char(${datasetMetadata.updated} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        updated_by: users.username,
      })
      .from(datasetMetadata)
      .leftJoin(users, eq(users.user_id, datasetMetadata.updated_by))
      .where(eq(datasetMetadata.id, 1));
    return row as StoredDatasetMetadata | undefined;
  },

  /** Writes the row (insert or replace), stamped with `userId` and now. */
  async save(db: DbOrTx, value: DatasetMetadata, userId: number): Promise<void> {
    const row = { ...value, updated: new Date(), updated_by: userId };
    await db
      .insert(datasetMetadata)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: datasetMetadata.id, set: row });
  },
};
