import type { Db } from '../../db/client';
import { healthRepository } from './health.repository';

/** Resolves when the database answers a query; rejects with its error otherwise (`/api/health`). */
export function pingDatabase(db: Db): Promise<void> {
  return healthRepository.ping(db);
}
