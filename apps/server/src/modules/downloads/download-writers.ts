import { Transform, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import yazl from 'yazl';
import type { DownloadFormat, ExploreFilters } from '@mm/shared';
import { DWC_COLUMNS, DWCA_FILES, emlXml, metaXml, type Occurrence } from './darwin-core';

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

/** RFC 4180 CSV, UTF-8, CRLF, header row. Cells starting with = + - @ are escaped (OWASP CSV injection). */
function csvWriter(): FormatWriter {
  const input = stringify({
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
 * Darwin Core Archive: a zip streamed as it is built, with `meta.xml`, `eml.xml` and the core
 * `occurrence.txt` (tab-separated, unquoted, so tabs and line breaks inside values become spaces).
 * @param pubDate yyyy-MM-dd, the archive's publication date
 */
function dwcaWriter(pubDate: string, filters: ExploreFilters): FormatWriter {
  const input = stringify({
    header: true,
    columns: [...DWC_COLUMNS],
    delimiter: '\t',
    record_delimiter: 'unix',
    quote: '',
    cast: { string: (value) => value.replace(/[\t\r\n]+/g, ' ') },
  });
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(metaXml(), 'utf8'), DWCA_FILES.meta, { mtime });
  zip.addBuffer(
    Buffer.from(emlXml(pubDate, filters, `urn:mission-monarch:download:${pubDate}`), 'utf8'),
    DWCA_FILES.eml,
    { mtime },
  );
  zip.addReadStream(input, DWCA_FILES.core, { mtime });
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  // The zip does not pass a client abort back to its entry: do it, so the cursor closes too.
  output.once('close', () => {
    if (!output.readableEnded) input.destroy(new Error('download aborted'));
  });
  return { input, output, contentType: 'application/zip', extension: 'zip' };
}

/** The serializer of `format`. */
export function formatWriter(format: DownloadFormat, pubDate: string, filters: ExploreFilters): FormatWriter {
  switch (format) {
    case 'csv':
      return csvWriter();
    case 'geojson':
      return geojsonWriter();
    case 'dwca':
      return dwcaWriter(pubDate, filters);
  }
}
