/**
 * The records and options of sighting CSV import, apart from the parser (sightings-csv.ts) and the
 * layouts (sighting-formats.ts), so that both can use them without importing each other.
 */
import type { LicenseCode } from '@mm/shared';
import type { DatePrecision } from './csv-values';

/** Monarch life stage id: 1 adult, 2 eggs, 3 caterpillar, 4 chrysalis (the `lifestages` table). */
export type Lifestage = 1 | 2 | 3 | 4;

/** One usable sighting, in Darwin Core terms where one exists. */
export interface SightingRecord {
  /** ISO `yyyy-MM-dd`; the first day of the month or year when `datePrecision` says so. */
  eventDate: string;
  /** How much of `eventDate` the source knows (GBIF's `1968-08` is `month`); `day` when absent. */
  datePrecision?: DatePrecision;
  /** WGS84 degrees, -90..90. */
  decimalLatitude: number;
  /** WGS84 degrees, -180..180. */
  decimalLongitude: number;
  kind: 'monarch' | 'milkweed';
  /** Null for milkweed. */
  lifestage_id: Lifestage | null;
  /** Null when unknown or not counted (a presence-only report's 0). For milkweed: plants. */
  individualCount: number | null;
  /**
   * The count as the file wrote it when `individualCount` differs (Journey North's 0 for "not
   * counted"): the key of a record imported before the current import rules was made from it (`legacyImportKey`).
   */
  countAsWritten?: number;
  /** Town or place name, when the file has one. */
  locality: string | null;
  /** "ON", "TX" or a Mexican ISO 3166-2 code such as "GUA"; null when unrecognisable. */
  provinceCode: string | null;
  /** Comments as plain text (tags stripped, entities decoded, trimmed); null when empty or missing. */
  remarks: string | null;
  /** The file's own record id (Journey North `id`, GBIF `gbifID` or `occurrenceID`), when it has one. */
  sourceRecordId: string | null;
  /** Genus and epithet without authority, e.g. "Danaus plexippus", "Asclepias speciosa"; null when unknown. */
  scientificName: string | null;
  /** Radius (m): the source's own uncertainty column, else what the coordinates' decimals imply. */
  coordinateUncertaintyInMeters?: number | null;
  /**
   * Decimal places the point is known to: the precision of the file's coordinate columns (their most
   * common number of decimals), or more when the value itself has more. "42" in a file of one-decimal
   * coordinates is 42.0, known to 1 decimal. Absent: the decimals the value was written with.
   * The fewer of its latitude's and longitude's.
   */
  coordinateDecimals?: number;
  /**
   * What else the source row says about the sighting that the record does not store (Journey North's
   * photo link, school and grade): part of its content when duplicates are looked for.
   */
  otherContent?: string | null;
  /** Where an imported record comes from; absent for records made here (demo volunteers). */
  source?: RecordSource;
}

/** Provenance of an imported record. */
export interface RecordSource {
  /** The source dataset, e.g. "Journey North", "iNaturalist research-grade observations". */
  datasetName: string;
  institutionCode: string | null;
  /** True for GBIF records and those of a GBIF publisher (iNaturalist): not republished by default. */
  viaGbif: boolean;
  /** Link to the record in its source, when known. */
  references: string | null;
  /** The record's own licence, when the source states it per record. */
  license: LicenseCode | null;
  /** Darwin Core basisOfRecord as the source gives it, when it does. */
  basisOfRecord: string | null;
  /** The original observer as the source names them; null when the source does not. */
  recordedBy: string | null;
}

/**
 * A reason a row was rejected. `row` is the 1-based data row, header not counted and blank rows counted, so
 * the row sits on spreadsheet line `row + 1`. `field` is the column as the file names it ("Latitude").
 */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
}

/** The outcome for one non-blank data row. */
export type ParsedRow = { row: number; record: SightingRecord } | { row: number; issues: RowIssue[] };

export type CsvFormat = 'journeynorth-site' | 'journeynorth-first' | 'inat-gbif-split-date' | 'gbif-occurrence';

export interface ParseOptions {
  /** Life stage for monarch rows of files that do not state one (iNat/GBIF extracts); default 1, adult. */
  defaultLifestage?: Lifestage;
  /**
   * The precision (decimal places) of the file's latitude and longitude columns, from a first pass over
   * the whole file (`scanCoordinatePrecision`); without it each value counts with its own decimals.
   */
  coordinatePrecision?: CoordinatePrecision;
}

/**
 * The precision of a file's latitude and longitude columns: `decimals`, the most common number
 * of decimal places among the column's values, and `widened`, the smaller numbers of decimals that are
 * read as `decimals` (a writer dropped trailing zeros: "42" for 42.0) rather than as typed coarser.
 */
export interface CoordinatePrecision {
  latitude: ColumnPrecision;
  longitude: ColumnPrecision;
}

/** See CoordinatePrecision. */
export interface ColumnPrecision {
  decimals: number;
  widened: number[];
}
