import { readFileSync } from 'node:fs';
import pointToPolygonDistance from '@turf/point-to-polygon-distance';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import whichPolygon from 'which-polygon';
import { ADMIN1_FILE } from '../db/seed/admin1-file';

/**
 * Distance (km) from a region's outline within which a point still counts as in it: simplified
 * outlines move by a few hundred metres, sources disagree by as much along rivers and lakes, and a
 * sighting from a shore, a bridge or a boat lies just outside its coastline.
 */
export const BORDER_TOLERANCE_KM = 3;

/** ISO 3166-2 code of a province, territory or state: `CA-ON`, `US-TX`, `MX-CHH`. */
export type RegionCode = string;

type Region = { code: RegionCode };
type Area = FeatureCollection<Polygon | MultiPolygon, Region>;

interface Boundaries {
  areas: Map<RegionCode, Area['features'][number]>;
  query: whichPolygon.Query<Region>;
}

let boundaries: Boundaries | undefined;

/**
 * The polygons of `db/seed/admin1.json` (README "Province boundaries"), read and indexed (R-tree
 * of ring bounding boxes) on first use, ≈ 170 KB and a few tens of milliseconds once per process.
 */
function load(): Boundaries {
  if (boundaries) return boundaries;
  const topo = JSON.parse(readFileSync(ADMIN1_FILE, 'utf8')) as Topology<{
    admin1: GeometryCollection;
  }>;
  const all = feature(topo, topo.objects.admin1) as FeatureCollection<Polygon | MultiPolygon>;
  const features = all.features.map((f) => ({ ...f, properties: { code: String(f.id) } }));
  boundaries = {
    areas: new Map(features.map((f) => [f.properties.code, f])),
    query: whichPolygon<Region>({ type: 'FeatureCollection', features }),
  };
  return boundaries;
}

/** Whether the boundaries hold a region with this ISO 3166-2 code. */
export function hasRegion(code: RegionCode): boolean {
  return load().areas.has(code);
}

/**
 * The region whose polygon contains a point (WGS84 degrees), or undefined (sea, another country).
 * Where the outlines of two sources overlap (a few hundred metres along the Canadian and Mexican
 * borders), the region the point lies deeper in wins.
 */
export function regionAt(lat: number, lng: number): RegionCode | undefined {
  const hits = load().query([lng, lat], true);
  if (!hits || hits.length === 0) return undefined;
  if (hits.length === 1) return hits[0]?.code;
  let best: RegionCode | undefined;
  let depth = Number.NEGATIVE_INFINITY;
  for (const { code } of hits) {
    const area = load().areas.get(code);
    const d = area ? -pointToPolygonDistance([lng, lat], area, { units: 'kilometers' }) : Number.NEGATIVE_INFINITY;
    if (d > depth) [best, depth] = [code, d];
  }
  return best;
}

/**
 * Geodesic distance in km from a point (WGS84 degrees) to a region's polygon: 0 inside it,
 * `Infinity` for a code the boundaries do not hold.
 */
export function distanceToRegionKm(code: RegionCode, lat: number, lng: number): number {
  const area = load().areas.get(code);
  if (!area) return Number.POSITIVE_INFINITY;
  return Math.max(0, pointToPolygonDistance([lng, lat], area, { units: 'kilometers' }));
}

/**
 * The region nearest to a point lying in none, when one is within `maxKm`, with its distance.
 * Only regions whose bounding boxes come within `maxKm` are measured.
 */
export function nearestRegion(lat: number, lng: number, maxKm: number): { code: RegionCode; km: number } | undefined {
  const dLat = maxKm / 111;
  const dLng = maxKm / (111 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const candidates = new Set(
    load()
      .query.bbox([lng - dLng, lat - dLat, lng + dLng, lat + dLat] as never)
      .map((r) => r.code),
  );
  let best: { code: RegionCode; km: number } | undefined;
  for (const code of candidates) {
    const km = distanceToRegionKm(code, lat, lng);
    if (km <= maxKm && (!best || km < best.km)) best = { code, km };
  }
  return best;
}

/**
 * The region of a point for a suggestion: the one containing it, else the nearest within the
 * tolerance (a point on a shore or a pier just off the simplified coastline).
 */
export function locateRegion(lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): RegionCode | undefined {
  return regionAt(lat, lng) ?? nearestRegion(lat, lng, toleranceKm)?.code;
}

/** How a point relates to the region it was filed under. */
export type PlaceVerdict = { kind: 'inside' } | { kind: 'elsewhere'; code: RegionCode } | { kind: 'outside' };

/**
 * Checks a point (WGS84 degrees) against the region it was filed under, with `toleranceKm` of slack
 * at borders and coasts.
 * @returns `inside` (in it or within the tolerance), `elsewhere` with the region the point is in,
 *   or `outside` when it lies in no province, territory or state of Canada, the US or Mexico
 */
export function checkPlace(
  code: RegionCode,
  lat: number,
  lng: number,
  toleranceKm = BORDER_TOLERANCE_KM,
): PlaceVerdict {
  const at = regionAt(lat, lng);
  if (at === code || distanceToRegionKm(code, lat, lng) <= toleranceKm) return { kind: 'inside' };
  const actual = at ?? nearestRegion(lat, lng, toleranceKm)?.code;
  return actual ? { kind: 'elsewhere', code: actual } : { kind: 'outside' };
}

/** A province row as the database holds it, with its country's ISO 3166-1 code. */
export interface ProvinceRef {
  province_id: number;
  country_id: number;
  /** ISO 3166-2 subdivision code without the country: `ON`, `TX`, `CHH` */
  administrative: string;
  /** ISO 3166-1 alpha-2 of the country: `CA`, `US`, `MX` */
  country_code: string;
}

/** The ISO 3166-2 code of a province row: `CA-ON`. */
export const regionCodeOf = (p: Pick<ProvinceRef, 'administrative' | 'country_code'>): RegionCode =>
  `${p.country_code}-${p.administrative}`;

/**
 * A lookup from points to province rows, for callers that hold the rows (suggestions, imports,
 * demo data): `locate(lat, lng, toleranceKm?)` answers the row of the region containing the point (or the nearest
 * within the tolerance), undefined outside Canada, the US and Mexico.
 */
export function provinceLocator<T extends ProvinceRef>(rows: readonly T[]) {
  const byCode = new Map(rows.map((p) => [regionCodeOf(p), p]));
  return {
    locate(lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): T | undefined {
      const code = locateRegion(lat, lng, toleranceKm);
      return code === undefined ? undefined : byCode.get(code);
    },
    byCode: (code: RegionCode) => byCode.get(code),
  };
}
