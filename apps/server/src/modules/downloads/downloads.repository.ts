import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DownloadFormat, ExploreFilters, ExploreSort, ObservationStatusId } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { observationJoins, observationWhere, siteSource } from '../../db/observation-filters';
import { commentFor, commentWithheld } from '../../db/public-text';
import type { Positions } from '../../db/visibility';

/**
 * Rows fetched from the server-side cursor at a time: the most a download holds in memory. 500, not
 * 1000: a batch outlived two young-generation collections and was promoted, so the old space grew by
 * ≈ 160 MiB over a 946 k-row export; with 500 the server's RSS grows ≈ 36 MiB and the export is as fast
 * (ADR 0019).
 */
const CURSOR_BATCH_ROWS = 500;
/**
 * Statement timeout of a download's transaction. A cursor's Execute messages run without a Sync
 * between them, so PostgreSQL times the whole read as one statement: the pool's 60 s cut a
 * million-row export short on a slow machine or behind a slow client (the answer already 200, the
 * file truncated). A download holds its own connection and is limited in number
 * (MAX_CONCURRENT_DOWNLOADS), so a long limit costs one connection at most this long.
 */
const DOWNLOAD_STATEMENT_TIMEOUT = '30min';
const dialect = new PgDialect();

/** What is logged of a download when it starts. */
export interface DownloadLog {
  user_id: number | null;
  reason_id: number | null;
  reason_text: string | null;
  /** The Explore filters, and the statuses when the requester chose them. */
  filters: ExploreFilters & { statuses?: readonly ObservationStatusId[] };
  format: DownloadFormat;
}

/** Who recorded a checklist: its volunteer, or for an imported record the observer its source names (or none). */
const recorder = sql`CASE WHEN c.source_dataset IS NULL THEN u.username ELSE c.recorded_by END`;

/**
 * The columns of `ObservationSourceRow` over the aliases o, c, s and the joins of `observationSourceJoins`;
 * the comment as `positions` allows (the public reads it without email addresses or phone numbers).
 */
const observationSourceColumns = (positions: Positions) => sql`
  o.observation_id, o.uuid AS observation_uuid, c.checklist_id, c.uuid AS checklist_uuid, c.checklist_date,
  to_char(c.start_time, 'HH24:MI') AS start_time, to_char(c.end_time, 'HH24:MI') AS end_time,
  s.latitude, s.longitude, s.coordinate_uncertainty_m, s.is_private, co.administrative AS country_code, p.province, s.city, s.locality,
  o.lifestage_id, o.numbers, o.number_of_plants,
  m.latin_name AS milkweed_latin_name, m.english_name AS milkweed_english_name,
  m.french_name AS milkweed_french_name, m.spanish_name AS milkweed_spanish_name,
  ab.name AS abundance, ls.name AS locationsize,
  o.basisofrecord_id, o.source_basis_of_record, ${recorder} AS username, st.name AS status, c.is_flash,
  ${commentFor(positions)} AS comment, ${commentWithheld(positions)} AS comment_withheld, s.place_withheld, c.stems_inspected, c.date_precision, c.source_dataset, c.source_institution, c.source_record_id, c.source_url,
  c.from_gbif,
  (SELECT count(*)::int FROM observations mo WHERE mo.checklist_id = c.checklist_id AND mo.lifestage_id IS NULL) AS milkweeds_in_checklist,
  o.license, o.quality_flags,
  (SELECT array_agg(ph.photo_path || '/large/' || ph.photo_name ORDER BY ph.id)
     FROM photos ph WHERE ph.observation_id = o.observation_id AND NOT ph.isdeleted) AS photos`;

const observationSourceJoins = sql`
  JOIN observationstatus st ON st.status_id = o.observationstatus_id
  LEFT JOIN provinces p ON p.province_id = s.province_id
  LEFT JOIN countries co ON co.id = coalesce(s.country_id, p.country_id)
  LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
  LEFT JOIN abundances ab ON ab.id = o.abundance_id
  LEFT JOIN locationsizes ls ON ls.id = o.locationsize_id
  LEFT JOIN users u ON u.user_id = c.user_id`;

