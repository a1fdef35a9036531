/**
 * Streaming import of monarch and milkweed sighting CSVs (Journey North, iNaturalist/GBIF extracts, GBIF
 * occurrence downloads) into uniform records, with per-row issues for rows that cannot be used.
 */
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { decimalsOf, isMissing } from './csv-values';
import { FORMATS, RowReader, headerKey, type FormatSpec, type HeaderIndex } from './sighting-formats';
import type { ColumnPrecision, CoordinatePrecision, CsvFormat, ParsedRow, ParseOptions } from './sighting-types';

export type {
  CoordinatePrecision,
  CsvFormat,
  Lifestage,
  ParsedRow,
  ParseOptions,
  RowIssue,
  SightingRecord,
} from './sighting-types';

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

/** A CSV input: bytes or text as a stream, or the whole text. */
export type CsvInput = NodeJS.ReadableStream | string;

/** The rows of a CSV, header first, as arrays of cells (ragged rows allowed). */
function csvRows(input: CsvInput): AsyncIterable<string[]> {
  // Ragged rows are let through so that a short row becomes issues on its missing columns, not a fatal error.
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true });
  // Stream errors reach us through the parser's iterator; the callback only absorbs the close on an early exit.
  pipeline(typeof input === 'string' ? Readable.from([input]) : input, parser, () => undefined);
  return parser as AsyncIterable<string[]>;
}

/** The most common of the counted numbers (the larger on a tie); `fallback` when none was counted. */
function mostCommon(counts: Map<number, number>, fallback: number): number {
  let best = fallback;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value > best)) [best, bestCount] = [value, count];
  }
  return best;
}

/**
 * The share of values rounded to `decimals` places that a writer dropping trailing zeros prints with
 * only `fewer` places: one in ten loses one place (its last digit was 0), one in a hundred two, and a
 * whole number has all its decimals 0.
 */
const roundingShare = (decimals: number, fewer: number) =>
  fewer === 0 ? 10 ** -decimals : 0.9 * 10 ** -(decimals - fewer);

/**
 * A column's precision from how many of its values have each number of decimals: the most common
 * number, and the smaller numbers that rounding to it explains. Values with fewer decimals than the
 * column are read at the column's precision when the file holds no more of them than rounding makes
 * (within a factor of two, or 3σ + 2 for a small file): Journey North's first-sighting export prints
 * 11 % of its latitudes as whole degrees where rounding to one decimal makes 10 %. Far more than that
 * means coarse values typed as such (the whole-degree grid points among GBIF's six-decimal ones, 0.8 %
 * where rounding makes one in a million): they keep their own precision.
 */
function columnPrecision(counts: Map<number, number>): ColumnPrecision {
  const decimals = mostCommon(counts, 0);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const widened: number[] = [];
  for (let fewer = 0; fewer < decimals; fewer++) {
    const expected = total * roundingShare(decimals, fewer);
    const observed = counts.get(fewer) ?? 0;
    if (observed <= Math.max(2 * expected, expected + 3 * Math.sqrt(expected) + 2)) widened.push(fewer);
  }
  return { decimals, widened };
}

/**
 * The precision of a sighting file's coordinate columns, over the whole file: for each of
 * `latitude` and `longitude`, the most common number of decimal places among its values and the
 * smaller numbers that only a writer's dropped trailing zeros explain (`columnPrecision`). A writer
 * that drops trailing zeros prints 42.0 as "42" and 40.70 as "40.7", so a value's own digits
 * understate its precision; the column's usual number of decimals is what the source rounded to
 * (Journey North's first-sighting export: 1, its site export: 3). Reads the file once.
 * @throws as `parseSightingsCsv` on a missing or unrecognised header
 */
export async function scanCoordinatePrecision(input: CsvInput): Promise<CoordinatePrecision> {
  let columns: { latitude: number; longitude: number } | undefined;
  const counts = { latitude: new Map<number, number>(), longitude: new Map<number, number>() };
  for await (const cells of csvRows(input)) {
    if (!columns) {
      if (isBlank(cells)) continue;
      if (!formatFor(cells)) throw unknownHeaderError(cells);
      const index = indexHeader(cells);
      columns = { latitude: index.get('latitude')?.index ?? -1, longitude: index.get('longitude')?.index ?? -1 };
      continue;
    }
    for (const axis of ['latitude', 'longitude'] as const) {
      const cell = cells[columns[axis]];
      if (cell === undefined || isMissing(cell) || !/^[+-]?\d*\.?\d+$/.test(cell.trim())) continue;
      const decimals = decimalsOf(cell);
      counts[axis].set(decimals, (counts[axis].get(decimals) ?? 0) + 1);
    }
  }
  if (!columns) throw new Error('The sightings CSV is empty: it has no header row.');
  return { latitude: columnPrecision(counts.latitude), longitude: columnPrecision(counts.longitude) };
}

/**
 * Parses a sighting CSV row by row without loading the whole file.
 * Blank rows (including all-comma rows) are skipped silently but still counted in `row`.
 *
 * @param input the CSV as a byte or text stream, or as a string; UTF-8, optionally with a BOM.
 * @param options see ParseOptions; without `coordinatePrecision` each coordinate counts with its own
 *   decimals (pass `scanCoordinatePrecision`'s answer for the file's, as `importSightings` does).
 * @yields a record or the row's issues, for each non-blank data row in file order.
 * @throws Error when the file has no header or an unrecognised one (the message lists supported formats),
 *   or when the CSV itself is malformed (e.g. a quote never closed).
 */
export async function* parseSightingsCsv(input: CsvInput, options: ParseOptions = {}): AsyncGenerator<ParsedRow> {
  let header: { spec: FormatSpec; index: HeaderIndex } | undefined;
  let row = 0;
  for await (const cells of csvRows(input)) {
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
