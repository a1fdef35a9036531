import pointToPolygonDistance from '@turf/point-to-polygon-distance';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import whichPolygon from 'which-polygon';

/**
 * Distance (km) from a region's outline within which a point still counts as in it: simplified
 * outlines move by a few hundred metres, sources disagree by as much along rivers and lakes, and a
 * sighting from a shore, a bridge or a boat lies just outside its coastline.
 */
export const BORDER_TOLERANCE_KM = 3;

/** ISO 3166-2 code of a province, territory or state: `CA-ON`, `US-TX`, `MX-CHH`. */
export type RegionCode = string;

/** The boundaries file (`packages/shared/geo/admin1.json`, `npm run geo:admin1`): TopoJSON, object `admin1`, ids ISO 3166-2. */
export type Admin1Topology = Topology<{ admin1: GeometryCollection }>;

/** How a point relates to the region it was filed under. */
export type PlaceVerdict = { kind: 'inside' } | { kind: 'elsewhere'; code: RegionCode } | { kind: 'outside' };

type Region = { code: RegionCode };
type Area = FeatureCollection<Polygon | MultiPolygon, Region>;

/**
 * Point-in-region lookups over the province and state boundaries (issue 15), the same on the server
 * (submission checks, suggestions, imports) and on the phone (suggestions without a network).
 * Points are WGS84 degrees; distances geodesic kilometres. Building the index (R-tree of ring
 * bounding boxes) takes a few tens of milliseconds.
 */
export function createRegionLocator(topology: Admin1Topology) {
  const all = feature(topology, topology.objects.admin1) as FeatureCollection<Polygon | MultiPolygon>;
  const features = all.features.map((f) => ({ ...f, properties: { code: String(f.id) } }));
  const areas = new Map<RegionCode, Area['features'][number]>(features.map((f) => [f.properties.code, f]));
  const query = whichPolygon<Region>({ type: 'FeatureCollection', features });

  /** Geodesic distance (km) from a point to a region's polygon: 0 inside, `Infinity` for an unknown code. */
  function distanceToRegionKm(code: RegionCode, lat: number, lng: number): number {
    const area = areas.get(code);
    if (!area) return Number.POSITIVE_INFINITY;
    return Math.max(0, pointToPolygonDistance([lng, lat], area, { units: 'kilometers' }));
  }

  /**
   * The region whose polygon contains a point, or undefined (sea, another country). Where the
   * outlines of two sources overlap (a few hundred metres along the Canadian and Mexican borders),
   * the region the point lies deeper in wins.
   */
  function regionAt(lat: number, lng: number): RegionCode | undefined {
    const hits = query([lng, lat], true);
    if (!hits || hits.length === 0) return undefined;
    if (hits.length === 1) return hits[0]?.code;
    let best: RegionCode | undefined;
    let depth = Number.NEGATIVE_INFINITY;
    for (const { code } of hits) {
      const area = areas.get(code);
      const d = area ? -pointToPolygonDistance([lng, lat], area, { units: 'kilometers' }) : Number.NEGATIVE_INFINITY;
      if (d > depth) [best, depth] = [code, d];
    }
    return best;
  }

  /**
   * The region nearest to a point lying in none, when one is within `maxKm`, with its distance.
   * Only regions whose bounding boxes come within `maxKm` are measured.
   */
  function nearestRegion(lat: number, lng: number, maxKm: number): { code: RegionCode; km: number } | undefined {
    const dLat = maxKm / 111;
    const dLng = maxKm / (111 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
    const candidates = new Set(
      query.bbox([lng - dLng, lat - dLat, lng + dLng, lat + dLat] as never).map((r) => r.code),
    );
    let best: { code: RegionCode; km: number } | undefined;
    for (const code of candidates) {
      const km = distanceToRegionKm(code, lat, lng);
      if (km <= maxKm && (!best || km < best.km)) best = { code, km };
    }
    return best;
  }

  return {
    /** Whether the boundaries hold a region with this ISO 3166-2 code. */
    hasRegion: (code: RegionCode) => areas.has(code),
    regionAt,
    distanceToRegionKm,
    nearestRegion,
    /**
     * The region of a point for a suggestion: the one containing it, else the nearest within the
     * tolerance (a point on a shore or a pier just off the simplified coastline).
     */
    locateRegion: (lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): RegionCode | undefined =>
      regionAt(lat, lng) ?? nearestRegion(lat, lng, toleranceKm)?.code,
    /**
     * Checks a point against the region it was filed under, with `toleranceKm` of slack at borders
     * and coasts: `inside` (in it or within the tolerance), `elsewhere` with the region the point is
     * in, or `outside` when it lies in no province, territory or state of Canada, the US or Mexico.
     */
    checkPlace(code: RegionCode, lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM): PlaceVerdict {
      const at = regionAt(lat, lng);
      if (at === code || distanceToRegionKm(code, lat, lng) <= toleranceKm) return { kind: 'inside' };
      const actual = at ?? nearestRegion(lat, lng, toleranceKm)?.code;
      return actual ? { kind: 'elsewhere', code: actual } : { kind: 'outside' };
    },
  };
}
export type RegionLocator = ReturnType<typeof createRegionLocator>;

/** The ISO 3166-2 code of a province row and its country's ISO 3166-1 code: `CA-ON`. */
export const regionCodeOf = (p: { administrative: string; country_code: string }): RegionCode =>
  `${p.country_code}-${p.administrative}`;
