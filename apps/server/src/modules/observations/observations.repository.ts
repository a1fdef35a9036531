import { and, eq, sql } from 'drizzle-orm';
import type { ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { checklists, milkweedSpecies, observations, provinces, sites } from '../../db/schema';

export type ObservationListRow = {
  observation_id: number;
  number_of_plants: string | null;
  observationstatus_id: number;
  milkweed_id: number | null;
  is_flash: boolean;
  observation_created: Date;
  lifestage_id: number | null;
  numbers: number;
  english_name: string | null;
  latin_name: string | null;
  french_name: string | null;
  spanish_name: string | null;
  site_id: number;
  locality: string | null;
  province_id: number | null;
  checklist_id: number;
  checklist_date: string;
  latitude: number;
  longitude: number;
  dateidentified: Date | null;
  username: string | null;
};

/** Queries on sites, checklists and observations. Visibility filters live here. */
export const observationsRepository = {
  async findChecklistByIdempotencyKey(db: DbOrTx, userId: number, key: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: checklists.checklist_id })
      .from(checklists)
      .where(and(eq(checklists.user_id, userId), eq(checklists.idempotency_key, key)));
    return row?.id;
  },

  async findProvince(db: DbOrTx, provinceId: number) {
    const [row] = await db.select().from(provinces).where(eq(provinces.province_id, provinceId));
    return row;
  },

  async milkweedExists(db: DbOrTx, milkweedId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: milkweedSpecies.milkweed_id })
      .from(milkweedSpecies)
      .where(and(eq(milkweedSpecies.milkweed_id, milkweedId), eq(milkweedSpecies.isdeleted, false)));
    return row !== undefined;
  },

  async createSite(db: DbOrTx, values: typeof sites.$inferInsert): Promise<number> {
    const [row] = await db.insert(sites).values(values).returning({ id: sites.site_id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async createChecklist(db: DbOrTx, values: typeof checklists.$inferInsert): Promise<number> {
    const [row] = await db.insert(checklists).values(values).returning({ id: checklists.checklist_id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async createObservations(db: DbOrTx, rows: (typeof observations.$inferInsert)[]): Promise<{ observation_id: number; lifestage_id: number | null }[]> {
    if (rows.length === 0) return [];
    return db.insert(observations).values(rows).returning({ observation_id: observations.observation_id, lifestage_id: observations.lifestage_id });
  },

  /**
   * One page of observations with the given statuses, newest first, with site, checklist,
   * milkweed and observer columns, plus the total count.
   */
  async paginate(db: DbOrTx, statuses: readonly ObservationStatusId[], limit: number, offset: number): Promise<{ rows: ObservationListRow[]; total: number }> {
    const statusList = sql.join(statuses.map((s) => sql`${s}`), sql`, `);
    const where = sql`o.observationstatus_id IN (${statusList}) AND NOT c.isdeleted`;
    const [page, count] = await Promise.all([
      db.execute<ObservationListRow>(sql`
        SELECT o.observation_id, o.number_of_plants, o.observationstatus_id, o.milkweed_id, c.is_flash,
               o.observation_created, o.lifestage_id, o.numbers,
               m.english_name, m.latin_name, m.french_name, m.spanish_name,
               s.site_id, s.locality, s.province_id, c.checklist_id, c.checklist_date,
               s.latitude, s.longitude, o.dateidentified, u.username
        FROM observations o
        JOIN checklists c ON c.checklist_id = o.checklist_id
        JOIN sites s ON s.site_id = c.site_id
        LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
        LEFT JOIN users u ON u.user_id = c.user_id
        WHERE ${where}
        ORDER BY o.observation_created DESC, o.observation_id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ total: number }>(sql`
        SELECT count(*)::int AS total FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id WHERE ${where}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  },
};
