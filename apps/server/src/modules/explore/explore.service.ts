import {
  type Cluster,
  type ClusterQuery,
  type DensityResponse,
  type ExploreFilters,
  type ExploreStats,
  type ObservationListQuery,
  type GalleryQuery,
  type GalleryResponse,
  type ObservationListResponse,
  type SessionUser,
} from '@mm/shared';
import type { Db } from '../../db/client';
import type { DataVersion } from '../../lib/data-version';
import type { CacheStat } from '../../lib/metrics';
import { positionsFor, visibleStatuses, type Positions } from '../../db/visibility';
import { createVersionedCache } from '../../lib/versioned-cache';
import { attachmentUrl } from '../photos/photos.service';
import { ClusterIndex } from './cluster-index';
import { mergeOverlapping } from './cluster-merge';
import { exploreGalleryRepository } from './explore-gallery.repository';
import { exploreListRepository, type ListScope } from './explore-list.repository';
import { exploreMapRepository } from './explore-map.repository';
import { keyAtOrBefore, LIST_HEAD, listKey, pageMemory, rememberKey, type ListIndex } from './list-index';
import { createRowCache, DEFAULT_ROW_CACHE_MB, ROW_TABLES } from './list-rows';

/** Every this many rows of a list head, a row key is kept to continue past the head in index order. */
const KEY_EVERY = 50;
/** Cluster indexes kept (filter sets × visible statuses); ≈ 37 MB for 230 k sites, less for narrower filters. */
const CLUSTER_INDEXES = 6;
/** List indexes kept (filter sets × visible statuses). */
const LIST_INDEXES = 100;

/** The tables a filtered list or map depends on: notifications from others leave its cached index valid. */
function tablesOf(filters: ExploreFilters): string[] {
  const tables = ['observations', 'checklists', 'sites'];
  if (filters.username !== undefined) tables.push('users');
  if (filters.with_photos) tables.push('photos');
  if (filters.blitz_id !== undefined) tables.push('blitz_events');
  return tables;
}

/**
 * Explore (spec §1, §7): the list, map clusters, charts, density view and photo gallery over the
 * Explore filters, with the caches that make them fast at a million observations (docs/adr/0003,
 * 0004).
 * @param dataVersion when given, each filtered list's total and row positions are kept until the data
 *   change (ListIndex), so that a page never counts the whole table nor skips the rows before it
 *   and the rows of pages served are kept in memory (RowCache) until one of their tables changes
 * @param options.listHead rows of a list known by id (LIST_HEAD; smaller in tests, to reach the pages after it)
 * @param options.rowCacheBytes memory for kept list rows (bytes, DEFAULT_ROW_CACHE_MB by default; 0 keeps none)
 */
