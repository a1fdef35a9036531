import { sql } from 'drizzle-orm';
import { ObservationStatus } from '@mm/shared';
import type { DbOrTx } from '../../db/client';

/** Verdicts a volunteer is told about: an admin judged the observation Vetted, Valid or Invalid. */
const NOTIFIED_STATUS_IDS = [ObservationStatus.Vetted, ObservationStatus.Valid, ObservationStatus.Invalid];

/** One verdict on one of the volunteer's observations, as the email lists it. */
export type VerdictRow = {
  observation_id: number;
  checklist_id: number;
  checklist_date: string;
  locality: string;
  lifestage_id: number | null;
  milkweed_id: number | null;
  /** The milkweed species' names (null without a milkweed), to tell a Mission's rows apart. */
  english_name: string | null;
  french_name: string | null;
  spanish_name: string | null;
  status_id: number;
};

/** A volunteer whose daily vetting email is due, locked for this transaction. */
export type DigestRecipient = {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
};

/** Queries of the daily vetting email; every function takes the caller's transaction. */
export const vettingDigestRepository = {
  /**
   * Volunteers owed an email at `now`: opted in, active, last email ≥ `minGapMs` ago (or never), and
   * a verdict by someone else newer than their last email's and than `now − maxAgeMs`. Rows are
   * locked `FOR UPDATE SKIP LOCKED`, so two servers running the job never pick the same volunteer.
   * `only` narrows it to one volunteer.
   */
  async lockDue(
    tx: DbOrTx,
    now: Date,
    window: { minGapMs: number; maxAgeMs: number },
    limit: number,
    only?: number,
  ): Promise<DigestRecipient[]> {
    const { minGapMs, maxAgeMs } = window;
    const since = new Date(now.getTime() - maxAgeMs);
    const lastSentBefore = new Date(now.getTime() - minGapMs);
    const res = await tx.execute<DigestRecipient>(sql`
      SELECT u.user_id, u.username, u.first_name, u.last_name, u.email, u.language
      FROM profiles p JOIN users u ON u.user_id = p.user_id
      WHERE p.vetting_emails AND NOT p.isdeleted AND NOT u.isdeleted
        AND (p.vetting_digest_at IS NULL OR p.vetting_digest_at <= ${lastSentBefore})
        ${only === undefined ? sql`` : sql`AND p.user_id = ${only}`}
        AND p.user_id IN (
          SELECT c.user_id FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id
          WHERE o.dateidentified > ${since} AND o.dateidentified <= ${now}
            AND o.observationstatus_id IN (${sql.join(
              NOTIFIED_STATUS_IDS.map((id) => sql`${id}`),
              sql`, `,
            )})
            AND o.vetted_by IS DISTINCT FROM c.user_id
            AND o.dateidentified > coalesce(p.vetting_digest_through, '-infinity'))
      ORDER BY u.user_id
      LIMIT ${limit}
      FOR UPDATE OF p SKIP LOCKED`);
    return res.rows;
  },

  /** The verdicts one volunteer has not been told about yet, oldest first (at most `limit`). */
  async verdictsFor(tx: DbOrTx, userId: number, now: Date, maxAgeMs: number, limit: number): Promise<VerdictRow[]> {
    const since = new Date(now.getTime() - maxAgeMs);
    const res = await tx.execute<VerdictRow>(sql`
      SELECT o.observation_id, o.checklist_id, c.checklist_date::text AS checklist_date, s.locality,
             o.lifestage_id, o.milkweed_id, m.english_name, m.french_name, m.spanish_name,
             o.observationstatus_id AS status_id
      FROM observations o
        JOIN checklists c ON c.checklist_id = o.checklist_id
        JOIN sites s ON s.site_id = c.site_id
        LEFT JOIN milkweed_species m ON m.milkweed_id = o.milkweed_id
        JOIN profiles p ON p.user_id = c.user_id
      WHERE c.user_id = ${userId}
        AND o.dateidentified > ${since} AND o.dateidentified <= ${now}
        AND o.observationstatus_id IN (${sql.join(
          NOTIFIED_STATUS_IDS.map((id) => sql`${id}`),
          sql`, `,
        )})
        AND o.vetted_by IS DISTINCT FROM c.user_id
        AND o.dateidentified > coalesce(p.vetting_digest_through, '-infinity')
      ORDER BY o.dateidentified, o.observation_id
      LIMIT ${limit}`);
    return res.rows;
  },

  /**
   * Records that the email went out at `sentAt`, covering the verdicts on `observationIds` (the
   * newest of their timestamps is kept at PostgreSQL's microsecond precision, not JavaScript's ms).
   */
  async markSent(tx: DbOrTx, userId: number, sentAt: Date, observationIds: number[]): Promise<void> {
    await tx.execute(sql`UPDATE profiles SET vetting_digest_at = ${sentAt},
        vetting_digest_through = (SELECT max(dateidentified) FROM observations
          WHERE observation_id IN (${sql.join(
            observationIds.map((id) => sql`${id}`),
            sql`, `,
          )}))
      WHERE user_id = ${userId}`);
  },
};
