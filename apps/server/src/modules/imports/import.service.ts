import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ChecklistType, ObservationStatus, SubmitType, BasisOfRecord } from '@mm/shared';
import type { Db } from '../../db/client';
import { checklists, countries, milkweedSpecies, observations, provinces, sites, users } from '../../db/schema';
import {
  BORDER_TOLERANCE_KM,
  checkPlace,
  provinceLocator,
  regionCodeOf,
  type ProvinceRef,
} from '../../lib/province-locator';
import { createQualityService } from '../quality/quality.service';
import type { SightingRecord } from './sightings-csv';

/** A sighting to write, with the user it belongs to. */
export interface SightingToWrite {
  userId: number;
  record: SightingRecord;
  /** Stable text identifying the source row; its hash is the checklist's idempotency key. */
  sourceKey: string;
  checklisttypeId?: number;
  submittypeId?: number;
  /** The source row (1-based, header not counted), echoed in `rejected`. */
  row?: number;
}

/** A sighting not written because its point does not fit its province or lies outside the three countries. */
export interface RejectedSighting {
  sourceKey: string;
  row?: number;
  field: 'province' | 'location';
  message: string;
}

type ProvinceRow = ProvinceRef & { province: string };

/** A UUID-shaped SHA-256 digest, so re-importing the same row finds its first checklist. */
function keyFor(sourceKey: string): string {
  const h = createHash('sha256').update(sourceKey).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Decimal places of a coordinate as the file wrote it (trailing zeros are lost: never more than written). */
const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

/**
 * Border tolerance (km) for a point given to `n` decimal places: the border tolerance, or the
 * half-diagonal of the rounding cell when coarser (Journey North's one decimal: ±0.05°, ≈ 7 km), so a
 * sighting from Cape May rounded into the bay still counts as New Jersey.
 */
function toleranceFor(lat: number, lng: number): number {
  const half = 0.5 * 10 ** -Math.min(decimals(lat), decimals(lng));
  const km = Math.hypot(half * 111.2, half * 111.2 * Math.cos((lat * Math.PI) / 180));
  return Math.max(BORDER_TOLERANCE_KM, km);
}

/**
 * The province of a record, checked against the boundaries (README "Province boundaries"): the one
 * its code names when the point lies in it (within the border tolerance), else the one containing
 * the point when the file gave no code.
 * @returns the province row, or why the record cannot be placed
 */
function placeRecord(
  record: SightingRecord,
  byCode: Map<string, ProvinceRow>,
  locator: ReturnType<typeof provinceLocator<ProvinceRow>>,
): ProvinceRow | Pick<RejectedSighting, 'field' | 'message'> {
  const lat = record.decimalLatitude;
  const lng = record.decimalLongitude;
  const outside = {
    field: 'location',
    message: `point ${lat}, ${lng} lies outside Canada, the United States and Mexico.`,
  } as const;
  const tolerance = toleranceFor(lat, lng);
  const coded = record.provinceCode ? byCode.get(record.provinceCode) : undefined;
  if (!coded) return locator.locate(lat, lng, tolerance) ?? outside;
  const verdict = checkPlace(regionCodeOf(coded), lat, lng, tolerance);
  if (verdict.kind === 'inside') return coded;
  if (verdict.kind === 'outside') return outside;
  const actual = locator.byCode(verdict.code)?.province ?? verdict.code;
  return { field: 'province', message: `point ${lat}, ${lng} lies in ${actual}, not ${coded.province}.` };
}

/**
 * Writes sightings in batches: per sighting one site, one checklist (Historical, Batch Upload unless
 * given) and one observation (Pending); each batch in one transaction. Rows already imported
 * (same source key for the same user) are skipped, so a re-run adds nothing. A sighting whose point
 * lies in another province than its code names, or outside Canada, the US and Mexico, is not
 * written but returned in `rejected`. Written rows get their quality flags (issue 19) in the same transaction.
 * @returns how many were written, how many were already there, and the rejected sightings
 */
export async function createSightingWriter(db: Db) {
  const provs: ProvinceRow[] = await db
    .select({
      province_id: provinces.province_id,
      province: provinces.province,
      country_id: provinces.country_id,
      administrative: provinces.administrative,
      country_code: countries.administrative,
    })
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.country_id));
  const byCode = new Map(provs.map((p) => [p.administrative, p]));
  const locator = provinceLocator(provs);
  const milkweeds = await db
    .select({ id: milkweedSpecies.milkweed_id, latin: milkweedSpecies.latin_name })
    .from(milkweedSpecies);
  const milkweedByName = new Map(milkweeds.map((m) => [m.latin.toLowerCase(), m.id]));
  const unidentified = milkweedByName.get('asclepias sp.') ?? null;
  const quality = createQualityService(db);

  return async function writeBatch(
    input: SightingToWrite[],
  ): Promise<{ written: number; existing: number; rejected: RejectedSighting[] }> {
    const rejected: RejectedSighting[] = [];
    const batch: (SightingToWrite & { prov: ProvinceRow })[] = [];
    for (const b of input) {
      const placed = placeRecord(b.record, byCode, locator);
      if ('province_id' in placed) batch.push({ ...b, prov: placed });
      else rejected.push({ sourceKey: b.sourceKey, ...(b.row === undefined ? {} : { row: b.row }), ...placed });
    }
    if (batch.length === 0) return { written: 0, existing: 0, rejected };
    const counts = await db.transaction(async (tx) => {
      const keys = batch.map((b) => keyFor(b.sourceKey));
      const found = await tx
        .select({ user_id: checklists.user_id, key: checklists.idempotency_key })
        .from(checklists)
        .where(and(inArray(checklists.idempotency_key, keys), sql`${checklists.user_id} IS NOT NULL`));
      const seen = new Set(found.map((f) => `${f.user_id}:${f.key}`));
      const fresh: (SightingToWrite & { key: string; prov: ProvinceRow })[] = [];
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
          fresh.map(({ userId, record, prov }) => {
            return {
              user_id: userId,
              locality:
                record.locality ?? `${record.decimalLatitude.toFixed(3)}, ${record.decimalLongitude.toFixed(3)}`,
              province_id: prov.province_id,
              country_id: prov.country_id,
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
            // A report without a count keeps none (exported as an empty individualCount, never an
            // invented 1); a plant count goes to number_of_plants.
            numbers: record.kind === 'milkweed' ? 0 : (record.individualCount ?? null),
            number_of_plants:
              record.kind === 'milkweed' && record.individualCount != null ? String(record.individualCount) : null,
            observationstatus_id: ObservationStatus.Pending,
            basisofrecord_id: BasisOfRecord.Sight,
          };
        }),
      );
      await quality.recompute(
        tx,
        checklistRows.map((r) => r.id),
      );
      return { written: fresh.length, existing: batch.length - fresh.length };
    });
    return { ...counts, rejected };
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