/**
 * The absence records of a download: Mission milkweed rows that match the filters (the life-stage
 * filter aside) crossed with each life stage (only the filtered one, with a life-stage filter) that
 * the Mission looked for and recorded no row of. A photo filter keeps none: an absence has no photo.
 * Selects `o.*` aliases plus `g.stage` (the absent life stage).
 */
function absenceSource(filters: ExploreFilters, statuses: readonly ObservationStatusId[], positions: Positions): SQL {
  if (filters.with_photos)
    return sql`SELECT NULL::int AS observation_id, NULL::int AS checklist_id, NULL::int AS stage WHERE false`;
  const stages =
    filters.lifestage_id !== undefined ? sql`VALUES (${filters.lifestage_id}::int)` : sql`VALUES (1), (2), (3), (4)`;
  return sql`
    SELECT o.observation_id, o.checklist_id, g.stage
    ${observationJoins(positions)}
    CROSS JOIN (${stages}) AS g(stage)
    WHERE ${observationWhere({ ...filters, lifestage_id: undefined }, statuses)}
      AND o.lifestage_id IS NULL AND NOT c.is_flash
      AND NOT EXISTS (SELECT 1 FROM observations x WHERE x.checklist_id = o.checklist_id
                        AND x.milkweed_id IS NOT DISTINCT FROM o.milkweed_id AND x.lifestage_id = g.stage)`;
}

/**
 * Observations matching the filters: `observation_id`, `checklist_id`. Records that came from GBIF or a
 * GBIF publisher are left out unless `includeGbif` (republishing them would duplicate GBIF).
 */
const matching = (
  filters: ExploreFilters,
  statuses: readonly ObservationStatusId[],
  positions: Positions,
  includeGbif: boolean,
) =>
  sql`SELECT o.observation_id, o.checklist_id ${observationJoins(positions)} WHERE ${observationWhere(filters, statuses)}
      ${includeGbif ? sql`` : sql`AND NOT c.from_gbif`}`;

/** A logged download as its landing page reads it. */
export type DownloadRecord = {
  uuid: string;
  created: Date;
  format: string;
  filters: ExploreFilters;
  rows: number;
  licenses: Record<string, number> | null;
  finished: Date | null;
  reason_text: string | null;
  reason: string | null;
  reason_fr: string | null;
  reason_es: string | null;
};

