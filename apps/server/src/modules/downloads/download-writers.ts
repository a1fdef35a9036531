import { Transform, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
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
 * RFC 4180 CSV, UTF-8 with a byte-order mark (so that Excel reads accents right in every language),
 * CRLF, header row. Cells starting with = + - @ are escaped (OWASP CSV injection).
 */
function csvWriter(): FormatWriter {
  const input = stringify({
    bom: true,
    header: true,
    columns: [...DWC_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
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
