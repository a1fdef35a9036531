import pointToPolygonDistance from '@turf/point-to-polygon-distance';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import whichPolygon from 'which-polygon';

/**
 * Distance (km) across a border between two regions within which a point still counts as in the
 * region it was filed under: a sighting from a bridge, a shore path or a boat in a border river.
 * The server's boundaries (`borders.json`) hold land borders to a few tens of metres, so 500 m
 * never takes in a street of the town across the river (docs/adr/0025-borders-to-the-street.md).
 */
export const BORDER_TOLERANCE_KM = 0.5;

/**
 * Distance (km) off every outline (at sea, on a lake shore, on a small island the outlines leave
 * out) within which a point is placed in the nearest region: a sighting from a pier, a beach or a
 * boat lies just off a coastline simplified by up to a kilometre.
 */
export const COAST_TOLERANCE_KM = 3;

/**
 * How far (km) a precise outline (the `refine` layer) may move the border drawn by the admin-1
 * layer: Natural Earth draws the Ottawa River up to about 2 km from its place.
 */
const REFINE_KM = 5;

/**
 * How far (km) from the admin-1 outlines a point the `countries` layer places in a country may lie
 * and still be given that country's nearest region (a border river or lake the admin-1 outlines
 * leave out, a shore where the two sources differ).
 */
const COUNTRY_GAP_KM = 25;

/** ISO 3166-2 code of a province, territory or state: `CA-ON`, `US-TX`, `MX-CHH`. */
export type RegionCode = string;

/**
 * A boundaries file (TopoJSON, ids ISO 3166-2 or ISO 3166-1 alpha-2): object `admin1`, one
 * geometry per region, always; the server's `borders.json` adds `countries` (CA, US, MX, precise
 * land borders) and `refine` (precise outlines of single regions, here CA-QC). The device's
 * `admin1.json` has `admin1` alone (`npm run geo:admin1`, `npm run geo:borders`; packages/shared/geo/README.md).
 */
export type Admin1Topology = Topology<{
  admin1: GeometryCollection;
  countries?: GeometryCollection;
  refine?: GeometryCollection;
}>;

/** How a point relates to the region it was filed under. */
export type PlaceVerdict = { kind: 'inside' } | { kind: 'elsewhere'; code: RegionCode } | { kind: 'outside' };

type Region = { code: RegionCode };
type Area = FeatureCollection<Polygon | MultiPolygon, Region>['features'][number];

/** The features of one object of the file, with `properties.code` their id. */
function layer(topology: Admin1Topology, object: GeometryCollection | undefined): Area[] {
  if (!object) return [];
  const all = feature(topology, object) as FeatureCollection<Polygon | MultiPolygon>;
  return all.features.map((f) => ({ ...f, properties: { code: String(f.id) } }));
}

const countryOf = (code: RegionCode) => code.slice(0, 2);

/** [minLng, minLat, maxLng, maxLat] of a polygon or multipolygon. */
function bboxOf(area: Area): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
  for (const polygon of polygons)
    for (const [lng, lat] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], lng as number);
      box[1] = Math.min(box[1], lat as number);
      box[2] = Math.max(box[2], lng as number);
      box[3] = Math.max(box[3], lat as number);
    }
  return box;
}

type Ring = number[][];

/**
 * The part of a closed ring on one side of the line `coordinate[axis] = at` (Sutherland–Hodgman
 * against one half-plane): `below` keeps the side under `at`. Cut edges run along the line; points
 * strictly inside keep their even-odd answer.
 */
function clipRing(ring: Ring, axis: 0 | 1, at: number, below: boolean): Ring {
  const inside = (p: number[]) => (below ? (p[axis] as number) <= at : (p[axis] as number) >= at);
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    if (inside(a)) out.push(a);
    if (inside(a) !== inside(b)) {
      const t = (at - (a[axis] as number)) / ((b[axis] as number) - (a[axis] as number));
      const other = 1 - axis;
      const p = [0, 0];
      p[axis] = at;
      p[other] = (a[other] as number) + t * ((b[other] as number) - (a[other] as number));
      out.push(p);
    }
  }
  if (out.length > 0) out.push(out[0] as number[]);
  return out.length >= 4 ? out : [];
}

/** Pieces of at most this many vertices make a point-in-polygon test a few microseconds. */
const TILE_VERTICES = 256;

/**
 * Cuts a polygon in halves along its longer side until each piece has at most `TILE_VERTICES`
 * vertices (or spans under 0.01°), so that a lookup tests one small piece instead of a country's
 * hundreds of thousands of vertices; O(n log n) once at start-up.
 */
