import { createHash } from 'node:crypto';
import { ChecklistType, ObservationStatus, SubmitType, BasisOfRecord, Role } from '@mm/shared';
import type { Db } from '../../db/client';
import { publicComment, publicPlace } from '../../db/public-text';
import {
  BORDER_TOLERANCE_KM,
  checkPlace,
  provinceLocator,
  regionCodeOf,
  type ProvinceRef,
} from '../../lib/province-locator';
import { createQualityService } from '../quality/quality.service';
import { provinceRefs } from '../utilities/utilities.service';
import { importsRepository, type SightingRows } from './imports.repository';
import {
  parseSightingsCsv,
  scanCoordinatePrecision,
  type Lifestage,
  type RowIssue,
  type SightingRecord,
} from './sightings-csv';
import { UNSTATED_SOURCE_LICENSE } from './source-terms';

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

/** Decimal places of a coordinate as JavaScript (and PostgreSQL) print it: never more than the file wrote. */
const printedDecimals = (v: number) => (String(v).split('.')[1] ?? '').length;

/** Decimal places a record's point is known to: its file's column precision, else its printed digits. */
const decimalsOf = (r: SightingRecord) =>
  r.coordinateDecimals ?? Math.min(printedDecimals(r.decimalLatitude), printedDecimals(r.decimalLongitude));

/**
 * Border tolerance (km) for a point known to `decimals` places: the border tolerance, or the
 * half-diagonal of the rounding cell when coarser (Journey North's one decimal: ±0.05°, ≈ 7 km), so a
 * sighting from Cape May rounded into the bay still counts as New Jersey. A whole degree in a file of
 * one-decimal coordinates is known to one decimal too.
 */
function toleranceFor(lat: number, decimals: number): number {
  const half = 0.5 * 10 ** -decimals;
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
  const tolerance = toleranceFor(lat, decimalsOf(record));
  const coded = record.provinceCode ? byCode.get(record.provinceCode) : undefined;
  if (!coded) return locator.locate(lat, lng, tolerance) ?? outside;
  const verdict = checkPlace(regionCodeOf(coded), lat, lng, tolerance);
  if (verdict.kind === 'inside') return coded;
  if (verdict.kind === 'outside') return outside;
  const actual = locator.byCode(verdict.code)?.province ?? verdict.code;
  return { field: 'province', message: `point ${lat}, ${lng} lies in ${actual}, not ${coded.province}.` };
}

/**
 * The stable text identifying an imported record whatever the file's name or the importing account
 *: its source record id within its source (GBIF ids are one namespace, whoever publishes
 * them), else its content and exact point. Its hash is the checklist's `idempotency_key`.
 */
export function importSourceKey(record: SightingRecord): string {
  const source = record.source;
  if (source && record.sourceRecordId !== null)
    return `record:${source.viaGbif ? 'gbif' : source.datasetName}:${record.sourceRecordId}`;
  return `content:${contentSignature(record)}:${record.decimalLatitude}:${record.decimalLongitude}`;
}

/**
 * The key a record identified by its content was stored under before the current import rules (taxon, stage, date,
 * count as written, observer and exact point, without its place name), so that importing a file again
 * finds the records an earlier version stored; null for a record with a source id (its key is unchanged).
 */
export function legacyImportKey(record: SightingRecord): string | null {
  if (!record.source || record.sourceRecordId !== null) return null;
  const signature = JSON.stringify([
    record.kind,
    record.lifestage_id,
    record.scientificName,
    record.eventDate,
    record.datePrecision ?? 'day',
    record.countAsWritten ?? record.individualCount,
    record.source.recordedBy,
  ]);
  return `content:${signature}:${record.decimalLatitude}:${record.decimalLongitude}`;
}

/** The locality a record's site is stored with: its place name, else its point to three decimals. */
const storedLocality = (record: SightingRecord) =>
  record.locality ?? `${record.decimalLatitude.toFixed(3)}, ${record.decimalLongitude.toFixed(3)}`;

/**
 * A place name or free text compared as people read it: Unicode-normalised, accents and case
 * dropped, punctuation and runs of spaces as one space ("Acámbaro" = "ACAMBARO", "St-Jean" = "St Jean").
 */
function comparableText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded === '' ? null : folded;
}

