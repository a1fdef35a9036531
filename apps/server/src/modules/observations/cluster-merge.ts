import { clusterDiameter, type Cluster } from '@mm/shared';

/** Web Mercator tile size, px: the world is 256 · 2^zoom px wide. */
const TILE_PX = 256;
/** Web Mercator's latitude limit, WGS84 degrees. */
const MAX_LATITUDE = 85.05112878;
/** Merging passes at most: a merged bubble is bigger and may then touch another. */
const MAX_PASSES = 4;

/** A longitude brought into [-180, 180), WGS84 degrees (untouched when already there: no rounding). */
const wrap = (lng: number) => (lng >= -180 && lng < 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);
/** `lng` moved by whole turns to within 180° of `ref`. */
const near = (lng: number, ref: number) => lng - 360 * Math.round((lng - ref) / 360);

/** Web Mercator pixel position of a point at a world width of `world` px. */
function pixel(c: Cluster, world: number): [number, number] {
  const s = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, c.latitude)) * Math.PI) / 180);
  return [((c.longitude + 180) / 360) * world, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world];
}

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
    sumLng += near(c.longitude, lead.longitude) * c.count;
    south = Math.min(south, c.bounds.south);
    north = Math.max(north, c.bounds.north);
    // A box crossing the antimeridian (west > east) is unwrapped eastwards, then the whole box is moved next to the lead.
    const e = c.bounds.east < c.bounds.west ? c.bounds.east + 360 : c.bounds.east;
    const shift = -360 * Math.round(((c.bounds.west + e) / 2 - lead.longitude) / 360);
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
    bounds: { west: whole ? -180 : wrap(west), south, east: whole ? 180 : east > -180 && east <= 180 ? east : wrap(east), north },
  };
}

/** One pass: each cluster, most observations first, takes in the later ones its bubble overlaps. Same array when nothing merged. */
function mergePass(clusters: Cluster[], world: number): Cluster[] {
  const sorted = [...clusters].sort((a, b) => b.count - a.count);
  const at = sorted.map((c) => pixel(c, world));
  const diameter = sorted.map((c) => clusterDiameter(c.count));
  const taken = new Uint8Array(sorted.length);
  const out: Cluster[] = [];
  let merged = false;
  for (let i = 0; i < sorted.length; i++) {
    if (taken[i]) continue;
    const [xi, yi] = at[i]!;
    let members: Cluster[] | null = null;
    for (let j = i + 1; j < sorted.length; j++) {
      if (taken[j]) continue;
      const [xj, yj] = at[j]!;
      const dxRaw = Math.abs(xi - xj);
      const dx = Math.min(dxRaw, world - dxRaw);
      const reach = (diameter[i]! + diameter[j]!) / 2;
      if (dx * dx + (yi - yj) ** 2 < reach * reach) {
        members ??= [sorted[i]!];
        members.push(sorted[j]!);
        taken[j] = 1;
      }
    }
    if (members) merged = true;
    out.push(members ? combine(members) : sorted[i]!);
  }
  return merged ? out.sort((a, b) => b.count - a.count) : clusters;
}

/**
 * The map's clusters with those whose bubbles would overlap on screen merged (issue 4: clusters
 * "split as you zoom"): grid cells of 64 px can put two clusters' centres a few pixels apart, one
 * bubble then hiding the other's count. Bubbles are `clusterDiameter(count)` px wide, the size the web
 * draws; two overlap when their centres are closer than the mean of their diameters at this zoom.
 * Clusters left alone are the same objects; a merged one has no observation_id, the members'
 * checklist_id when they all share it, and the joined bounds (to zoom into on click).
 * @param clusters most observations first (as ClusterIndex and the SQL clustering answer them)
 * @param zoom the map zoom they were made for (0–20)
 * @returns most observations first
 */
export function mergeOverlapping(clusters: Cluster[], zoom: number): Cluster[] {
  const world = TILE_PX * 2 ** zoom;
  let current = clusters;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = mergePass(current, world);
    if (next === current) break;
    current = next;
  }
  return current;
}
