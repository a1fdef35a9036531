import { Transform, type Readable } from 'node:stream';
import type { DownloadFormat } from '@mm/shared';
import { DWC_COLUMNS, type Occurrence } from './darwin-core';

/**
 * A serializer for one format: `input` takes `Occurrence` objects, `output` is the byte stream
 * sent to the client. They are the same stream except for the archive, whose zip wraps the rows.
 */
export interface FormatWriter {
  input: Transform;
  output: Readable;
  contentType: string;
  extension: string;
}

/**
 * First characters a spreadsheet reads as a formula (OWASP CSV injection), as csv-stringify's
 * `escape_formulas` lists them: = + - @ tab, carriage return and the full-width = + - @. As UTF-16
 * code units, tested with charCodeAt (no one-character string per cell).
 */
const FORMULA_START = new Set(
  ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'].map((c) => c.charCodeAt(0)),
);
/** A cell needs quotes when it holds the delimiter, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Bytes pushed to the response at a time: one chunk per ≈ 100 rows instead of one per row. */
const CHUNK_BYTES = 64 * 1024;
const CR = 0x0d;
const LF = 0x0a;
/** Most UTF-8 bytes one UTF-16 code unit takes (a surrogate pair's two units take 4). */
const MAX_UTF8_PER_UNIT = 3;

/**
 * One CSV cell exactly as csv-stringify 6 writes it with `escape_formulas` (download-writers.test.ts
 * compares the two): numbers as JavaScript writes them, null as nothing, a text starting with a
 * formula character behind a `'` (a negative number stays a number), quotes doubled inside quotes.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (value === '') return '';
  const text = FORMULA_START.has(value.charCodeAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV, UTF-8 with a byte-order mark (so that Excel reads accents right in every language),
 * CRLF after every row, header row. Cells starting with = + - @ are escaped (OWASP CSV injection). Written here rather
 * than by csv-stringify (which the archive's text files still use): a large export spent ≈ 30 % of its
 * CPU in csv-stringify's per-field casting, option merging and one small chunk per row (ADR 0019,
 * BENCHMARKS.md "CSV export ÷ COPY").
 */
function csvWriter(): FormatWriter {
  // Each line is joined once from an array of cells (concatenating cell by cell made ≈ 100 short-lived
  // string pieces a row, ADR 0019) and encoded straight into the chunk's buffer: joining the lines
  // into one string and then encoding it copied every byte twice more (BENCHMARKS.md, "CSV export ÷ COPY").
  const cells = new Array<string>(DWC_COLUMNS.length);
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = chunk.write(`\uFEFF${DWC_COLUMNS.join(',')}\r\n`);
  /** The bytes written so far (null when none), and a new buffer with room for `atLeast` bytes. */
  const take = (atLeast: number): Buffer | null => {
    const full = used > 0 ? chunk.subarray(0, used) : null;
    chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, atLeast));
    used = 0;
    return full;
  };
  const input = new Transform({
    writableObjectMode: true,
    transform(o: Occurrence, _encoding, done) {
      for (let i = 0; i < DWC_COLUMNS.length; i++) cells[i] = csvCell(o[DWC_COLUMNS[i]!]);
      // The CRLF is written as two bytes: adding it to the string would make a second string to flatten.
      const line = cells.join(',');
      const room = line.length * MAX_UTF8_PER_UNIT + 2;
      const full = used + room > chunk.length ? take(room) : null;
      used += chunk.write(line, used);
      chunk[used++] = CR;
      chunk[used++] = LF;
      done(null, full);
    },
    flush(done) {
      done(null, used > 0 ? chunk.subarray(0, used) : null);
    },
  });
  return { input, output: input, contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}

/** A GeoJSON FeatureCollection written one Feature at a time; each Point is [longitude, latitude] (WGS84). */
function geojsonWriter(): FormatWriter {
  const head = '{"type":"FeatureCollection","features":[';
  let written = 0;
  const input = new Transform({
    writableObjectMode: true,
    transform(o: Occurrence, _encoding, done) {
      const feature = {
        type: 'Feature',
        id: o.occurrenceID,
        geometry: { type: 'Point', coordinates: [o.decimalLongitude, o.decimalLatitude] },
        properties: o,
      };
      done(null, `${written++ === 0 ? head : ','}\n${JSON.stringify(feature)}`);
    },
    flush(done) {
      done(null, `${written === 0 ? head : ''}\n]}\n`);
    },
  });
  return { input, output: input, contentType: 'application/geo+json; charset=utf-8', extension: 'geojson' };
}

/**
 * The serializer of a one-table format; the Darwin Core Archive, made of several files, is built by
 * dwca-writer.ts.
 */
export function formatWriter(format: Exclude<DownloadFormat, 'dwca'>): FormatWriter {
  switch (format) {
    case 'csv':
      return csvWriter();
    case 'geojson':
      return geojsonWriter();
  }
}
