/**
 * Streaming import of monarch and milkweed sighting CSVs (Journey North, iNaturalist/GBIF extracts, GBIF
 * occurrence downloads) into uniform records, with per-row issues for rows that cannot be used.
 */
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { FORMATS, RowReader, headerKey, type FormatSpec, type HeaderIndex } from './sighting-formats';
import type { CsvFormat, ParsedRow, ParseOptions } from './sighting-types';

export type {
  CsvFormat,
  Lifestage,
  ParsedRow,
  ParseOptions,
  RecordSource,
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
