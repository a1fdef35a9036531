import { clusterDiameter, type Cluster } from '@mm/shared';

/** Web Mercator tile size, px: the world is 256 · 2^zoom px wide. */
const TILE_PX = 256;
/** Web Mercator's latitude limit, WGS84 degrees. */
const MAX_LATITUDE = 85.05112878;
/** Merging passes at most: a merged bubble is bigger and may then touch another. */
const MAX_PASSES = 4;

/** A longitude brought into [-180, 180), WGS84 degrees (untouched when already there: no rounding). */
const wrap = (lng: number) => (lng >= -180 && lng < 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);
/** Degrees to add to `lng` (whole turns) to bring it within 180° of `ref`. */
const turnsTo = (lng: number, ref: number) => -360 * Math.round((lng - ref) / 360);

/** One cluster of several: counts added, position weighted by count, bounds joined (across the antimeridian too). */
function combine(members: Cluster[]): Cluster {
  const lead = members[0]!;
  let count = 0;
  let sumLat = 0;
  let sumLng = 0;
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const c of members) {
    count += c.count;
    sumLat += c.latitude * c.count;
    sumLng += (c.longitude + turnsTo(c.longitude, lead.longitude)) * c.count;
    south = Math.min(south, c.bounds.south);
    north = Math.max(north, c.bounds.north);
    // A box crossing the antimeridian (west > east) is unwrapped eastwards, then the whole box is moved next to the lead.
    const e = c.bounds.east < c.bounds.west ? c.bounds.east + 360 : c.bounds.east;
    const shift = turnsTo((c.bounds.west + e) / 2, lead.longitude);
    west = Math.min(west, c.bounds.west + shift);
    east = Math.max(east, e + shift);
  }
  const whole = east - west >= 360;
  const checklist = lead.checklist_id;
  return {
    latitude: sumLat / count,
    longitude: wrap(sumLng / count),
    count,
    observation_id: null,
    checklist_id: checklist !== null && members.every((c) => c.checklist_id === checklist) ? checklist : null,
    bounds: {
      west: whole ? -180 : wrap(west),
      south,
      east: whole ? 180 : east > -180 && east <= 180 ? east : wrap(east),
      north,
    },
  };
}

const NONE: readonly number[] = [];

/**
 * One pass: each cluster, most observations first, takes in the later ones its bubble overlaps. The
 * clusters are bucketed on a grid of the largest bubble's diameter, so each looks at its 3 × 3
 * neighbouring buckets only. Answers the same array when nothing merged.
 */
function mergePass(clusters: Cluster[], world: number): Cluster[] {
  const n = clusters.length;
  if (n < 2) return clusters;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const diameter = new Float64Array(n);
  let widest = 1;
  for (let i = 0; i < n; i++) {
    const c = clusters[i]!;
    const s = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, c.latitude)) * Math.PI) / 180);
    x[i] = ((c.longitude + 180) / 360) * world;
    y[i] = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
    diameter[i] = clusterDiameter(c.count);
    widest = Math.max(widest, diameter[i]!);
  }
  // Two bubbles touch only within the widest diameter: neighbouring buckets hold every candidate.
  const columns = Math.max(1, Math.floor(world / widest));
  const gxOf = new Int32Array(n);
  const gyOf = new Int32Array(n);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    gxOf[i] = Math.min(columns - 1, Math.floor(x[i]! / widest));
    gyOf[i] = Math.floor(y[i]! / widest);
    minX = Math.min(minX, gxOf[i]!);
    maxX = Math.max(maxX, gxOf[i]!);
    minY = Math.min(minY, gyOf[i]!);
    maxY = Math.max(maxY, gyOf[i]!);
  }
  // Keys counted from the set's corner stay small integers (fast map keys) for any real viewport.
  const height = maxY - minY + 3;
  const small = (maxX - minX + 3) * height < 2 ** 30;
  const bucketOf = small
    ? (gx: number, gy: number) => (gx - minX + 1) * height + (gy - minY + 1)
    : (gx: number, gy: number) => gx * 2 ** 26 + gy;
  const buckets = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const key = bucketOf(gxOf[i]!, gyOf[i]!);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(i);
    else buckets.set(key, [i]);
  }
  const taken = new Uint8Array(n);
  const out: Cluster[] = [];
  let merged = false;
  // Most observations first (the input's order): a cluster takes in only those after it.
  for (let i = 0; i < n; i++) {
    if (taken[i]) continue;
    const gx = gxOf[i]!;
    const gy = gyOf[i]!;
    let members: Cluster[] | null = null;
    for (let ox = -1; ox <= 1; ox++) {
      // Columns wrap around the antimeridian.
      const cx = (gx + ox + columns) % columns;
      for (let oy = -1; oy <= 1; oy++) {
        for (const j of buckets.get(bucketOf(cx, gy + oy)) ?? NONE) {
          if (j <= i || taken[j]) continue;
          const dxRaw = Math.abs(x[i]! - x[j]!);
          const dx = Math.min(dxRaw, world - dxRaw);
          const dy = y[i]! - y[j]!;
          const reach = (diameter[i]! + diameter[j]!) / 2;
          if (dx * dx + dy * dy < reach * reach) {
            members ??= [clusters[i]!];
            members.push(clusters[j]!);
            taken[j] = 1;
          }
        }
      }
    }
    if (members) merged = true;
    out.push(members ? combine(members) : clusters[i]!);
  }
  return merged ? out.sort((a, b) => b.count - a.count) : clusters;
}

/**
 * The map's clusters with those whose bubbles would overlap on screen merged (clusters
 * "split as you zoom"): grid cells of 64 px can put two clusters' centres a few pixels apart, one
 * bubble then hiding the other's count. Bubbles are `clusterDiameter(count)` px wide, the size the web
 * draws; two overlap when their centres are closer than the mean of their diameters at this zoom.
 * Clusters left alone are the same objects; a merged one has no observation_id, the members'
 * checklist_id when they all share it, and the joined bounds (to zoom into on click).
 * @param clusters best most observations first (as ClusterIndex and the SQL clustering answer them; sorted otherwise)
 * @param zoom the map zoom they were made for (0–20)
 * @returns most observations first
 */
export function mergeOverlapping(clusters: Cluster[], zoom: number): Cluster[] {
  const world = TILE_PX * 2 ** zoom;
  let current = clusters.every((c, i) => i === 0 || clusters[i - 1]!.count >= c.count)
    ? clusters
    : [...clusters].sort((a, b) => b.count - a.count);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = mergePass(current, world);
    if (next === current) break;
    current = next;
  }
  return current;
}