function tile(polygon: Ring[], out: Ring[][]): void {
  let n = 0;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of polygon) n += ring.length;
  for (const [lng, lat] of polygon[0] ?? []) {
    box[0] = Math.min(box[0] as number, lng as number);
    box[1] = Math.min(box[1] as number, lat as number);
    box[2] = Math.max(box[2] as number, lng as number);
    box[3] = Math.max(box[3] as number, lat as number);
  }
  const [w, h] = [(box[2] as number) - (box[0] as number), (box[3] as number) - (box[1] as number)];
  if (n <= TILE_VERTICES || Math.max(w, h) < 0.01) {
    out.push(polygon);
    return;
  }
  const axis = w >= h ? 0 : 1;
  const at = ((box[axis] as number) + (box[axis + 2] as number)) / 2;
  for (const below of [true, false]) {
    const outer = clipRing(polygon[0] as Ring, axis, at, below);
    if (outer.length === 0) continue;
    const holes = polygon
      .slice(1)
      .map((r) => clipRing(r, axis, at, below))
      .filter((r) => r.length > 0);
    tile([outer, ...holes], out);
  }
}

type Piece = Region & { piece: Feature<Polygon, Region> };

/** A point-in-polygon index over the tiles of a layer's features (which-polygon: R-tree of tile boxes). */
function tiledIndex(areas: Area[]) {
  const tiles: Feature<Polygon, Piece>[] = [];
  for (const area of areas) {
    const polygons = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
    for (const polygon of polygons) {
      const pieces: Ring[][] = [];
      tile(polygon, pieces);
      for (const coordinates of pieces) {
        const piece: Feature<Polygon, Region> = {
          type: 'Feature',
          properties: area.properties,
          geometry: { type: 'Polygon', coordinates },
        };
        tiles.push({ ...piece, properties: { code: area.properties.code, piece } });
      }
    }
  }
  return whichPolygon<Piece>({ type: 'FeatureCollection', features: tiles });
}
type TiledIndex = ReturnType<typeof tiledIndex>;

/**
 * Distance (km) from a point to a polygon piece, 0 inside (even-odd rule). The piece is projected
 * on the plane tangent at the point (equirectangular, WGS84 radii of curvature), which is within
 * 0.5 % of the geodesic distance over the few tens of kilometres this is asked for, and about a
 * hundred times faster than a geodesic distance per segment.
 */
function pieceKm(rings: Ring[], lat: number, lng: number): number {
  const { inside, edge } = measure(rings, lat, lng);
  return inside ? 0 : edge;
}

/** Whether a point lies in a polygon (even-odd) and its distance (km) to the nearest edge; see pieceKm. */
function measure(rings: Ring[], lat: number, lng: number): { inside: boolean; edge: number } {
  const rad = Math.PI / 180;
  const s = Math.sin(lat * rad);
  const w = Math.sqrt(1 - 0.00669438 * s * s);
  const ky = (6378.137 * rad * (1 - 0.00669438)) / (w * w * w); // km per degree of latitude
  const kx = ((6378.137 * rad) / w) * Math.cos(lat * rad); // km per degree of longitude
  let inside = false;
  let best = Number.POSITIVE_INFINITY;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as number[];
      const b = ring[j] as number[];
      const ax = ((a[0] as number) - lng) * kx;
      const ay = ((a[1] as number) - lat) * ky;
      const bx = ((b[0] as number) - lng) * kx;
      const by = ((b[1] as number) - lat) * ky;
      if (ay > 0 !== by > 0 && 0 < ((bx - ax) * (0 - ay)) / (by - ay) + ax) inside = !inside;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  }
  return { inside, edge: best };
}

/**
 * Geodesic distance (km) from a point to each accepted region of an index within `maxKm`, 0 for
 * the one holding it. Only the tiles near the point are measured: outside a region, its distance
 * is the least distance to its tiles, and a tile holding the nearest point lies within `maxKm`.
 */