/** Queries of the downloads feature: the export rows and the `downloads` log. */
export const downloadsRepository = {
  /**
   * The rows of `query` as an object stream read through a server-side cursor, CURSOR_BATCH_ROWS at
   * a time (the most a download holds in memory), on this client until it ends.
   */
  cursor(client: PoolClient, query: SQL): Readable {
    const q = dialect.sqlToQuery(query);
    return client.query(new QueryStream(q.sql, q.params, { batchSize: CURSOR_BATCH_ROWS }));
  },

  /**
   * Runs `read` in one read-only REPEATABLE READ transaction on `client`: its cursors see one
   * snapshot, and may read for up to DOWNLOAD_STATEMENT_TIMEOUT (the pool's own timeout is 60 s).
   */
  async inSnapshot(client: PoolClient, read: () => Promise<void>): Promise<void> {
    await client.query(
      `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL statement_timeout = '${DOWNLOAD_STATEMENT_TIMEOUT}'`,
    );
    try {
      await read();
    } finally {
      await client.query('COMMIT').catch(() => undefined);
    }
  },

  /**
   * Marks a download ticket's nonce spent until `expiresAt`.
   * @returns true for the first redemption, false when any process already spent it
   */
  async spendTicket(db: DbOrTx, nonce: string, expiresAt: Date): Promise<boolean> {
    const spent = await db.execute(sql`
      INSERT INTO download_tickets_used (nonce, expires_at) VALUES (${nonce}, ${expiresAt})
      ON CONFLICT (nonce) DO NOTHING RETURNING nonce`);
    return spent.rows.length === 1;
  },

  /** Deletes spent tickets past their expiry (they can no longer be redeemed anyway). @returns how many */
  async sweepSpentTickets(db: DbOrTx): Promise<number> {
    const swept = await db.execute(sql`DELETE FROM download_tickets_used WHERE expires_at < now() RETURNING 1`);
    return swept.rows.length;
  },

  /**
   * The observations Explore shows for `filters` and `statuses` (same WHERE), one row per
   * observation in `ObservationSourceRow` shape, in observation id order so that PostgreSQL can
   * stream them from the primary key without sorting the whole result first.
   */
  occurrencesQuery(
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    sort: ExploreSort,
  ): SQL {
    const order = sort === 'observed' ? sql`o.observed_on DESC NULLS LAST` : sql`o.observation_created DESC NULLS LAST`;
    return sql`
      SELECT ${observationSourceColumns(positions)}
      ${observationJoins(positions)}
      ${observationSourceJoins}
      WHERE ${observationWhere(filters, statuses)}
      ORDER BY ${order}, o.observation_id DESC NULLS LAST`;
  },

  /**
   * Event core rows (`EventSourceRow`): the checklists holding an observation or an absence of the
   * download, in checklist id order.
   */
  eventsQuery(
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    includeGbif = false,
  ): SQL {
    return sql`
      WITH e AS (
        SELECT checklist_id FROM (${matching(filters, statuses, positions, includeGbif)}) mt
        UNION
        SELECT checklist_id FROM (${absenceSource(filters, statuses, positions)}) ab
      )
      SELECT c.checklist_id, c.uuid AS checklist_uuid, c.checklist_date,
             to_char(c.start_time, 'HH24:MI') AS start_time, to_char(c.end_time, 'HH24:MI') AS end_time,
             c.participants, c.stems_inspected, c.is_flash, ${commentFor(positions)} AS comment,
             ${commentWithheld(positions)} AS comment_withheld, s.place_withheld,
             (SELECT string_agg(DISTINCT concat_ws(', ', 'abundance ' || ab.name, 'location size ' || ls.name), '; ')
                FROM observations mo
                LEFT JOIN abundances ab ON ab.id = mo.abundance_id
                LEFT JOIN locationsizes ls ON ls.id = mo.locationsize_id
               WHERE mo.checklist_id = c.checklist_id AND mo.lifestage_id IS NULL
                 AND (mo.abundance_id IS NOT NULL OR mo.locationsize_id IS NOT NULL)) AS habitat,
             s.latitude, s.longitude, s.coordinate_uncertainty_m, s.is_private, co.administrative AS country_code, p.province,
             s.city, s.locality, ${recorder} AS username, c.license, c.date_precision, c.source_dataset,
             c.source_institution, c.source_record_id, c.source_url, c.from_gbif
      FROM e
      JOIN checklists c ON c.checklist_id = e.checklist_id
      JOIN ${siteSource(positions)} s ON s.site_id = c.site_id
      LEFT JOIN provinces p ON p.province_id = s.province_id
      LEFT JOIN countries co ON co.id = coalesce(s.country_id, p.country_id)
      LEFT JOIN users u ON u.user_id = c.user_id
      ORDER BY c.checklist_id`;
  },

  /**
   * Occurrence extension rows (`OccurrenceSourceRow`): the matching observations and the absences
   * (`absent_stage` set, the row being the Mission's milkweed row), grouped by checklist.
   */
  eventOccurrencesQuery(
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    includeGbif = false,
  ): SQL {
    return sql`
      WITH r AS (
        SELECT observation_id, NULL::int AS absent_stage FROM (${matching(filters, statuses, positions, includeGbif)}) mt
        UNION ALL
        SELECT observation_id, stage FROM (${absenceSource(filters, statuses, positions)}) ab
      )
      SELECT ${observationSourceColumns(positions)}, r.absent_stage
      FROM r
      JOIN observations o ON o.observation_id = r.observation_id
      JOIN checklists c ON c.checklist_id = o.checklist_id
      JOIN ${siteSource(positions)} s ON s.site_id = c.site_id
      ${observationSourceJoins}
      ORDER BY c.checklist_id, o.observation_id, r.absent_stage NULLS FIRST`;
  },

  /** Simple Multimedia rows (`MediaSourceRow`): the live photos of the matching observations. */
  mediaQuery(
    filters: ExploreFilters,
    statuses: readonly ObservationStatusId[],
    positions: Positions,
    includeGbif = false,
  ): SQL {
    return sql`
      SELECT ph.uuid AS photo_uuid, c.checklist_id, c.uuid AS checklist_uuid, o.uuid AS observation_uuid,
             ph.photo_path || '/large/' || ph.photo_name AS key,
             to_char(ph.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created,
             o.lifestage_id, m.latin_name AS milkweed_latin_name, ${recorder} AS username, o.license
      FROM (${matching(filters, statuses, positions, includeGbif)}) mt
      JOIN observations o ON o.observation_id = mt.observation_id
      JOIN checklists c ON c.checklist_id = o.checklist_id
      JOIN photos ph ON ph.observation_id = o.observation_id AND NOT ph.isdeleted
      LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
      LEFT JOIN users u ON u.user_id = c.user_id
      ORDER BY c.checklist_id, ph.id`;
  },

  /** True when `reasonId` is a live reason of the seeded list. */
  async reasonExists(db: DbOrTx, reasonId: number): Promise<boolean> {
    const r = await db.execute(sql`SELECT 1 FROM reasons WHERE id = ${reasonId} AND NOT isdeleted`);
    return r.rows.length > 0;
  },

  /** Logs a starting download with 0 rows; answers its id and public UUID. */
  async create(db: DbOrTx, log: DownloadLog): Promise<{ id: number; uuid: string }> {
    const r = await db.execute<{ id: number; uuid: string }>(sql`
      INSERT INTO downloads (user_id, reason_id, reason_text, filters, format, rows)
      VALUES (${log.user_id}, ${log.reason_id}, ${log.reason_text}, ${JSON.stringify(log.filters)}::jsonb, ${log.format}, 0)
      RETURNING id, uuid`);
    const row = r.rows[0];
    if (row === undefined) throw new Error('downloads insert returned no id');
    return row;
  },

  /** Records the rows written and their licence mix; `finished` only when the whole file was written. */
  async end(
    db: DbOrTx,
    id: number,
    rows: number,
    finished: boolean,
    licenses: Record<string, number> = {},
  ): Promise<void> {
    await db.execute(
      sql`UPDATE downloads SET rows = ${rows}, licenses = ${JSON.stringify(licenses)}::jsonb,
            finished = ${finished ? sql`now()` : sql`NULL`} WHERE id = ${id}`,
    );
  },

  /** A download by its public UUID, with its reason's English name; undefined when unknown. */
  async findByUuid(db: DbOrTx, uuid: string): Promise<DownloadRecord | undefined> {
    const r = await db.execute<DownloadRecord>(sql`
      SELECT d.uuid, d.created, d.format, d.filters, d.rows, d.licenses, d.finished, d.reason_text,
             r.name AS reason, r.name_fr AS reason_fr, r.name_es AS reason_es
      FROM downloads d LEFT JOIN reasons r ON r.id = d.reason_id
      WHERE d.uuid = ${uuid}::uuid`);
    return r.rows[0];
  },

  /** The live sessions of a live user (a download ticket is checked against each one's token hash). */
  async liveSessions(
    db: DbOrTx,
    userId: number,
  ): Promise<{ token_hash: string; user_id: number; username: string; role_id: number }[]> {
    const r = await db.execute<{ token_hash: string; user_id: number; username: string; role_id: number }>(sql`
      SELECT s.token_hash, u.user_id, u.username, u.role_id FROM sessions s JOIN users u ON u.user_id = s.user_id
      WHERE s.user_id = ${userId} AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.isdeleted`);
    return r.rows;
  },
};
