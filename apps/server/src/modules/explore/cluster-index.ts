import type { Cluster, ClusterResponse, Viewport } from '@mm/shared';

/** Web Mercator stops at ±85.0511° (WGS84 degrees); the SQL clustering clamps the same way. */
export const MAX_MERCATOR_LATITUDE = 85.0511;
/**
 * Cells per world width at zoom z: 2^(z + CELL_ZOOM_OFFSET). 256 px tiles / 2^2 → cells of 64 px
 * on screen, about the size of a cluster icon.
 */
export const CELL_ZOOM_OFFSET = 2;
/** Finest grid level kept (cells per world side 2^GRID_BITS); zoom 20 uses level 22. */
const GRID_BITS = 24;
const GRID_SIZE = 2 ** GRID_BITS;
/** A partly visible cell with at most this many sites is scanned site by site instead of split. */
const SCAN_SITES = 128;
/**
 * Margin (fraction of the world, ≈ 4e-10°) by which a cell must lie inside the viewport to be taken
 * whole: cells are compared in grid coordinates computed with floating-point arithmetic, so a cell
 * whose edge is this close to the viewport's edge is split and its sites tested one by one in
 * degrees, exactly as SQL `BETWEEN` would.
 */
const EDGE_MARGIN = 1e-12;
const RADIANS = Math.PI / 180;

/** One site's public observations (or those matching a filter set): what a cluster is summed from. */
export type SiteAggregate = {
  latitude: number;
  longitude: number;
  /** Observations at the site (≥ 1). */
  count: number;
  /** The smallest observation id at the site (the observation itself when count is 1). */
  observation_id: number;
  /** Smallest and largest checklist id of those observations. */
  checklist_min: number;
  checklist_max: number;
};

/** x (0 … 2^GRID_BITS − 1) of a longitude: the same arithmetic as the SQL cell `floor((lng + 180) / 360 * cells)`. */
function gridX(longitude: number): number {
  return Math.min(GRID_SIZE - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * GRID_SIZE)));
}

/** y (0 at the north edge) of a latitude, clamped to the Mercator limit, as in the SQL clustering. */
function gridY(latitude: number): number {
  return Math.min(GRID_SIZE - 1, Math.max(0, Math.floor(mercatorY(latitude) * GRID_SIZE)));
}