/**
 * What makes two records the same sighting, the point aside (identical content, never
 * proximity alone): taxon, stage, date and its precision, count, observer, place name and province,
 * remarks, and whatever else the source row said (`otherContent`). Two towns reported the same day
 * with the same count differ by their names; two reports of one observer differ by their remarks.
 */
function contentSignature(r: SightingRecord): string {
  return JSON.stringify([
    r.kind,
    r.lifestage_id,
    r.scientificName,
    r.eventDate,
    r.datePrecision ?? 'day',
    r.individualCount,
    r.source?.recordedBy ?? null,
    comparableText(r.locality),
    r.provinceCode,
    comparableText(r.remarks),
    r.otherContent ?? null,
  ]);
}

/**
 * Two points are the same place when they agree once both are rounded to the coarser of their
 * precisions (their files' column precisions): GBIF's copy of an iNaturalist record carries fewer
 * decimals than iNaturalist's. Only ever asked of records whose content is identical.
 */
function samePlace(a: SightingRecord, b: SightingRecord): boolean {
  const decimals = Math.min(decimalsOf(a), decimalsOf(b));
  const tolerance = 0.5 * 10 ** -decimals + 1e-9;
  return (
    Math.abs(a.decimalLatitude - b.decimalLatitude) <= tolerance &&
    Math.abs(a.decimalLongitude - b.decimalLongitude) <= tolerance
  );
}

/** The outcome of one batch. */
export interface WriteResult {
  written: number;
  /** Skipped: the same source record (or the same row) was stored before this batch. */
  existing: number;
  /**
   * Skipped: a repeat, earlier in the batch, of the same source record or row, or a record with the same
   * content at the same place as a stored or earlier one (e.g. GBIF's copy of an iNaturalist record).
   */
  duplicates: number;
  /** Written with a date known only to the month or year. */
  partialDates: number;
  rejected: RejectedSighting[];
}

/**
 * Writes sightings in batches: per sighting one site, one checklist (Historical, Batch Upload unless
 * given) and one observation (Pending); each batch in one transaction, batches of concurrent imports
 * one after the other. An imported record (with `source`) keeps its provenance — source dataset,
 * record id and link, licence (CC BY-NC 4.0 when the source states none), basis of record, observer,
 * date precision and coordinate uncertainty — and is skipped when the same source record, or a record
 * with the same content at the same place, is already stored, whoever imported it from whatever
 * file. A sighting whose point lies in another province than its code names, or outside
 * Canada, the US and Mexico, is not written but returned in `rejected`. Written rows get their quality
 * flags in the same transaction.
 */
