import { pipeline, Transform, type Readable, type Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { PoolClient } from 'pg';
import {
  isLicenseCode,
  LICENSES,
  ObservationStatus,
  V,
  type DatasetMetadata,
  type DownloadLanding,
  type LicenseCode,
  type DownloadQuery,
  type ExploreFilters,
  type ExploreSort,
  type Locale,
  type ObservationStatusId,
  type SessionUser,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError, HttpError, notFound } from '../../lib/errors';
import { positionsFor, visibleStatuses, type Positions } from '../../db/visibility';
import { licenseOf, toOccurrence, type ObservationSourceRow, type PublishingContext } from './darwin-core';
import { formatWriter } from './download-writers';
import { createDownloadTickets } from './download-tickets';
import { downloadsRepository } from './downloads.repository';
import { citationText, DWCA_FILES, emlXml, rightsText } from './dwca-metadata';
import { summarize } from './dwca-summary';
import { dwcaArchive } from './dwca-writer';
import {
  toEventRow,
  toMediaRow,
  toOccurrenceRow,
  type EventSourceRow,
  type MediaSourceRow,
  type OccurrenceSourceRow,
} from './dwca-rows';

/**
 * Downloads streaming at once in one process. Each holds a pooled connection for as long as the
 * client takes to read, so a cap keeps slow readers from starving the rest of the API. With a pool
 * smaller than this + 1, the cap is the pool size − 1: a download's end writes its row count on
 * another connection while its cursor still holds one.
 */
const MAX_CONCURRENT_DOWNLOADS = 4;

/** A build of the stored public archive (docs/adr/0038), as its EML states it. */
export interface StoredBuild {
  /** `1.{build}`. */
  version: string;
  /** yyyy-MM-dd. */
  pubDate: string;
}

/** A download ready to send: its body streams from a database cursor as the client reads. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Readable;
  /** The download's public id (its landing page). */
  id: string;
}

/**
 * Who publishes the data (configuration). The site's origin is not here: every call passes the one its
 * links start with (`publicOrigin`: PUBLIC_URL, else the request's own), so that no link is relative.
 */
export interface PublishingConfig {
  publisher: string;
  institutionCode: string;
  datasetId: string | null;
  contactName: string | null;
  contactEmail: string | null;
  /** The dataset metadata edited in the admin panel (title, abstract, keywords, contacts, licence, citation). */
  metadata?: () => Promise<DatasetMetadata>;
}

export const DATASET_NAME = 'Mission Monarch';
export { defaultDatasetMetadata } from './dwca-metadata';
/** The reason logged for each fetch of the latest public archive (GBIF's crawler, a mirror …). */
const LATEST_ARCHIVE_REASON = 'Latest public archive (GBIF DWC_ARCHIVE endpoint)';
const STATUS_NAMES = Object.fromEntries(Object.entries(ObservationStatus).map(([name, id]) => [id, name])) as Record<
  number,
  string
>;
const runPipeline = promisify(pipeline) as (...streams: (Readable | Writable | Transform)[]) => Promise<void>;

/**
 * The statuses a download holds: those chosen (`statuses=`), or every status the requester may see
 * ("Status"), in id order.
 * @throws 400 `fields.statuses` when a chosen status is one the requester may not see
 */
function chosenStatuses(
  user: SessionUser | null,
  chosen: readonly ObservationStatusId[] | undefined,
): readonly ObservationStatusId[] {
  const visible = visibleStatuses(user);
  if (!chosen) return visible;
  if (chosen.some((s) => !visible.includes(s))) throw fieldError('statuses', V.invalid);
  return [...chosen].sort((a, b) => a - b);
}

/** A transform of database rows into output rows; `onEnd` runs before the last row passes on. */
function mapRows<R>(map: (row: R) => unknown, onRow: (row: R) => void = () => undefined, onEnd?: () => Promise<void>) {
  return new Transform({
    objectMode: true,
    transform(row: R, _encoding, done) {
      onRow(row);
      done(null, map(row));
    },
    flush(done) {
      if (!onEnd) return done();
      onEnd().then(() => done(), done);
    },
  });
}

