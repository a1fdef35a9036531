/**
 * Streaming import of monarch and milkweed sighting CSVs (Journey North, iNaturalist/GBIF extracts, GBIF
 * occurrence downloads) into uniform records, with per-row issues for rows that cannot be used.
 */
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import type { LicenseCode } from '@mm/shared';
import type { DatePrecision } from './csv-values';
import { FORMATS, RowReader, headerKey, type FormatSpec, type HeaderIndex } from './sighting-formats';

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
  /** Null when unknown; 0 is a "none seen" report. For milkweed: plants. */
  individualCount: number | null;
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
  /** Where an imported record comes from; absent for records made here (demo volunteers). */
  source?: RecordSource;
}

/** Provenance of an imported record (issue 18). */
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
}

function formatFor(headerCells: readonly string[]): FormatSpec | undefined {
  const names = new Set(headerCells.map(headerKey));
  return FORMATS.find((spec) => spec.columns.every((column) => names.has(column)));
}

/**
 * Recognises a file's layout from its header row, by column names in any order and case.
 *
 * @param headerCells the first row's cells; a leading UTF-8 BOM is ignored.
 * @returns the format, or null when the columns match none of them.
 */
export function detectFormat(headerCells: string[]): CsvFormat | null {
  return formatFor(headerCells)?.format ?? null;
}

function unknownHeaderError(headerCells: readonly string[]): Error {
  const supported = FORMATS.map((spec) => `${spec.format} (columns ${spec.columns.join(', ')})`).join('; ');
  const found = headerCells.map((cell) => JSON.stringify(cell)).join(', ');
  return new Error(`Unrecognised sightings CSV header: ${found}. Supported formats: ${supported}.`);
}

function indexHeader(headerCells: readonly string[]): HeaderIndex {
  const index = new Map<string, { index: number; label: string }>();
  headerCells.forEach((cell, position) => {
    const key = headerKey(cell);
    if (!index.has(key)) index.set(key, { index: position, label: cell.replace(/^\uFEFF/, '').trim() });
  });
  return index;
}

const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/**
 * Parses a sighting CSV row by row without loading the whole file.
 * Blank rows (including all-comma rows) are skipped silently but still counted in `row`.
 *
 * @param input the CSV as a byte or text stream, or as a string; UTF-8, optionally with a BOM.
 * @param options see ParseOptions.
 * @yields a record or the row's issues, for each non-blank data row in file order.
 * @throws Error when the file has no header or an unrecognised one (the message lists supported formats),
 *   or when the CSV itself is malformed (e.g. a quote never closed).
 */
export async function* parseSightingsCsv(
  input: NodeJS.ReadableStream | string,
  options: ParseOptions = {},
): AsyncGenerator<ParsedRow> {
  // Ragged rows are let through so that a short row becomes issues on its missing columns, not a fatal error.
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true });
  // Stream errors reach us through the parser's iterator; the callback only absorbs the close on an early exit.
  pipeline(typeof input === 'string' ? Readable.from([input]) : input, parser, () => undefined);
  let header: { spec: FormatSpec; index: HeaderIndex } | undefined;
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    if (!header) {
      if (isBlank(cells)) continue;
      const spec = formatFor(cells);
      if (!spec) throw unknownHeaderError(cells);
      header = { spec, index: indexHeader(cells) };
      continue;
    }
    row += 1;
    if (isBlank(cells)) continue;
    const reader = new RowReader(header.index, cells, row);
    const record = header.spec.toRecord(reader, options);
    yield record ? { row, record } : { row, issues: reader.issues };
  }
  if (!header) throw new Error('The sightings CSV is empty: it has no header row.');
}