export async function createSightingWriter(db: Db) {
  const provs: ProvinceRow[] = await provinceRefs(db);
  const byCode = new Map(provs.map((p) => [p.administrative, p]));
  const locator = provinceLocator(provs);
  const milkweeds = await importsRepository.milkweedNames(db);
  const milkweedByName = new Map(milkweeds.map((m) => [m.latin.toLowerCase(), m.id]));
  const unidentified = milkweedByName.get('asclepias sp.') ?? null;
  const quality = createQualityService(db);

  return async function writeBatch(input: SightingToWrite[]): Promise<WriteResult> {
    const rejected: RejectedSighting[] = [];
    const batch: (SightingToWrite & { prov: ProvinceRow })[] = [];
    for (const b of input) {
      const placed = placeRecord(b.record, byCode, locator);
      if ('province_id' in placed) batch.push({ ...b, prov: placed });
      else rejected.push({ sourceKey: b.sourceKey, ...(b.row === undefined ? {} : { row: b.row }), ...placed });
    }
    if (batch.length === 0) return { written: 0, existing: 0, duplicates: 0, partialDates: 0, rejected };
    const counts = await db.transaction(async (tx) => {
      await importsRepository.lockImports(tx);
      const items = batch.map((b) => ({
        ...b,
        key: keyFor(b.sourceKey),
        contentKey: b.record.source ? keyFor(`content:${contentSignature(b.record)}`) : null,
      }));
      const seen = await importsRepository.existingKeys(
        tx,
        items.map((i) => i.key),
      );
      // Records stored before the current import rules under their old key count as stored when their place name is this
      // record's (the old key left it out: two towns at one rounded point shared it).
      const legacy = items.map((i) => {
        const old = legacyImportKey(i.record);
        return old === null || seen.has(i.key) ? null : keyFor(old);
      });
      const legacyPlaces = await importsRepository.localitiesByKey(
        tx,
        legacy.filter((k): k is string => k !== null),
      );
      const storedBefore = (index: number, item: (typeof items)[number]) => {
        const places = legacyPlaces.get(legacy[index] ?? '') ?? [];
        return places.some((p) => comparableText(p) === comparableText(storedLocality(item.record)));
      };
      const matched = await importsRepository.contentMatches(
        tx,
        items.flatMap((i, index) =>
          i.contentKey === null || seen.has(i.key)
            ? []
            : [
                {
                  index,
                  contentKey: i.contentKey,
                  lat: i.record.decimalLatitude,
                  lng: i.record.decimalLongitude,
                  decimals: decimalsOf(i.record),
                },
              ],
        ),
      );
      const fresh: typeof items = [];
      let existing = 0;
      let duplicates = 0;
      const inBatch = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.key) || storedBefore(index, item)) return void existing++;
        const twin = fresh.some((f) => f.contentKey === item.contentKey && samePlace(f.record, item.record));
        if (inBatch.has(item.key) || matched.has(index) || (item.contentKey !== null && twin)) return void duplicates++;
        inBatch.add(item.key);
        fresh.push(item);
      });
      if (fresh.length === 0) return { written: 0, existing, duplicates, partialDates: 0 };
      const checklistIds = await importsRepository.insertSightings(
        tx,
        sightingRows(fresh, (record) =>
          record.kind === 'milkweed'
            ? (milkweedByName.get((record.scientificName ?? '').toLowerCase()) ?? unidentified)
            : null,
        ),
      );
      await quality.recompute(tx, checklistIds);
      const partialDates = fresh.filter((f) => (f.record.datePrecision ?? 'day') !== 'day').length;
      return { written: fresh.length, existing, duplicates, partialDates };
    });
    return { ...counts, rejected };
  };
}

/**
 * The site, checklist and observation rows of each sighting, with the provenance of imported ones
 * (the repository links their ids when it inserts them).
 */
function sightingRows(
  fresh: (SightingToWrite & { prov: ProvinceRow; key: string; contentKey: string | null })[],
  milkweedOf: (record: SightingRecord) => number | null,
): SightingRows[] {
  const licenseOf = (r: SightingRecord) => (r.source ? (r.source.license ?? UNSTATED_SOURCE_LICENSE) : undefined);
  return fresh.map((b) => {
    const { record, prov } = b;
    const basis = record.source?.basisOfRecord ?? null;
    const locality = storedLocality(record);
    return {
      site: {
        user_id: b.userId,
        locality,
        // What the public reads, without email addresses or phone numbers.
        ...publicPlace({ locality, city: null }),
        province_id: prov.province_id,
        country_id: prov.country_id,
        latitude: record.decimalLatitude,
        longitude: record.decimalLongitude,
        coordinate_uncertainty_m: record.coordinateUncertaintyInMeters ?? null,
        coordinate_decimals: record.source ? decimalsOf(record) : null,
      },
      checklist: {
        user_id: b.userId,
        checklist_date: record.eventDate,
        date_precision: record.datePrecision ?? 'day',
        checklisttype_id: b.checklisttypeId ?? ChecklistType.Historical,
        submittype_id: b.submittypeId ?? SubmitType.BatchUpload,
        is_flash: true,
        comment: record.remarks,
        public_comment: publicComment(record.remarks),
        idempotency_key: b.key,
        license: licenseOf(record),
        source_dataset: record.source?.datasetName ?? null,
        source_institution: record.source?.institutionCode ?? null,
        source_record_id: record.source ? record.sourceRecordId : null,
        source_url: record.source?.references ?? null,
        from_gbif: record.source?.viaGbif ?? false,
        recorded_by: record.source?.recordedBy ?? null,
        content_key: b.contentKey,
      },
      observation: {
        lifestage_id: record.lifestage_id,
        milkweed_id: milkweedOf(record),
        // A report without a count keeps none (exported as an empty individualCount, never an
        // invented 1); a plant count goes to number_of_plants.
        numbers: record.kind === 'milkweed' ? 0 : (record.individualCount ?? null),
        number_of_plants:
          record.kind === 'milkweed' && record.individualCount != null ? String(record.individualCount) : null,
        observationstatus_id: ObservationStatus.Pending,
        basisofrecord_id: basis === 'PreservedSpecimen' ? BasisOfRecord.Collected : BasisOfRecord.Sight,
        source_basis_of_record: basis,
        license: licenseOf(record),
      },
    };
  });
}

