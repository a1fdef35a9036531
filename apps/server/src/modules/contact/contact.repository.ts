import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** A contact message as stored (`handled` and `created` take their defaults). */
export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'handled' | 'created'>;

/** Queries of the contact form (spec §2 contact). */
export const contactRepository = {
  /** Stores one message. */
  async insert(db: DbOrTx, message: NewContactMessage): Promise<void> {
    await db.insert(contactMessages).values(message);
  },
};
