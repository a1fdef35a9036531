import { sql } from 'drizzle-orm';
import type { ExploreFilters, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationWhere } from './observation-filters';

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
  user_id: number | null;
};

const rowColumns = sql`
  o.observation_id, o.number_of_plants, o.observationstatus_id, o.milkweed_id, c.is_flash,
  o.observation_created, o.lifestage_id, o.numbers,
  m.english_name, m.latin_name, m.french_name, m.spanish_name,
  s.site_id, s.locality, s.province_id, c.checklist_id, c.checklist_date,
  s.latitude, s.longitude, o.dateidentified, u.username, c.user_id`;
const rowJoins = sql`
  FROM observations o
  JOIN checklists c ON c.checklist_id = o.checklist_id
  JOIN sites s ON s.site_id = c.site_id
  LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
  LEFT JOIN users u ON u.user_id = c.user_id`;

/** Queries on observations with their checklist, site, milkweed and observer. Visibility filters live here. */
export const observationsRepository = {
  /**
   * One page of the observations matching `filters` among `statuses`, newest first, with site,
   * checklist, milkweed and observer columns, plus the total count.
   */
  async paginate(db: DbOrTx, filters: ExploreFilters, statuses: readonly ObservationStatusId[], limit: number, offset: number): Promise<{ rows: ObservationListRow[]; total: number }> {
    const where = observationWhere(filters, statuses);
    const [page, count] = await Promise.all([
      db.execute<ObservationListRow>(sql`
        SELECT ${rowColumns} ${rowJoins}
        WHERE ${where}
        ORDER BY o.observation_created DESC, o.observation_id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ total: number }>(sql`
        SELECT count(*)::int AS total FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id WHERE ${where}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  },

  /** One observation of a live checklist, whatever its status (the service decides who may see it). */
  async findById(db: DbOrTx, observationId: number): Promise<ObservationListRow | undefined> {
    const r = await db.execute<ObservationListRow>(sql`SELECT ${rowColumns} ${rowJoins} WHERE o.observation_id = ${observationId} AND NOT c.isdeleted`);
    return r.rows[0];
  },
};
