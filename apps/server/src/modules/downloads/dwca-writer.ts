import { PassThrough, type Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import yazl from 'yazl';
import { DWCA_FILES, metaXml } from './dwca-metadata';
import { EVENT_COLUMNS, MULTIMEDIA_COLUMNS, OCCURRENCE_COLUMNS, type ArchiveColumn } from './dwca-rows';

/** A tab-separated, unquoted archive file: tabs and line breaks inside values become spaces. */
function textFile(columns: ArchiveColumn[]): Transform {
  return stringify({
    header: true,
    columns: columns.map((c) => c.name),
    delimiter: '\t',
    record_delimiter: 'unix',
    quote: '',
    cast: { string: (value) => value.replace(/[\t\r\n]+/g, ' ') },
  });
}

/** The metadata files written once every row is: name → content. */
export type ArchiveMetadata = Record<string, string>;

/**
 * A sampling-event Darwin Core Archive streamed as it is built: a zip of `event.txt` (core),
 * `occurrence.txt` and `multimedia.txt` (extensions), whose `input`s take `ArchiveRow` objects in that
 * order (the zip reads each file to its end before the next), then `meta.xml` and the metadata given
 * to `finish` (EML, citation, rights), which can thus describe the rows written.
 */
export function dwcaArchive() {
  const events = textFile(EVENT_COLUMNS);
  const occurrences = textFile(OCCURRENCE_COLUMNS);
  const multimedia = textFile(MULTIMEDIA_COLUMNS);
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  zip.addReadStream(events, DWCA_FILES.core, { mtime });
  zip.addReadStream(occurrences, DWCA_FILES.occurrence, { mtime });
  zip.addReadStream(multimedia, DWCA_FILES.multimedia, { mtime });
  const output = new PassThrough();
  (zip.outputStream as Readable).pipe(output);
  zip.on('error', (err: Error) => output.destroy(err));
  const inputs = [events, occurrences, multimedia];
  // The zip does not pass a client abort back to its entries: do it, so the cursor closes too.
  output.once('close', () => {
    if (!output.readableEnded) for (const input of inputs) input.destroy(new Error('download aborted'));
  });
  return {
    events,
    occurrences,
    multimedia,
    output: output as Readable,
    contentType: 'application/zip',
    extension: 'zip',
    /** Adds `meta.xml` and the metadata files, and closes the zip. */
    finish(metadata: ArchiveMetadata): void {
      zip.addBuffer(
        Buffer.from(metaXml({ event: EVENT_COLUMNS, occurrence: OCCURRENCE_COLUMNS, multimedia: MULTIMEDIA_COLUMNS })),
        DWCA_FILES.meta,
        { mtime },
      );
      for (const [name, text] of Object.entries(metadata)) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime });
      zip.end();
    },
    /** Fails the download mid-stream. */
    fail(err: Error): void {
      output.destroy(err);
    },
  };
}