/** Rows written so far, and the log update once the whole file is written. */
interface Progress {
  rows: number;
  /** Rows per licence code. */
  licenses: Record<string, number>;
  finished: (rows: number) => Promise<void>;
}

/**
 * What one download reads: the filters, the statuses and positions its requester may see (private
 * sites generalised except for admins) and the publishing context.
 */
interface Scope {
  filters: ExploreFilters;
  statuses: readonly ObservationStatusId[];
  positions: Positions;
  ctx: PublishingContext;
}

/**
 * The positions a download carries: a private site's exact point only when an admin asks for it
 * (`exact_positions`), so that no file meant for GBIF or the public holds one by default.
 * @throws 400 on `exact_positions` when someone other than an admin asks for exact positions
 */
function downloadPositions(user: SessionUser | null, exact: boolean): Positions {
  if (!exact) return 'generalised';
  if (positionsFor(user) !== 'exact') throw fieldError('exact_positions', V.invalid);
  return 'exact';
}

/**
 * Explore downloads with a stated reason (spec §1, §5): the rows Explore shows for the same
 * filters, as CSV, GeoJSON or a sampling-event Darwin Core Archive, logged in `downloads`.
 */
export function createDownloadsService(db: Db, publishing: PublishingConfig) {
  let active = 0;
  const maxActive = Math.max(1, Math.min(MAX_CONCURRENT_DOWNLOADS, (db.$client.options.max ?? 10) - 1));
  const cursor = (client: PoolClient, query: Parameters<typeof downloadsRepository.cursor>[1]) =>
    downloadsRepository.cursor(client, query);
  const context = (locale: Locale, origin: string): PublishingContext => ({
    publicUrl: origin,
    institutionCode: publishing.institutionCode,
    datasetName: DATASET_NAME,
    datasetId: publishing.datasetId,
    locale,
  });
  /** A download's public page in one language (the archive's citation links the English one), absolute. */
  const landingPage = (origin: string, id: string, lng: Locale = 'en') => `${origin}/mmapp/${lng}/downloads/${id}`;

  /** One table (CSV, GeoJSON) from one cursor. */
  function streamTable(
    client: PoolClient,
    args: Scope & { sort: ExploreSort },
    input: Writable,
    progress: Progress,
  ): Promise<void> {
    const query = downloadsRepository.occurrencesQuery(args.filters, args.statuses, args.positions, args.sort);
    const map = mapRows<ObservationSourceRow>(
      (r) => toOccurrence(r, args.ctx, `${args.ctx.publicUrl}/attachments/`),
      (r) => {
        progress.rows++;
        const code = licenseOf(r.license);
        progress.licenses[code] = (progress.licenses[code] ?? 0) + 1;
      },
      () => progress.finished(progress.rows),
    );
    // In a transaction: the cursor may read for longer than the pool's statement timeout (inSnapshot).
    return downloadsRepository.inSnapshot(client, () => runPipeline(cursor(client, query), map, input));
  }

  /**
   * The archive's three files from three cursors of one snapshot, then its metadata; the log counts
   * its occurrences.
   */
  async function streamArchive(
    client: PoolClient,
    archive: ReturnType<typeof dwcaArchive>,
    args: Scope & { id: string; includeGbif: boolean; stored?: StoredBuild },
    progress: Progress,
  ): Promise<void> {
    const { filters, statuses, positions, ctx, id, includeGbif, stored } = args;
    const summary = summarize();
    await downloadsRepository.inSnapshot(client, async () => {
      await runPipeline(
        cursor(client, downloadsRepository.eventsQuery(filters, statuses, positions, includeGbif)),
        mapRows<EventSourceRow>((r) => summary.event(r, toEventRow(r, ctx))),
        archive.events,
      );
      await runPipeline(
        cursor(client, downloadsRepository.eventOccurrencesQuery(filters, statuses, positions, includeGbif)),
        mapRows<OccurrenceSourceRow>(
          (r) => summary.occurrence(toOccurrenceRow(r, ctx), r.license, r),
          () => progress.rows++,
        ),
        archive.occurrences,
      );
      await runPipeline(
        cursor(client, downloadsRepository.mediaQuery(filters, statuses, positions, includeGbif)),
        mapRows<MediaSourceRow>((r) => toMediaRow(r, ctx, `${ctx.publicUrl}/attachments/`), summary.media),
        archive.multimedia,
      );
    });
    const day = stored?.pubDate ?? new Date().toISOString().slice(0, 10);
    const s = summary.result;
    progress.licenses = Object.fromEntries(s.licenses);
    await progress.finished(s.occurrences);
    const citation = citationText({
      id,
      accessed: day,
      records: s.occurrences,
      url: landingPage(ctx.publicUrl, id),
      datasetName: DATASET_NAME,
      publisher: publishing.publisher,
    });
    const allowed = filters.status === undefined ? statuses : statuses.filter((x) => x === filters.status);
    const dataset = await publishing.metadata?.();
    archive.finish({
      [DWCA_FILES.eml]: emlXml({
        packageId: `urn:uuid:${id}`,
        pubDate: day,
        version: stored?.version,
        filters,
        summary: s,
        citation,
        includeGbif,
        dataset,
        statuses: allowed.map((x) => STATUS_NAMES[x] ?? String(x)),
        party: {
          publisher: publishing.publisher,
          datasetName: DATASET_NAME,
          contactName: publishing.contactName,
          contactEmail: publishing.contactEmail,
          publicUrl: ctx.publicUrl,
        },
      }),
      [DWCA_FILES.citation]: `${citation}\n`,
      [DWCA_FILES.rights]: rightsText(s, citation),
    });
  }

  const service = {
    /**
     * The public landing page of a download ("Citable downloads"): its citation in `locale`
     * (the archive's citation.txt in that language, linking this page in it), filters, format, reason
     * in `locale` and licence mix.
     * @param origin the site's origin (`publicOrigin`), so that the citation's link is absolute
     * @throws 404 for an unknown id
     */
    async landing(uuid: string, locale: Locale, origin: string): Promise<DownloadLanding> {
      const d = await downloadsRepository.findByUuid(db, uuid);
      if (!d) throw notFound();
      const accessed = new Date(d.created).toISOString().slice(0, 10);
      const reasonName = locale === 'fr' ? d.reason_fr : locale === 'es' ? d.reason_es : d.reason;
      return {
        id: d.uuid,
        created: new Date(d.created).toISOString(),
        finished: d.finished !== null,
        format: d.format as DownloadLanding['format'],
        filters: d.filters,
        reason: [reasonName, d.reason_text].filter(Boolean).join(' — '),
        records: d.rows,
        licenses: Object.entries(d.licenses ?? {})
          .filter((e): e is [LicenseCode, number] => isLicenseCode(e[0]))
          .map(([code, records]) => ({ code, records, url: LICENSES[code].url })),
        citation: citationText(
          {
            id: d.uuid,
            accessed,
            records: d.rows,
            url: landingPage(origin, d.uuid, locale),
            datasetName: DATASET_NAME,
            publisher: publishing.publisher,
          },
          locale,
        ),
      };
    },

    /** Tickets that let a browser link download as a signed-in user (download-tickets.ts). */
    tickets: createDownloadTickets(db),

    /**
     * Checks the reason, logs the download and opens its stream. The row count (occurrences) is
     * written to the log before the last byte leaves, so the log is complete once the client has the
     * file; an aborted download keeps no `finished` time.
     * @param locale the requester's language: common names in the files
     * @param origin the site's origin (`publicOrigin`): photo URLs, record pages and the citation's link
     * @throws 400 `fields.reason` when `reason_id` is not a live reason (a missing reason fails the schema)
     * @throws 503 when too many downloads are already streaming
     */
    async start(
      user: SessionUser | null,
      query: DownloadQuery,
      locale: Locale,
      origin: string,
      /** A build of the stored public archive (docs/adr/0038): its version and pubDate for the EML. */
      stored?: StoredBuild,
    ): Promise<DownloadFile> {
      const {
        format,
        reason_id,
        reason_text,
        ticket: _ticket,
        sort,
        include_gbif,
        exact_positions,
        statuses: chosen,
        ...filters
      } = query;
      // Asked for exact positions without being an admin: refused before anything is logged.
      downloadPositions(user, exact_positions ?? false);
      if (reason_id !== undefined && !(await downloadsRepository.reasonExists(db, reason_id)))
        throw fieldError('reason', V.unknownReference);
      const statuses = chosenStatuses(user, chosen);
      if (active >= maxActive) throw new HttpError(503, 'errors.unavailable');
      active++;
      try {
        const { id, uuid } = await downloadsRepository.create(db, {
          user_id: user?.user_id ?? null,
          reason_id: reason_id ?? null,
          reason_text: reason_text || null,
          filters: chosen ? { ...filters, statuses: [...statuses] } : filters,
          format,
        });
        const day = new Date().toISOString().slice(0, 10);
        const ctx = context(locale, origin);
        const positions = downloadPositions(user, exact_positions ?? false);
        const client = await db.$client.connect();
        let output: Readable;
        let contentType: string;
        let extension: string;
        let work: Promise<void>;
        const progress: Progress = {
          rows: 0,
          licenses: {},
          finished: (rows) => downloadsRepository.end(db, id, rows, true, progress.licenses),
        };
        let fail: (err: Error) => void;
        if (format === 'dwca') {
          const archive = dwcaArchive();
          ({ output, contentType, extension } = archive);
          fail = (err) => archive.fail(err);
          work = streamArchive(
            client,
            archive,
            { filters, statuses, positions, ctx, id: uuid, includeGbif: include_gbif ?? false, stored },
            progress,
          );
        } else {
          const writer = formatWriter(format);
          ({ output, contentType, extension } = writer);
          fail = (err) => writer.output.destroy(err);
          work = streamTable(client, { filters, statuses, positions, ctx, sort }, writer.input, progress);
        }
        work
          .then(() => client.release())
          .catch((err: Error) => {
            // A connection whose cursor failed midway is dropped rather than reused.
            client.release(err);
            fail(err);
            void downloadsRepository.end(db, id, progress.rows, false).catch(() => undefined);
          })
          .finally(() => {
            active--;
          });
        return {
          fileName: `mission-monarch-observations-${day}.${extension}`,
          contentType,
          body: output,
          id: uuid,
        };
      } catch (err) {
        active--;
        throw err;
      }
    },
  };
  return {
    ...service,
    /**
     * A build of the public Darwin Core Archive that GBIF crawls (`DWC_ARCHIVE` endpoint, docs/adr/0036,
     * 0038): what a visitor downloads without filters (Pending, Vetted and Valid; private sites
     * generalised; GBIF-sourced records left out; flagged records kept with their flags), logged like
     * any download under the reason "Latest public archive", its EML carrying `version`.
     * @param origin the site's origin (PUBLIC_URL): photo URLs, record pages and the citation's link
     * @param build its version (`1.{build}`) and pubDate (yyyy-MM-dd)
     * @throws 503 when too many downloads are already streaming
     */
    publicArchive: (origin: string, build: StoredBuild): Promise<DownloadFile> =>
      service.start(
        null,
        { format: 'dwca', reason_text: LATEST_ARCHIVE_REASON, sort: 'observed' },
        'en',
        origin,
        build,
      ),
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