/**
 * The account `npm run import -- --user NAME` may write into: an import account (role
 * Observer, an imported observer's account that never signs in), never a volunteer's or an admin's,
 * whose profile and records imported sightings would join.
 * @returns `{ userId }` for an existing import account, `{ missing: true }` when no account has the
 *   name (the caller creates an import account), or `{ refused }` with the reason, naming the account
 */
export async function importAccount(
  db: Db,
  username: string,
): Promise<{ userId: number } | { missing: true } | { refused: string }> {
  const account = await importsRepository.accountByName(db, username);
  if (account === undefined) return { missing: true };
  if (account.deleted)
    return { refused: `the account "${account.username}" was deleted; choose another name for the import account.` };
  if (account.role_id !== Role.Observer)
    return {
      refused:
        `"${account.username}" is a volunteer's or an administrator's account, not an import account (role Observer): ` +
        'imported records would join its profile and its records. Choose a new name (an import account is created) ' +
        'or an existing import account.',
    };
  return { userId: account.id };
}

/** The id of a user by username (case-insensitive), or undefined. */
export async function findUserId(db: Db, username: string): Promise<number | undefined> {
  return importsRepository.activeUserId(db, username);
}

/** Totals of one file's import, as `npm run import` reports them. */
export interface ImportTotals {
  written: number;
  /** Rows whose source record (or exact row) was already stored. */
  existing: number;
  /** Rows with the same content at the same place as a stored record or an earlier row. */
  duplicates: number;
  /** Rows that could not be read, or whose point lies outside its province or the three countries. */
  rejectedRows: number;
  /** Partial dates (month or year only) among the rows written. */
  partialDates: number;
  issues: RowIssue[];
}

/** A sighting file to import: a function opening it (read twice), its text, or a stream (held in memory). */
export type ImportInput = (() => NodeJS.ReadableStream) | NodeJS.ReadableStream | string;

/** The file's text, or a function opening it again, so that it can be read twice. */
async function rereadable(input: ImportInput): Promise<string | (() => NodeJS.ReadableStream)> {
  if (typeof input === 'string' || typeof input === 'function') return input;
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Imports one sighting CSV (see `parseSightingsCsv`) for `userId`, 500 rows per transaction. The file
 * is read twice: first for the precision of its coordinate columns (`scanCoordinatePrecision`, issue
 * 29), then row by row. Duplicate detection ignores the file's name and the importing account.
 * @param input a function opening the file (the CLI's), its text, or a stream (read into memory)
 */
export async function importSightings(
  db: Db,
  input: ImportInput,
  options: { userId: number; defaultLifestage?: Lifestage; batchSize?: number },
): Promise<ImportTotals> {
  const file = await rereadable(input);
  const open = () => (typeof file === 'string' ? file : file());
  const coordinatePrecision = await scanCoordinatePrecision(open());
  const write = await createSightingWriter(db);
  const totals: ImportTotals = { written: 0, existing: 0, duplicates: 0, rejectedRows: 0, partialDates: 0, issues: [] };
  let batch: SightingToWrite[] = [];
  const flush = async () => {
    const r = await write(batch);
    totals.written += r.written;
    totals.existing += r.existing;
    totals.duplicates += r.duplicates;
    totals.partialDates += r.partialDates;
    totals.rejectedRows += r.rejected.length;
    for (const { row, field, message } of r.rejected) totals.issues.push({ row: row ?? 0, field, message });
    batch = [];
  };
  for await (const row of parseSightingsCsv(open(), {
    defaultLifestage: options.defaultLifestage,
    coordinatePrecision,
  })) {
    if ('issues' in row) {
      totals.rejectedRows += 1;
      totals.issues.push(...row.issues);
      continue;
    }
    batch.push({ userId: options.userId, row: row.row, record: row.record, sourceKey: importSourceKey(row.record) });
    if (batch.length >= (options.batchSize ?? 500)) await flush();
  }
  await flush();
  totals.issues.sort((a, b) => a.row - b.row);
  return totals;
}
