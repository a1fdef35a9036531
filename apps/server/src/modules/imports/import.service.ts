import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ChecklistType, ObservationStatus, SubmitType, BasisOfRecord } from '@mm/shared';
import type { Db } from '../../db/client';
import { checklists, milkweedSpecies, observations, provinces, sites, users } from '../../db/schema';
import { locateProvince } from '../../lib/province-locator';
import type { SightingRecord } from './sightings-csv';

/** A sighting to write, with the user it belongs to. */
export interface SightingToWrite {
  userId: number;
  record: SightingRecord;
  /** Stable text identifying the source row; its hash is the checklist's idempotency key. */
  sourceKey: string;
  checklisttypeId?: number;
  submittypeId?: number;
}

type ProvinceRef = {
  province_id: number;
  country_id: number;
  administrative: string;
  min_lat: number;
  min_lng: number;
  max_lat: number;
  max_lng: number;
};

/** A UUID-shaped SHA-256 digest, so re-importing the same row finds its first checklist. */
function keyFor(sourceKey: string): string {
  const h = createHash('sha256').update(sourceKey).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The province of a record: its code when the file gave one, else the one whose box the point is deepest in. */
function provinceOf(
  record: SightingRecord,
  byCode: Map<string, ProvinceRef>,
  all: ProvinceRef[],
): ProvinceRef | undefined {
  const coded = record.provinceCode ? byCode.get(record.provinceCode) : undefined;
  return coded ?? locateProvince(all, record.decimalLatitude, record.decimalLongitude);
}

/**
 * Writes sightings in batches: per sighting one site, one checklist (Historical, Batch Upload unless
 * given) and one observation (Pending); each batch in one transaction. Rows already imported
 * (same source key for the same user) are skipped, so a re-run adds nothing.
 * @returns how many were written and how many were already there
 */
export async function createSightingWriter(db: Db) {
  const provs = await db.select().from(provinces);
  const byCode = new Map(provs.map((p) => [p.administrative, p]));
  const milkweeds = await db
    .select({ id: milkweedSpecies.milkweed_id, latin: milkweedSpecies.latin_name })
    .from(milkweedSpecies);
  const milkweedByName = new Map(milkweeds.map((m) => [m.latin.toLowerCase(), m.id]));
  const unidentified = milkweedByName.get('asclepias sp.') ?? null;

  return async function writeBatch(batch: SightingToWrite[]): Promise<{ written: number; existing: number }> {
    if (batch.length === 0) return { written: 0, existing: 0 };
    return db.transaction(async (tx) => {
      const keys = batch.map((b) => keyFor(b.sourceKey));
      const found = await tx
        .select({ user_id: checklists.user_id, key: checklists.idempotency_key })
        .from(checklists)
        .where(and(inArray(checklists.idempotency_key, keys), sql`${checklists.user_id} IS NOT NULL`));
      const seen = new Set(found.map((f) => `${f.user_id}:${f.key}`));
      const fresh: (SightingToWrite & { key: string })[] = [];
      batch.forEach((b, i) => {
        const key = keys[i] as string;
        // Skips rows imported before and repeats of a row within this batch.
        if (seen.has(`${b.userId}:${key}`)) return;
        seen.add(`${b.userId}:${key}`);
        fresh.push({ ...b, key });
      });
      if (fresh.length === 0) return { written: 0, existing: batch.length };
      const siteRows = await tx
        .insert(sites)
        .values(
          fresh.map(({ userId, record }) => {
            const prov = provinceOf(record, byCode, provs);
            return {
              user_id: userId,
              locality:
                record.locality ?? `${record.decimalLatitude.toFixed(3)}, ${record.decimalLongitude.toFixed(3)}`,
              province_id: prov?.province_id ?? null,
              country_id: prov?.country_id ?? null,
              latitude: record.decimalLatitude,
              longitude: record.decimalLongitude,
            };
          }),
        )
        .returning({ id: sites.site_id });
      const checklistRows = await tx
        .insert(checklists)
        .values(
          fresh.map((b, i) => ({
            user_id: b.userId,
            site_id: siteRows[i]?.id as number,
            checklist_date: b.record.eventDate,
            checklisttype_id: b.checklisttypeId ?? ChecklistType.Historical,
            submittype_id: b.submittypeId ?? SubmitType.BatchUpload,
            is_flash: true,
            comment: b.record.remarks,
            idempotency_key: b.key,
          })),
        )
        .returning({ id: checklists.checklist_id });
      await tx.insert(observations).values(
        fresh.map(({ record }, i) => {
          const milkweed =
            record.kind === 'milkweed'
              ? (milkweedByName.get((record.scientificName ?? '').toLowerCase()) ?? unidentified)
              : null;
          return {
            checklist_id: checklistRows[i]?.id as number,
            lifestage_id: record.lifestage_id,
            milkweed_id: milkweed,
            // A report with no count still saw at least one; a plant count goes to number_of_plants.
            numbers: record.kind === 'milkweed' ? 0 : (record.individualCount ?? 1),
            number_of_plants:
              record.kind === 'milkweed' && record.individualCount != null ? String(record.individualCount) : null,
            observationstatus_id: ObservationStatus.Pending,
            basisofrecord_id: BasisOfRecord.Sight,
          };
        }),
      );
      return { written: fresh.length, existing: batch.length - fresh.length };
    });
  };
}

/** The id of a user by username (case-insensitive), or undefined. */
export async function findUserId(db: Db, username: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.isdeleted, false)));
  return row?.id;
}
