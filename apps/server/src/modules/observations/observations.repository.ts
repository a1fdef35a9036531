import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { observationRowJoins } from '../../db/observation-filters';
import { photos } from '../../db/schema';

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
  /** The locality without email addresses or phone numbers. */
  public_locality: string | null;
  province_id: number | null;
  checklist_id: number;
  checklist_date: string;
  latitude: number;
  longitude: number;
  dateidentified: Date | null;
  username: string | null;
  user_id: number | null;
  is_private: boolean;
};

const rowColumns = sql`
  o.observation_id, o.number_of_plants, o.observationstatus_id, o.milkweed_id, c.is_flash,
  o.observation_created, o.lifestage_id, o.numbers,
  m.english_name, m.latin_name, m.french_name, m.spanish_name,
  s.site_id, s.locality, s.public_locality, s.province_id, c.checklist_id, c.checklist_date,
  s.latitude, s.longitude, o.dateidentified, u.username, c.user_id, s.is_private`;
/** Queries on one observation with its checklist, site, milkweed, observer and photos. */
export const observationsRepository = {
  /** Live photos of one observation, by id. */
  async photosOf(db: DbOrTx, observationId: number) {
    return db
      .select()
      .from(photos)
      .where(and(eq(photos.observation_id, observationId), eq(photos.isdeleted, false)))
      .orderBy(photos.id);
  },

  /**
   * One observation of a live checklist, whatever its status, at its exact position (the service
   * decides who may see it, and where).
   */
  async findById(db: DbOrTx, observationId: number): Promise<ObservationListRow | undefined> {
    const r = await db.execute<ObservationListRow>(
      sql`SELECT ${rowColumns} ${observationRowJoins('exact')} WHERE o.observation_id = ${observationId} AND NOT c.isdeleted`,
    );
    return r.rows[0];
  },
};
