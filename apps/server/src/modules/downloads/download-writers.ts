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

/** First characters a spreadsheet reads as a formula (OWASP CSV injection), as csv-stringify's `escape_formulas` lists them. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/** A cell needs quotes when it holds the delimiter, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Text pushed to the response at a time (characters): one chunk per ≈ 300 rows instead of one per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * One CSV cell exactly as csv-stringify 6 writes it with `escape_formulas` (download-writers.test.ts
 * compares the two): numbers as JavaScript writes them, null as nothing, a text starting with a
 * formula character behind a `'` (a negative number stays a number), quotes doubled inside quotes.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (value === '') return '';
  const text = FORMULA_START.has(value[0]!) ? `'${value}` : value;
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
  // Lines are kept in an array and joined once per chunk, each line joined from an array of cells:
  // concatenating cell by cell made ≈ 100 short-lived string pieces a row (ADR 0019, flat memory).
  let lines = [`\uFEFF${DWC_COLUMNS.join(',')}\r\n`];
  let chars = lines[0]!.length;
  const cells = new Array<string>(DWC_COLUMNS.length);
  const input = new Transform({
    writableObjectMode: true,
    transform(o: Occurrence, _encoding, done) {
      for (let i = 0; i < DWC_COLUMNS.length; i++) cells[i] = csvCell(o[DWC_COLUMNS[i]!]);
      const line = `${cells.join(',')}\r\n`;
      lines.push(line);
      chars += line.length;
      if (chars < CHUNK_CHARS) return done();
      const chunk = lines.join('');
      lines = [];
      chars = 0;
      done(null, chunk);
    },
    flush(done) {
      done(null, lines.join(''));
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
