import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import type { DownloadsService } from './downloads.service';
import { publicArchiveRepository, type PublicArchiveRow } from './public-archive.repository';

/** Least time between two builds (ms): GBIF crawls weekly at most; an hour bounds the export's cost. */
const PUBLIC_ARCHIVE_MIN_AGE_MS = 3_600_000;
/** Where the builds live in the photo store: one file per build, the row names the one served. */
const FOLDER = 'archives/dwca';

/** What one run of the job did, stored as the job's output. */
export type PublicArchiveRun =
  | { built: true; version: string; size: number; sha256: string; download_id: string }
  | { built: false; reason: 'unchanged' | 'too_recent'; version: string };

/** The stored archive as the endpoint sends it. */
export interface StoredArchive {
  /** `1.{build}`. */
  version: string;
  /** `"{sha256}"`: a strong entity tag. */
  etag: string;
  lastModified: Date;
  size: number;
  /** The build's download id (landing page, citation). */
  downloadId: string;
  /** The key of its file in the photo store. */
  key: string;
}

const versionOf = (build: number) => `1.${build}`;

function stored(row: PublicArchiveRow): StoredArchive {
  return {
    version: versionOf(row.build),
    etag: `"${row.sha256}"`,
    lastModified: row.built_at,
    size: row.size,
    downloadId: row.download_uuid,
    key: row.storage_key,
  };
}

/** Counts and hashes the bytes passing through. */
function measure() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * The public Darwin Core Archive GBIF crawls at one stable URL (docs/adr/0038): built by the job queue
 * into the photo store when the published data changed (`public_data_changes` moved) and the last
 * build is at least `minAgeMs` old, then served as a file.
 * @param origin PUBLIC_URL (or the server's own address): the archive's links start with it
 */
export function createPublicArchiveService(
  db: Db,
  storage: Storage,
  downloads: Pick<DownloadsService, 'publicArchive'>,
  origin: string,
  { minAgeMs = PUBLIC_ARCHIVE_MIN_AGE_MS }: { minAgeMs?: number } = {},
) {
  return {
    /**
     * The job's work: builds a new archive unless the data did not change since the last build
     * (`unchanged`) or that build is younger than `minAgeMs` (`too_recent`); the first build always
     * happens. The file is written whole under a new key (the store never shows half an object, also
     * after a crash), then the row switches to it, then the previous file is removed: a crash at any
     * point leaves the previous archive served, or an unreferenced file at worst.
     * @param now the clock (tests inject theirs)
     */
    async refresh(now: Date = new Date()): Promise<PublicArchiveRun> {
      const last = await publicArchiveRepository.current(db);
      // Read before the export's snapshot: a write landing during the build moves it again, so the
      // next run rebuilds rather than missing that write.
      const dataVersion = await publicArchiveRepository.dataVersion(db);
      if (last) {
        const version = versionOf(last.build);
        if (last.data_version === dataVersion) return { built: false, reason: 'unchanged', version };
        if (now.getTime() - last.built_at.getTime() < minAgeMs) return { built: false, reason: 'too_recent', version };
      }
      const build = (last?.build ?? 0) + 1;
      const version = versionOf(build);
      const pubDate = now.toISOString().slice(0, 10);
      const file = await downloads.publicArchive(origin, { version, pubDate });
      const key = `${FOLDER}/mission-monarch-dwca-v${version}-${file.id}.zip`;
      const bytes = measure();
      // pipeline, not pipe: an export failing midway (the database gone) fails the write too.
      await storage.put(
        key,
        pipeline(file.body, bytes.stream, () => undefined),
        'application/zip',
      );
      const { size, sha256 } = bytes.result();
      const saved = await publicArchiveRepository.save(db, {
        build,
        storage_key: key,
        download_uuid: file.id,
        data_version: dataVersion,
        pub_date: pubDate,
        built_at: now,
        size,
        sha256,
      });
      if (!saved) {
        await storage.remove(key);
        return { built: false, reason: 'unchanged', version };
      }
      if (last && last.storage_key !== key) await storage.remove(last.storage_key);
      return { built: true, version, size, sha256, download_id: file.id };
    },

    /** The archive served now, or null before the first build. */
    async current(): Promise<StoredArchive | null> {
      const row = await publicArchiveRepository.current(db);
      return row ? stored(row) : null;
    },

    /** The stored file's bytes, or null when it is gone (removed by a newer build between two reads). */
    open: (archive: StoredArchive): Promise<Readable | null> => storage.open(archive.key),
  };
}
export type PublicArchiveService = ReturnType<typeof createPublicArchiveService>;
