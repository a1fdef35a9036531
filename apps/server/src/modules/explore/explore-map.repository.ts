import { sql } from 'drizzle-orm';
import {
  Lifestage,
  type LifestageId,
  type ClusterQuery,
  type DensityResponse,
  type ExploreFilters,
  type ExploreStats,
  type ObservationStatusId,
} from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere, visitWhere } from '../../db/observation-filters';
import type { Positions } from '../../db/visibility';
import type { SiteAggregate } from './cluster-index';

/** A life stage id written into the SQL text (a constant, not a bound parameter). */
const stage = (id: LifestageId) => sql.raw(String(id));

/** SQL condition: the site's point inside the viewport (a west > east box crosses the antimeridian). */
function inViewport(q: Pick<ClusterQuery, 'west' | 'south' | 'east' | 'north'>) {
  const longitude =
    q.west <= q.east
      ? sql`s.longitude BETWEEN ${q.west} AND ${q.east}`
      : sql`(s.longitude >= ${q.west} OR s.longitude <= ${q.east})`;
  return sql`s.latitude BETWEEN ${q.south} AND ${q.north} AND ${longitude}`;
}

/** Map aggregates, chart figures and the density view over the Explore filters. */
export const exploreMapRepository = {
  /**
   * Per site, the observations matching the filters among `statuses`: count, smallest observation id,
   * checklist id range, and the site's position (WGS84 degrees) — what `ClusterIndex` is built from.
   * One aggregate over every matching observation (≈ 1 s for 946 k public observations on 2 cores),
   * or over the sites inside `viewport` only (WGS84 degrees, west > east across the antimeridian).
   */
  async siteAggregates(
    db: DbOrTx,
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    viewport?: Pick<ClusterQuery, 'west' | 'south' | 'east' | 'north'>,
  ): Promise<SiteAggregate[]> {
    const inside = viewport ? sql` AND ${inViewport(viewport)}` : sql``;
    const r = await db.execute<SiteAggregate>(sql`
      SELECT s.latitude::float8 AS latitude, s.longitude::float8 AS longitude, count(*)::int AS count, min(o.observation_id) AS observation_id,
             min(c.checklist_id) AS checklist_min, max(c.checklist_id) AS checklist_max
      ${observationJoins(positions)} WHERE ${observationWhere(filters, statuses)}${inside}
      GROUP BY s.site_id, s.latitude, s.longitude`);
    return r.rows;
  },

  /** Per ISO week and life stage, and per province: observations and individuals (sum of counts). */
  async stats(
    db: DbOrTx,
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
  ): Promise<ExploreStats> {
    const where = observationWhere(filters, statuses);
    const [weeks, provinces] = await Promise.all([
      db.execute<ExploreStats['per_week'][number]>(sql`
        SELECT extract(week FROM c.checklist_date)::int AS week, o.lifestage_id, count(*)::int AS observations, coalesce(sum(o.numbers), 0)::int AS individuals
        ${observationJoins(positions)} WHERE ${where}
        GROUP BY 1, 2 ORDER BY 1, 2 NULLS LAST`),
      db.execute<ExploreStats['per_province'][number]>(sql`
        SELECT s.province_id, count(*)::int AS observations, coalesce(sum(o.numbers), 0)::int AS individuals
        ${observationJoins(positions)} WHERE ${where}
        GROUP BY 1 ORDER BY 2 DESC, 1`),
    ]);
    return {
      per_week: weeks.rows,
      per_province: provinces.rows,
      total: provinces.rows.reduce((sum, p) => sum + p.observations, 0),
    };
  },

  /**
   * Eggs + caterpillars per 100 milkweed stems over the Mission visits holding an
   * observation that matches the filters (life stage aside) among `statuses`, with stems inspected
   * (> 0): stems count once per visit; eggs (life stage 2) and caterpillars (3) are the sums of the
   * matching observations' counts. Grouped by ISO week of the visit date, by province and by 1° cell
   * of the site's position as `positions` allows (cell centre, degrees). With `exclude_flagged`, a
   * visit holding a flagged observation is left out whole (`visitWhere`).
   */
  async density(
    db: DbOrTx,
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
  ): Promise<DensityResponse> {
    const where = observationWhere({ ...filters, lifestage_id: undefined, kind: 'mission' }, statuses);
    const visits = sql`
      SELECT c.checklist_id, min(c.stems_inspected)::bigint AS stems,
             extract(week FROM min(c.checklist_date))::int AS week, min(s.province_id) AS province_id,
             floor(min(s.latitude)) + 0.5 AS cell_lat, floor(min(s.longitude)) + 0.5 AS cell_lng,
             coalesce(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Eggs)}), 0)::bigint AS eggs,
             coalesce(sum(o.numbers) FILTER (WHERE o.lifestage_id = ${stage(Lifestage.Caterpillar)}), 0)::bigint AS caterpillars
      ${observationJoins(positions)}
      WHERE ${where} AND c.stems_inspected > 0 AND ${visitWhere(filters)}
      GROUP BY c.checklist_id`;
    const figures = sql`count(*)::int AS checklists, sum(stems)::int AS stems, sum(eggs)::int AS eggs,
      sum(caterpillars)::int AS caterpillars,
      round(100.0 * (sum(eggs) + sum(caterpillars)) / nullif(sum(stems), 0), 2)::float8 AS per_100_stems`;
    type Group = DensityResponse['total'];
    const r = await db.execute<Group & { kind: string; key1: number | null; key2: number | null }>(sql`
      WITH v AS (${visits})
      SELECT 'week' AS kind, week::float8 AS key1, NULL::float8 AS key2, ${figures} FROM v GROUP BY week
      UNION ALL
      SELECT 'province', province_id::float8, NULL, ${figures} FROM v GROUP BY province_id
      UNION ALL
      SELECT 'cell', cell_lat::float8, cell_lng::float8, ${figures} FROM v GROUP BY cell_lat, cell_lng
      UNION ALL
      SELECT 'total', NULL, NULL, ${figures} FROM v
      ORDER BY 1, 2, 3`);
    const group = ({ checklists, stems, eggs, caterpillars, per_100_stems }: Group): Group => ({
      checklists,
      stems: stems ?? 0,
      eggs: eggs ?? 0,
      caterpillars: caterpillars ?? 0,
      per_100_stems,
    });
    const of = (kind: string) => r.rows.filter((row) => row.kind === kind);
    const total = of('total')[0];
    return {
      per_week: of('week').map((row) => ({ week: row.key1 ?? 0, ...group(row) })),
      per_province: of('province').map((row) => ({ province_id: row.key1, ...group(row) })),
      per_cell: of('cell').map((row) => ({ latitude: row.key1 ?? 0, longitude: row.key2 ?? 0, ...group(row) })),
      total: total ? group(total) : { checklists: 0, stems: 0, eggs: 0, caterpillars: 0, per_100_stems: null },
    };
  },
};