/** Web Mercator y of a latitude as a fraction of the world (0 north … 1 south), clamped as in SQL. */
function mercatorY(latitude: number): number {
  const r = Math.min(Math.max(latitude, -MAX_MERCATOR_LATITUDE), MAX_MERCATOR_LATITUDE) * RADIANS;
  return (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2;
}

/** A number as JSON writes it (finite numbers as JavaScript prints them, anything else as null). */
const jsonNumber = (x: number) => (Number.isFinite(x) ? String(x) : 'null');
const jsonNullable = (x: number | null) => (x === null ? 'null' : jsonNumber(x));

/**
 * `JSON.stringify(cluster)`, byte for byte (cluster-index.test.ts compares the two), for the one shape
 * a Cluster has: written by hand because serialising the clusters of the cells a viewport's edges
 * cut, and the merged ones, took about as long as finding them, and a pan needs it on every request
 * (docs/adr/0041-cluster-json-written-by-hand.md).
 */
export function clusterJson(c: Cluster): string {
  const b = c.bounds;
  return (
    `{"latitude":${jsonNumber(c.latitude)},"longitude":${jsonNumber(c.longitude)},"count":${jsonNumber(c.count)},` +
    `"observation_id":${jsonNullable(c.observation_id)},"checklist_id":${jsonNullable(c.checklist_id)},` +
    `"bounds":{"west":${jsonNumber(b.west)},"south":${jsonNumber(b.south)},"east":${jsonNumber(b.east)},"north":${jsonNumber(b.north)}}}`
  );
}

/** One clusters request: the viewport in degrees and in grid fractions, and what has been found. */
interface Query {
  v: Viewport;
  level: number;
  uWest: number;
  uEast: number;
  across: boolean;
  yNorth: number;
  ySouth: number;
  clusters: Cluster[];
  total: number;
}

/** Clusters of cells lying wholly inside some viewport, kept per index (they are the same for every such viewport). */
const MAX_KEPT_CELLS = 200_000;

/** Spreads the 12 low bits of v to the even bits of a 24-bit number. */
function spread12(v: number): number {
  let x = v & 0xfff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x;
}

/** Z-order (Morton) code of grid point (x, y), 48 bits: x on even bits, y on odd bits. */
function morton(x: number, y: number): number {
  const low = spread12(x) | (spread12(y) << 1);
  const high = spread12(x >>> 12) | (spread12(y >>> 12) << 1);
  return high * 2 ** 24 + (low >>> 0);
}

/** First index of `codes` (sorted ascending) whose value is ≥ `value`, within [lo, hi). */
function lowerBound(codes: Float64Array, value: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (codes[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a cluster is summed into while its cell is visited. */
class Accumulator {
  count = 0;
  sumLatitude = 0;
  sumLongitude = 0;
  south = Infinity;
  north = -Infinity;
  west = Infinity;
  east = -Infinity;
  checklistMin = Infinity;
  checklistMax = -Infinity;
  /** Index of the last site added (the only one when count is 1). */
  site = -1;
}

/**
 * Map clusters from per-site aggregates held in memory, without reading the observations again
 * (p95 ≤ 25 ms at a million observations). The sites are sorted in Z-order on a 2^24 grid,
 * so every grid cell at every zoom is one contiguous run of them; segment trees over that order give
 * any run's count, coordinate sums, bounds and checklist range in O(log sites). A viewport then
 * costs its visible cells plus, for cells cut by the viewport's edge, a descent into finer cells down
 * to a few sites tested one by one — O(cells + edge length), whatever the number of observations.
 *
 * Same answer as the clustering defined in SQL observation by observation (`sqlClusters` in apps/server/test/explore.test.ts): cells of ≈ 64 px on a Web
 * Mercator grid of 2^(zoom + 2) cells per world width, each cluster at the mean position of its
 * observations with their bounding box, observation_id when it holds one observation, checklist_id
 * when they all belong to one checklist; only sites inside the viewport (edges included) count.
 */
export class ClusterIndex {
  readonly sites: number;
  /** Bytes held (for a size-bounded cache). */
  readonly bytes: number;
  private readonly codes: Float64Array;
  private readonly latitude: Float64Array;
  private readonly longitude: Float64Array;
  private readonly observation: Float64Array;
  // Segment trees (leaves at [n, 2n), node i = combination of 2i and 2i + 1).
  private readonly count: Float64Array;
  private readonly sumLatitude: Float64Array;
  private readonly sumLongitude: Float64Array;
  private readonly minLatitude: Float64Array;
  private readonly maxLatitude: Float64Array;
  private readonly minLongitude: Float64Array;
  private readonly maxLongitude: Float64Array;
  private readonly minChecklist: Float64Array;
  private readonly maxChecklist: Float64Array;
  /** Cluster (and its JSON) of a whole cell by level and position: a pan recomputes only the cells cut by the viewport's edges. */
  private readonly wholeCells = new Map<number, { cluster: Cluster; json: string }>();

  constructor(rows: readonly SiteAggregate[]) {
    const n = rows.length;
    this.sites = n;
    const unsortedCodes = new Float64Array(n);
    for (let i = 0; i < n; i++) unsortedCodes[i] = morton(gridX(rows[i]!.longitude), gridY(rows[i]!.latitude));
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => unsortedCodes[a]! - unsortedCodes[b]!);

    this.codes = new Float64Array(n);
    this.latitude = new Float64Array(n);
    this.longitude = new Float64Array(n);
    this.observation = new Float64Array(n);
    const tree = () => new Float64Array(2 * Math.max(n, 1));
    this.count = tree();
    this.sumLatitude = tree();
    this.sumLongitude = tree();
    this.minLatitude = tree();
    this.maxLatitude = tree();
    this.minLongitude = tree();
    this.maxLongitude = tree();
    this.minChecklist = tree();
    this.maxChecklist = tree();
    for (let i = 0; i < n; i++) {
      const r = rows[order[i]!]!;
      this.codes[i] = unsortedCodes[order[i]!]!;
      this.latitude[i] = r.latitude;
      this.longitude[i] = r.longitude;
      this.observation[i] = r.observation_id;
      const leaf = n + i;
      this.count[leaf] = r.count;
      this.sumLatitude[leaf] = r.latitude * r.count;
      this.sumLongitude[leaf] = r.longitude * r.count;
      this.minLatitude[leaf] = this.maxLatitude[leaf] = r.latitude;
      this.minLongitude[leaf] = this.maxLongitude[leaf] = r.longitude;
      this.minChecklist[leaf] = r.checklist_min;
      this.maxChecklist[leaf] = r.checklist_max;
    }
    for (let i = n - 1; i >= 1; i--) {
      const l = 2 * i;
      const r = l + 1;
      this.count[i] = this.count[l]! + this.count[r]!;
      this.sumLatitude[i] = this.sumLatitude[l]! + this.sumLatitude[r]!;
      this.sumLongitude[i] = this.sumLongitude[l]! + this.sumLongitude[r]!;
      this.minLatitude[i] = Math.min(this.minLatitude[l]!, this.minLatitude[r]!);
      this.maxLatitude[i] = Math.max(this.maxLatitude[l]!, this.maxLatitude[r]!);
      this.minLongitude[i] = Math.min(this.minLongitude[l]!, this.minLongitude[r]!);
      this.maxLongitude[i] = Math.max(this.maxLongitude[l]!, this.maxLongitude[r]!);
      this.minChecklist[i] = Math.min(this.minChecklist[l]!, this.minChecklist[r]!);
      this.maxChecklist[i] = Math.max(this.maxChecklist[l]!, this.maxChecklist[r]!);
    }
    this.bytes = n * 8 * 4 + 2 * Math.max(n, 1) * 8 * 9;
  }

  /**
   * The clusters of the sites inside the viewport at its zoom, most observations first.
   * @param v zoom 0–20; west/south/east/north in WGS84 degrees, west > east crossing the antimeridian
   */
  clusters(v: Viewport): ClusterResponse {
    const q = this.run(v);
    return { clusters: q.clusters, total: q.total };
  }

  /**
   * The same answer as `clusters`, as the JSON text of a ClusterResponse: clusters of whole cells
   * are serialised once and kept, so a pan serialises only the cells cut by the viewport's edges.
   * @param arrange applied to the clusters before they are written (e.g. mergeOverlapping); the clusters
   *   it returns unchanged keep their kept JSON
   */
  clustersJson(v: Viewport, arrange: (clusters: Cluster[]) => Cluster[] = (c) => c): string {
    const q = this.run(v);
    const parts = arrange(q.clusters).map((c) => this.jsonOf.get(c) ?? clusterJson(c));
    return `{"clusters":[${parts.join(',')}],"total":${q.total}}`;
  }

  /** JSON of the kept whole-cell clusters, looked up by cluster object. */
  private readonly jsonOf = new WeakMap<Cluster, string>();

  private run(v: Viewport): Query {
    const q: Query = {
      v,
      level: v.zoom + CELL_ZOOM_OFFSET,
      uWest: (v.west + 180) / 360,
      uEast: (v.east + 180) / 360,
      across: v.west > v.east,
      yNorth: mercatorY(v.north),
      ySouth: mercatorY(v.south),
      clusters: [],
      total: 0,
    };
    this.descend(q, 0, this.sites, 0, 0, 0);
    q.clusters.sort((x, y) => y.count - x.count);
    return q;
  }

  /**
   * Cell (cx, cy) of a grid of `cells` per side against the viewport, in grid coordinates (no
   * trigonometry per cell): 1 inside, -1 outside, 0 cut by an edge. A cell within EDGE_MARGIN of an
   * edge counts as cut, so that its sites are tested one by one.
   */
  private classify(q: Query, cx: number, cy: number, cells: number): number {
    const y0 = cy / cells;
    const y1 = (cy + 1) / cells;
    // Rows at the Mercator limit also hold the sites clamped into them: never taken whole or dropped.
    if (cy === 0 || cy === cells - 1) return this.lngState(q, cx, cells) === -1 ? -1 : 0;
    if (y0 > q.ySouth + EDGE_MARGIN || y1 < q.yNorth - EDGE_MARGIN) return -1;
    const lng = this.lngState(q, cx, cells);
    if (lng === -1) return -1;
    return lng === 1 && y0 >= q.yNorth + EDGE_MARGIN && y1 <= q.ySouth - EDGE_MARGIN ? 1 : 0;
  }

  private lngState(q: Query, cx: number, cells: number): number {
    const u0 = cx / cells;
    const u1 = (cx + 1) / cells;
    if (!q.across) {
      if (u0 >= q.uWest + EDGE_MARGIN && u1 <= q.uEast - EDGE_MARGIN) return 1;
      if (u0 > q.uEast + EDGE_MARGIN || u1 < q.uWest - EDGE_MARGIN) return -1;
      return 0;
    }
    if (u0 >= q.uWest + EDGE_MARGIN || u1 <= q.uEast - EDGE_MARGIN) return 1;
    if (u0 > q.uEast + EDGE_MARGIN && u1 < q.uWest - EDGE_MARGIN) return -1;
    return 0;
  }

  /** Walks the quadtree from the whole world down to the clustering level, skipping empty and hidden cells. */
  private descend(q: Query, a: number, b: number, cx: number, cy: number, lvl: number) {
    if (a === b) return;
    if (lvl === q.level) {
      const cells = 2 ** lvl;
      if (this.classify(q, cx, cy, cells) === 1) {
        const key = (lvl * cells + cy) * cells + cx;
        let kept = this.wholeCells.get(key);
        if (!kept) {
          const whole = new Accumulator();
          this.addRun(whole, a, b);
          const cluster = this.toCluster(whole);
          kept = { cluster, json: clusterJson(cluster) };
          if (this.wholeCells.size >= MAX_KEPT_CELLS) this.wholeCells.clear();
          this.wholeCells.set(key, kept);
          this.jsonOf.set(cluster, kept.json);
        }
        q.total += kept.cluster.count;
        q.clusters.push(kept.cluster);
        return;
      }
      const acc = new Accumulator();
      this.collect(q, acc, a, b, cx, cy, lvl);
      if (acc.count > 0) {
        q.total += acc.count;
        q.clusters.push(this.toCluster(acc));
      }
      return;
    }
    if (this.classify(q, cx, cy, 2 ** lvl) === -1) return;
    const span = 4 ** (GRID_BITS - lvl - 1);
    const start = this.cellStart(cx, cy, lvl);
    let from = a;
    for (let k = 0; k < 4; k++) {
      const to = k === 3 ? b : lowerBound(this.codes, start + (k + 1) * span, from, b);
      this.descend(q, from, to, 2 * cx + (k & 1), 2 * cy + (k >> 1), lvl + 1);
      from = to;
    }
  }

  /** Adds the sites of cell (cx, cy) at `lvl` (run [a, b)) that lie inside the viewport. */
  private collect(q: Query, acc: Accumulator, a: number, b: number, cx: number, cy: number, lvl: number) {
    if (a === b) return;
    const state = this.classify(q, cx, cy, 2 ** lvl);
    if (state === -1) return;
    if (state === 1) {
      this.addRun(acc, a, b);
      return;
    }
    if (b - a <= SCAN_SITES || lvl === GRID_BITS) {
      this.scan(acc, a, b, q.v);
      return;
    }
    // The four children in Z-order: (x0, y0), (x1, y0), (x0, y1), (x1, y1).
    const span = 4 ** (GRID_BITS - lvl - 1);
    const start = this.cellStart(cx, cy, lvl);
    let from = a;
    for (let k = 0; k < 4; k++) {
      const to = k === 3 ? b : lowerBound(this.codes, start + (k + 1) * span, from, b);
      this.collect(q, acc, from, to, 2 * cx + (k & 1), 2 * cy + (k >> 1), lvl + 1);
      from = to;
    }
  }

  /** Adds sites [a, b) (a whole run) to the accumulator from the segment trees. */
  private addRun(acc: Accumulator, a: number, b: number) {
    const n = this.sites;
    let l = a + n;
    let r = b + n;
    while (l < r) {
      if (l & 1) this.addNode(acc, l++);
      if (r & 1) this.addNode(acc, --r);
      l >>= 1;
      r >>= 1;
    }
    acc.site = a;
  }

  /** Adds the sites of [a, b) that lie inside the viewport (edges included), one by one. */
  private scan(acc: Accumulator, a: number, b: number, v: Viewport) {
    const { south, north, west, east } = v;
    const across = west > east;
    const n = this.sites;
    for (let i = a; i < b; i++) {
      const lat = this.latitude[i]!;
      if (lat < south || lat > north) continue;
      const lng = this.longitude[i]!;
      if (across ? lng < west && lng > east : lng < west || lng > east) continue;
      const leaf = n + i;
      const count = this.count[leaf]!;
      acc.count += count;
      acc.sumLatitude += this.sumLatitude[leaf]!;
      acc.sumLongitude += this.sumLongitude[leaf]!;
      if (lat < acc.south) acc.south = lat;
      if (lat > acc.north) acc.north = lat;
      if (lng < acc.west) acc.west = lng;
      if (lng > acc.east) acc.east = lng;
      if (this.minChecklist[leaf]! < acc.checklistMin) acc.checklistMin = this.minChecklist[leaf]!;
      if (this.maxChecklist[leaf]! > acc.checklistMax) acc.checklistMax = this.maxChecklist[leaf]!;
      acc.site = i;
    }
  }

  /** First Z-order code of cell (cx, cy) at `lvl`. */
  private cellStart(cx: number, cy: number, lvl: number): number {
    const shift = GRID_BITS - lvl;
    return morton(cx * 2 ** shift, cy * 2 ** shift);
  }

  private addNode(acc: Accumulator, i: number) {
    acc.count += this.count[i]!;
    acc.sumLatitude += this.sumLatitude[i]!;
    acc.sumLongitude += this.sumLongitude[i]!;
    if (this.minLatitude[i]! < acc.south) acc.south = this.minLatitude[i]!;
    if (this.maxLatitude[i]! > acc.north) acc.north = this.maxLatitude[i]!;
    if (this.minLongitude[i]! < acc.west) acc.west = this.minLongitude[i]!;
    if (this.maxLongitude[i]! > acc.east) acc.east = this.maxLongitude[i]!;
    if (this.minChecklist[i]! < acc.checklistMin) acc.checklistMin = this.minChecklist[i]!;
    if (this.maxChecklist[i]! > acc.checklistMax) acc.checklistMax = this.maxChecklist[i]!;
  }

  private toCluster(acc: Accumulator): Cluster {
    // One site: its own coordinates (no rounding from count × position / count).
    const single = acc.south === acc.north && acc.west === acc.east;
    return {
      latitude: single ? acc.south : acc.sumLatitude / acc.count,
      longitude: single ? acc.west : acc.sumLongitude / acc.count,
      count: acc.count,
      observation_id: acc.count === 1 ? this.observation[acc.site]! : null,
      checklist_id: acc.checklistMin === acc.checklistMax ? acc.checklistMin : null,
      bounds: { west: acc.west, south: acc.south, east: acc.east, north: acc.north },
    };
  }
}
