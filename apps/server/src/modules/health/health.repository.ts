import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The health check's one query. */
export const healthRepository = {
  /** Asks the database the smallest question (`SELECT 1`); rejects when it cannot answer. */
  async ping(db: DbOrTx): Promise<void> {
    await db.execute(sql`SELECT 1`);
  },
};
