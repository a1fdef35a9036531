import { pipeline, Transform, type Readable } from 'node:stream';
import { PgDialect } from 'drizzle-orm/pg-core';
import QueryStream from 'pg-query-stream';
import { V, type DownloadQuery, type SessionUser } from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError, HttpError } from '../../lib/errors';
import { visibleStatuses } from '../observations/observation-filters';
import { toOccurrence, type OccurrenceSourceRow } from './darwin-core';
import { formatWriter } from './download-writers';
import { createDownloadTickets } from './download-tickets';
import { downloadsRepository } from './downloads.repository';

/** Rows fetched from the server-side cursor at a time: the most a download holds in memory. */
const CURSOR_BATCH_ROWS = 1000;
/**
 * Downloads streaming at once in one process. Each holds a pooled connection for as long as the
 * client takes to read, so a cap keeps slow readers from starving the rest of the API. With a pool
 * smaller than this + 1, the cap is the pool size − 1: a download's end writes its row count on
 * another connection while its cursor still holds one.
 */
const MAX_CONCURRENT_DOWNLOADS = 4;

/** A download ready to send: its body streams from a database cursor as the client reads. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * Explore downloads with a stated reason (spec §1, §5): the rows Explore shows for the same
 * filters, as CSV, GeoJSON or a Darwin Core Archive, logged in `downloads`.
 * @param publicUrl PUBLIC_URL, to make photo URLs absolute; relative `/attachments/…` without it
 */
export function createDownloadsService(db: Db, publicUrl: string | undefined) {
  const dialect = new PgDialect();
  const mediaBase = `${publicUrl ? publicUrl.replace(/\/+$/, '') : ''}/attachments/`;
  let active = 0;
  const maxActive = Math.max(1, Math.min(MAX_CONCURRENT_DOWNLOADS, (db.$client.options.max ?? 10) - 1));

  return {
    /** Tickets that let a browser link download as a signed-in user (download-tickets.ts). */
    tickets: createDownloadTickets(db),

    /**
     * Checks the reason, logs the download and opens its stream. The row count is written to the
     * log before the last byte leaves, so the log is complete once the client has the file; an
     * aborted download keeps the rows written so far and no `finished` time.
     * @throws 400 `fields.reason` when `reason_id` is not a live reason (a missing reason fails the schema)
     * @throws 503 when too many downloads are already streaming
     */
    async start(user: SessionUser | null, query: DownloadQuery): Promise<DownloadFile> {
      const { format, reason_id, reason_text, ticket: _ticket, ...filters } = query;
      if (reason_id !== undefined && !(await downloadsRepository.reasonExists(db, reason_id)))
        throw fieldError('reason', V.unknownReference);
      if (active >= maxActive) throw new HttpError(503, 'errors.unavailable');
      active++;
      try {
        const id = await downloadsRepository.create(db, {
          user_id: user?.user_id ?? null,
          reason_id: reason_id ?? null,
          reason_text: reason_text || null,
          filters,
          format,
        });
        const day = new Date().toISOString().slice(0, 10);
        const writer = formatWriter(format, day, filters);
        const client = await db.$client.connect();
        const query = dialect.sqlToQuery(downloadsRepository.occurrencesQuery(filters, visibleStatuses(user)));
        const rows = client.query(new QueryStream(query.sql, query.params, { batchSize: CURSOR_BATCH_ROWS }));
        let written = 0;
        const occurrences = new Transform({
          objectMode: true,
          transform(row: OccurrenceSourceRow, _encoding, done) {
            written++;
            done(null, toOccurrence(row, mediaBase));
          },
          flush(done) {
            downloadsRepository.end(db, id, written, true).then(() => done(), done);
          },
        });
        pipeline(rows, occurrences, writer.input, (err) => {
          active--;
          // A connection whose cursor failed midway is dropped rather than reused.
          client.release(err ?? undefined);
          if (err) {
            writer.output.destroy(err);
            void downloadsRepository.end(db, id, written, false).catch(() => undefined);
          }
        });
        return {
          fileName: `mission-monarch-observations-${day}.${writer.extension}`,
          contentType: writer.contentType,
          body: writer.output,
        };
      } catch (err) {
        active--;
        throw err;
      }
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
