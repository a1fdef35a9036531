import type { DatasetMetadata, DatasetMetadataRecord, SessionUser } from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from './admin-list.queries';
import { adminDatasetRepository } from './admin-dataset.repository';

/**
 * The dataset's metadata written into every archive's `eml.xml` (title, abstract introduction, keywords,
 * contacts, licence, citation; docs/internals.md "GBIF"), edited by admins, each change audit-logged.
 * @param defaults what stands in before an admin first saves it (from the DATASET_* configuration)
 */
export function createAdminDatasetService(db: Db, defaults: DatasetMetadata) {
  /** The metadata in force: the stored row, else the defaults. */
  async function current(tx: DbOrTx = db): Promise<DatasetMetadataRecord> {
    const stored = await adminDatasetRepository.find(tx);
    if (!stored) return { id: 1, ...defaults, updated: null, updated_by: null };
    const { updated, updated_by, ...value } = stored;
    return { id: 1, ...value, updated, updated_by };
  }
  return {
    current,

    /** The metadata as the EML reads it (without id and stamps). */
    async forEml(): Promise<DatasetMetadata> {
      const { id: _id, updated: _updated, updated_by: _by, ...value } = await current();
      return value;
    },

    /**
     * Replaces the metadata (already validated by `datasetMetadataInputSchema`) and logs the change
     * (resource `dataset`, record 1, action `update`, before and after) in one transaction.
     * @returns the metadata now in force
     */
    async update(user: SessionUser, value: DatasetMetadata): Promise<DatasetMetadataRecord> {
      return db.transaction(async (tx) => {
        const { id: _id, updated: _u, updated_by: _b, ...before } = await current(tx);
        await adminDatasetRepository.save(tx, value, user.user_id);
        await audit(tx, {
          userId: user.user_id,
          resource: 'dataset',
          recordId: 1,
          action: 'update',
          before,
          after: value,
        });
        return current(tx);
      });
    },
  };
}
export type AdminDatasetService = ReturnType<typeof createAdminDatasetService>;