export function createExploreService(
  db: Db,
  dataVersion?: DataVersion,
  {
    listHead = LIST_HEAD,
    rowCacheBytes = DEFAULT_ROW_CACHE_MB * 1024 * 1024,
  }: { listHead?: number; rowCacheBytes?: number } = {},
) {
  /** A list's total and head: one read of the first listHead + 1 keys, and a count only when the list is longer. */
  const indexes = createVersionedCache(async (scope: ListScope): Promise<ListIndex> => {
    const head = await exploreListRepository.head(db, scope, listHead + 1);
    const total = head.length <= listHead ? head.length : await exploreListRepository.count(db, scope);
    const kept = head.slice(0, listHead);
    const keys = new Map(
      kept.flatMap((k, i) => (i % KEY_EVERY === 0 || i === kept.length - 1 ? [[i, k] as const] : [])),
    );
    return { total, head: kept.map((k) => k.id), keys, pages: pageMemory() };
  }, LIST_INDEXES);
  // Rows with exact positions (admins) and generalised ones (everyone else) are kept apart: a row's
  // JSON depends on whose positions it carries. Admins' rows take a small share.
  const rowCaches: Record<Positions, ReturnType<typeof createRowCache>> = {
    generalised: createRowCache(Math.floor(rowCacheBytes * 0.8)),
    exact: createRowCache(Math.floor(rowCacheBytes * 0.2)),
  };

  type MapArgs = { filters: ExploreFilters; statuses: ReturnType<typeof visibleStatuses>; positions: Positions };
  /** Cluster indexes per filter set, visible statuses and positions at the version of their tables. */
  const clusterIndexes = createVersionedCache(
    ({ filters, statuses, positions }: MapArgs) =>
      exploreMapRepository.siteAggregates(db, filters, statuses, positions).then((rows) => new ClusterIndex(rows)),
    CLUSTER_INDEXES,
  );
  /** Version of these tables, or null when changes cannot be followed (nothing may be kept). */
  const versionOf = (tables: readonly string[]): number | null =>
    dataVersion ? (dataVersion.currentFor?.(tables) ?? dataVersion.current()) : null;
  /** Version of the tables a filter set reads. */
  const versionFor = (filters: ExploreFilters) => versionOf(tablesOf(filters));
  /** Version of the tables a list row is built from. */
  const rowsVersion = () => versionOf(ROW_TABLES);

  /** Ids of rows [offset, offset + limit) of the list: from the head, else read in index order from the nearest known row. */
  const pageIds = async (index: ListIndex, scope: ListScope, limit: number, offset: number): Promise<number[]> => {
    if (offset >= index.total) return [];
    if (offset + limit <= index.head.length || index.head.length === index.total)
      return index.head.slice(offset, offset + limit);
    const pageKey = `${offset}:${limit}`;
    const known = index.pages.get(pageKey);
    if (known) return known;
    const from = keyAtOrBefore(index.keys, offset);
    const start = from?.[0] ?? 0;
    // One row more than the page: the key of the next page's first row.
    const found = await exploreListRepository.keysFrom(db, scope, from?.[1] ?? null, offset - start, limit + 1);
    found.forEach((k, i) => {
      if (i === 0 || i === limit) rememberKey(index.keys, offset + i, k);
    });
    const ids = found.slice(0, limit).map((k) => k.id);
    index.pages.set(pageKey, ids);
    return ids;
  };

  return {
    /** What Explore keeps in memory now, per cache (entries; bytes where counted), for `/api/metrics`. */
    cacheStats: (): CacheStat[] => [
      { cache: 'explore_list_indexes', entries: indexes.size() },
      {
        cache: 'explore_cluster_indexes',
        entries: clusterIndexes.size(),
        bytes: clusterIndexes.values().reduce((sum, index) => sum + index.bytes, 0),
      },
      { cache: 'explore_rows_generalised', ...rowCaches.generalised.stats() },
      { cache: 'explore_rows_exact', ...rowCaches.exact.stats() },
    ],
    /**
     * Explore list: observations matching the filters, newest observed (or submitted, `sort`) first,
     * page size ≤ 50 (spec §7), private sites generalised except for admins, as the
     * JSON text of an `ObservationListResponse` (`{ data: ObservationRow[], paginator }`): the rows are
     * built as JSON by PostgreSQL, kept in memory until their tables change, and sent as they are (the
     * route does not serialise them again). The public sees Pending, Vetted and Valid; an admin every status.
     */
    async list(user: SessionUser | null, query: ObservationListQuery): Promise<string> {
      const { page, limit, sort, ...filters } = query;
      const statuses = visibleStatuses(user);
      const positions = positionsFor(user);
      const scope: ListScope = { filters, statuses, positions, sort };
      const offset = (page - 1) * limit;
      // Without a data version (listener down) nothing may be kept: count and skip as a plain query does.
      const version = versionFor(filters);
      // Read before the ids: rows fetched for ids of an older list are then never kept as current.
      const rowVersion = version === null ? null : rowsVersion();
      const index =
        version === null
          ? null
          : await indexes.get(version, `${positions}:${sort}:${listKey(filters, statuses)}`, scope);
      const { ids, total } = index
        ? { ids: await pageIds(index, scope, limit, offset), total: index.total }
        : await exploreListRepository.paginate(db, scope, limit, offset);
      const data = await rowCaches[positions].page(ids, statuses, rowVersion, rowsVersion, (missing) =>
        exploreListRepository.rowsById(db, filters, statuses, positions, missing),
      );
      const totalpage = Math.max(1, Math.ceil(total / limit));
      const paginator: ObservationListResponse['paginator'] = {
        current: page,
        total,
        limit,
        totalpage,
        hasPre: page > 1,
        hasNext: page < totalpage,
      };
      return `{"data":${data},"paginator":${JSON.stringify(paginator)}}`;
    },

    /**
     * Map clusters of the observations matching the filters inside the viewport, from the
     * filter set's ClusterIndex kept for the current data version: the first request of a filter set
     * after a change of its tables waits for one aggregate per site (≈ 1 s unfiltered at a million
     * observations, less for narrower filters); every viewport after it costs its cells only.
     * Without a data version (listener down) each request aggregates the sites of its viewport and
     * builds an index of those alone (the same code, so the same answer). Either way,
     * clusters whose bubbles would overlap on screen are then merged (cluster-merge.ts).
     * @returns the JSON text of a ClusterResponse
     */
    async clusters(user: SessionUser | null, query: ClusterQuery): Promise<string> {
      const statuses = visibleStatuses(user);
      const positions = positionsFor(user);
      const { zoom, west, south, east, north, ...filters } = query;
      const version = versionFor(filters);
      const arrange = (clusters: Cluster[]) => mergeOverlapping(clusters, zoom);
      const viewport = { zoom, west, south, east, north };
      if (version === null) {
        const sites = await exploreMapRepository.siteAggregates(db, filters, statuses, positions, viewport);
        return new ClusterIndex(sites).clustersJson(viewport, arrange);
      }
      const key = `${positions}:${listKey(filters, statuses)}`;
      return (await clusterIndexes.get(version, key, { filters, statuses, positions })).clustersJson(viewport, arrange);
    },

    /**
     * Density view: eggs + caterpillars per 100 milkweed stems of the Missions matching
     * the filters, per ISO week, province and 1° map cell (exploreMapRepository.density).
     */
    density(user: SessionUser | null, filters: ExploreFilters): Promise<DensityResponse> {
      return exploreMapRepository.density(db, filters, visibleStatuses(user), positionsFor(user));
    },

    /** Chart figures for the filters: per week of the year by life stage, per province. */
    stats(user: SessionUser | null, filters: ExploreFilters): Promise<ExploreStats> {
      return exploreMapRepository.stats(db, filters, visibleStatuses(user), positionsFor(user));
    },

    /**
     * Photo gallery: photos of the observations the requester may see (Pending, Vetted and Valid
     * for everyone, every status for an admin; spec §1) matching the Explore filters, newest photo
     * first, `limit` (≤ 50) a page. A page beyond the end answers no data and the real totals. A
     * private site's locality and city are withheld except for admins.
     */
    async gallery(user: SessionUser | null, query: GalleryQuery): Promise<GalleryResponse> {
      const { page, limit, ...filters } = query;
      const { rows, total } = await exploreGalleryRepository.paginate(
        db,
        filters,
        visibleStatuses(user),
        positionsFor(user),
        limit,
        (page - 1) * limit,
      );
      const totalpage = Math.max(1, Math.ceil(total / limit));
      return {
        data: rows.map(({ photo_path, photo_name, ...r }) => ({
          ...r,
          small: attachmentUrl(photo_path, 'small', photo_name),
          large: attachmentUrl(photo_path, 'large', photo_name),
        })),
        paginator: { current: page, total, limit, totalpage, hasPre: page > 1, hasNext: page < totalpage },
      };
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