function nearby(
  index: TiledIndex,
  lat: number,
  lng: number,
  maxKm: number,
  accept: (code: RegionCode) => boolean,
): Map<RegionCode, number> {
  const dLat = maxKm / 111;
  const dLng = maxKm / (111 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const out = new Map<RegionCode, number>();
  for (const { code, piece } of index.bbox([lng - dLng, lat - dLat, lng + dLng, lat + dLat] as never)) {
    if (!accept(code)) continue;
    const d = pieceKm(piece.geometry.coordinates, lat, lng);
    if (d <= maxKm && d < (out.get(code) ?? Number.POSITIVE_INFINITY)) out.set(code, d);
  }
  return out;
}

/**
 * Point-in-region lookups over the province and state boundaries (docs/adr/0024), the same on the
 * server (submission checks, suggestions, imports; `borders.json`) and on the phone (suggestions
 * without a network; `admin1.json`). Points are WGS84 degrees; distances geodesic kilometres.
 *
 * With the server's layers, a point is placed in three steps: the `countries` layer names its
 * country (land borders to a few tens of metres); the `admin1` regions of that country containing
 * it, else the nearest one, name its region; a `refine` outline moves that answer across the border
 * it draws more precisely (Ontario and Québec), by at most `REFINE_KM`. A point in no country (at
 * sea, on an island the countries layer leaves out) is placed by the `admin1` layer alone.
 * Building the index (R-trees of ring bounding boxes) takes a few hundred milliseconds.
 */
export function createRegionLocator(topology: Admin1Topology) {
  const features = layer(topology, topology.objects.admin1);
  const areas = new Map<RegionCode, Area>(features.map((f) => [f.properties.code, f]));
  const query = tiledIndex(features);
  const countryAreas = layer(topology, topology.objects.countries);
  const countryQuery = countryAreas.length > 0 ? tiledIndex(countryAreas) : undefined;
  const refinements = layer(topology, topology.objects.refine).map((area) => ({
    area,
    code: area.properties.code,
    box: bboxOf(area),
    query: tiledIndex([area]),
  }));

  const km = (area: Area, lat: number, lng: number) =>
    pointToPolygonDistance([lng, lat], area, { units: 'kilometers' });

  /** Geodesic distance (km) from a point to a region's polygon: 0 inside, `Infinity` for an unknown code. */
  function distanceToRegionKm(code: RegionCode, lat: number, lng: number): number {
    const area = areas.get(code);
    if (!area) return Number.POSITIVE_INFINITY;
    return Math.max(0, km(area, lat, lng));
  }

  /** Of several regions containing a point, the one it lies deepest in (sources overlap at shores). */
  function deepest(codes: RegionCode[], lat: number, lng: number): RegionCode | undefined {
    if (codes.length <= 1) return codes[0];
    let best: RegionCode | undefined;
    let depth = Number.NEGATIVE_INFINITY;
    for (const code of codes) {
      const area = areas.get(code);
      const d = area ? -km(area, lat, lng) : Number.NEGATIVE_INFINITY;
      if (d > depth) [best, depth] = [code, d];
    }
    return best;
  }

  /**
   * The region nearest to a point lying in none, when one is within `maxKm`, with its distance;
   * `accept` narrows the regions measured. Only the tiles within `maxKm` are measured.
   */
  function nearestRegion(
    lat: number,
    lng: number,
    maxKm: number,
    accept: (code: RegionCode) => boolean = () => true,
  ): { code: RegionCode; km: number } | undefined {
    let best: { code: RegionCode; km: number } | undefined;
    for (const [code, d] of nearby(query, lat, lng, maxKm, accept)) if (!best || d < best.km) best = { code, km: d };
    return best;
  }

  /** Whether a region lies within `maxKm` of a point (0 inside), measured on its nearby tiles. */
  const within = (code: RegionCode, lat: number, lng: number, maxKm: number) =>
    nearby(query, lat, lng, maxKm, (c) => c === code).has(code);

  /** The country (ISO 3166-1 alpha-2) whose precise land outline holds a point; undefined without that layer. */
  const countryAt = (lat: number, lng: number): string | undefined => countryQuery?.([lng, lat])?.code;

  /** The refinement whose bounding box holds a point and which concerns a region of its country. */
  const refinementAt = (code: RegionCode, lat: number, lng: number) =>
    refinements.find(
      (r) =>
        countryOf(r.code) === countryOf(code) &&
        lng >= r.box[0] &&
        lng <= r.box[2] &&
        lat >= r.box[1] &&
        lat <= r.box[3],
    );

  /** Moves an admin-1 answer across a border a `refine` outline draws more precisely (see above). */
  function refined(code: RegionCode, lat: number, lng: number): RegionCode {
    const r = refinementAt(code, lat, lng);
    if (!r) return code;
    const inside = r.query([lng, lat]) !== null;
    if (inside && code !== r.code) return within(r.code, lat, lng, REFINE_KM) ? r.code : code;
    if (!inside && code === r.code)
      return nearestRegion(lat, lng, REFINE_KM, (c) => c !== r.code && countryOf(c) === countryOf(code))?.code ?? code;
    return code;
  }

  /**
   * The region holding a point, or undefined (at sea beyond the outlines, another country). See
   * the steps above; where two admin-1 outlines overlap, the region the point lies deeper in wins.
   */
  function regionAt(lat: number, lng: number): RegionCode | undefined {
    const hits = [...new Set((query([lng, lat], true) ?? []).map((h) => h.code))];
    const country = countryAt(lat, lng);
    if (!country) return deepest(hits, lat, lng);
    const ours = hits.filter((c) => countryOf(c) === country);
    const code =
      deepest(ours, lat, lng) ?? nearestRegion(lat, lng, COUNTRY_GAP_KM, (c) => countryOf(c) === country)?.code;
    return code === undefined ? undefined : refined(code, lat, lng);
  }

  /**
   * How far (km) a point lying in region `at` is from region `code`, measured on the most precise
   * outline drawing the border between them: the country layer across a national border (with
   * `code` the nearest region of its country), a `refine` outline where one draws it, else admin-1.
   */
  function acrossKm(code: RegionCode, at: RegionCode, lat: number, lng: number, maxKm: number): number {
    const far = Number.POSITIVE_INFINITY;
    if (countryQuery && countryOf(code) !== countryOf(at)) {
      const d = nearby(countryQuery, lat, lng, maxKm, (c) => c === countryOf(code)).get(countryOf(code)) ?? far;
      if (d === far) return far;
      const nearest = nearestRegion(lat, lng, d + COUNTRY_GAP_KM, (c) => countryOf(c) === countryOf(code));
      return nearest?.code === code ? d : far;
    }
    const r = refinementAt(code, lat, lng);
    if (r?.code === at) {
      // The outline's edge may face another region (Québec's faces New Brunswick and the US too):
      // only a region the admin-1 layer puts near the point is across it.
      if (!within(code, lat, lng, maxKm + REFINE_KM)) return far;
      // From inside the outline to its edge: every edge of the outline, not its tiles (whose cuts are no border).
      const polygons = r.area.geometry.type === 'Polygon' ? [r.area.geometry.coordinates] : r.area.geometry.coordinates;
      return Math.min(...polygons.map((rings) => measure(rings, lat, lng).edge));
    }
    if (r?.code === code) return nearby(r.query, lat, lng, maxKm, () => true).get(code) ?? far;
    return within(code, lat, lng, maxKm) ? distanceToRegionKm(code, lat, lng) : far;
  }

  return {
    /** Whether the boundaries hold a region with this ISO 3166-2 code. */
    hasRegion: (code: RegionCode) => areas.has(code),
    regionAt,
    distanceToRegionKm,
    nearestRegion,
    /**
     * The region of a point for a suggestion: the one holding it, else the nearest within
     * `COAST_TOLERANCE_KM` or `toleranceKm`, whichever is larger (a shore, a pier, a boat).
     */
    locateRegion: (lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): RegionCode | undefined =>
      regionAt(lat, lng) ?? nearestRegion(lat, lng, Math.max(toleranceKm, COAST_TOLERANCE_KM))?.code,
    /**
     * Checks a point against the region it was filed under: `inside` when it lies in it, within
     * `toleranceKm` across a border from it, or off every outline within `COAST_TOLERANCE_KM` (or
     * `toleranceKm`) of it; else `elsewhere` with the region the point is in (or nearest to, off
     * the outlines), or `outside` when it lies in no province, territory or state of Canada, the
     * US or Mexico.
     */
    checkPlace(code: RegionCode, lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): PlaceVerdict {
      const at = regionAt(lat, lng);
      if (at === code) return { kind: 'inside' };
      if (at !== undefined)
        return acrossKm(code, at, lat, lng, toleranceKm) <= toleranceKm
          ? { kind: 'inside' }
          : { kind: 'elsewhere', code: at };
      const offshore = Math.max(toleranceKm, COAST_TOLERANCE_KM);
      if (within(code, lat, lng, offshore)) return { kind: 'inside' };
      const actual = nearestRegion(lat, lng, offshore)?.code;
      return actual ? { kind: 'elsewhere', code: actual } : { kind: 'outside' };
    },
  };
}
export type RegionLocator = ReturnType<typeof createRegionLocator>;

/** The ISO 3166-2 code of a province row and its country's ISO 3166-1 code: `CA-ON`. */
export const regionCodeOf = (p: { administrative: string; country_code: string }): RegionCode =>
  `${p.country_code}-${p.administrative}`;
