import { sql } from 'drizzle-orm';
import type { ExploreFilters, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere } from '../../db/observation-filters';
import type { Positions } from '../../db/visibility';

export type GalleryRow = {
  id: number;
  observation_id: number;
  checklist_id: number;
  lifestage_id: number | null;
  checklist_date: string;
  locality: string | null;
  city: string | null;
  province_id: number | null;
  username: string | null;
  license: string;
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
};

/** Live photos of the observations `observationWhere` keeps (aliases o, c, s, p), sites as `positions` allows. */
const galleryJoins = (positions: Positions) =>
  sql`${observationJoins(positions)} JOIN photos p ON p.observation_id = o.observation_id AND NOT p.isdeleted`;

/** The photo gallery's query (spec §1 Photos). */
export const exploreGalleryRepository = {
  /**
   * One page of the live photos attached to observations matching `filters` among `statuses`,
   * newest photo first (created, then id, descending), with the caption columns (a private site's
   * locality and city withheld unless `positions` is exact), plus the total.
   */
  async paginate(
    db: DbOrTx,
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    limit: number,
    offset: number,
  ): Promise<{ rows: GalleryRow[]; total: number }> {
    const where = observationWhere(filters, statuses);
    const [page, count] = await Promise.all([
      db.execute<GalleryRow>(sql`
        SELECT p.id, p.observation_id, c.checklist_id, o.lifestage_id, c.checklist_date, s.locality, s.city, s.province_id,
               u.username, o.license, p.photo_path, p.photo_name, p.width, p.height
        ${galleryJoins(positions)}
        LEFT JOIN users u ON u.user_id = c.user_id
        WHERE ${where}
        ORDER BY p.created DESC, p.id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${galleryJoins(positions)} WHERE ${where}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  },
};
