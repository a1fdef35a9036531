import { readFileSync } from 'node:fs';
import {
  BORDER_TOLERANCE_KM,
  COAST_TOLERANCE_KM,
  createRegionLocator,
  regionCodeOf,
  type Admin1Topology,
  type RegionCode,
  type RegionLocator,
} from '@mm/shared/geo';
import { BORDERS_FILE } from '../db/seed/admin1-file';

export { BORDER_TOLERANCE_KM, COAST_TOLERANCE_KM, regionCodeOf, type RegionCode };

let locator: RegionLocator | undefined;

/**
 * The lookups of `@mm/shared/geo` over the precise `packages/shared/geo/borders.json` (land
 * borders to a few tens of metres; docs/adr/0025-borders-to-the-street.md), read and indexed on
 * first use, once per process (see docs/internals.md "Province boundaries" for the time it takes).
 */
const load = (): RegionLocator =>
  (locator ??= createRegionLocator(JSON.parse(readFileSync(BORDERS_FILE, 'utf8')) as Admin1Topology));

/** Whether the boundaries hold a region with this ISO 3166-2 code. */
export const hasRegion = (code: RegionCode) => load().hasRegion(code);
/** The region whose polygon contains a point (WGS84 degrees), or undefined; see `RegionLocator.regionAt`. */
export const regionAt = (lat: number, lng: number) => load().regionAt(lat, lng);
/** Geodesic km from a point to a region's polygon (0 inside, `Infinity` for an unknown code). */
export const distanceToRegionKm = (code: RegionCode, lat: number, lng: number) =>
  load().distanceToRegionKm(code, lat, lng);
/** The region containing a point, else the nearest within the tolerance or the coast tolerance (km). */
export const locateRegion = (lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM) =>
  load().locateRegion(lat, lng, toleranceKm);
/** A point against the region it was filed under: inside, elsewhere (with the region) or outside. */
export const checkPlace = (code: RegionCode, lat: number, lng: number, toleranceKm = BORDER_TOLERANCE_KM) =>
  load().checkPlace(code, lat, lng, toleranceKm);

/** A province row as the database holds it, with its country's ISO 3166-1 code. */
export interface ProvinceRef {
  province_id: number;
  country_id: number;
  /** ISO 3166-2 subdivision code without the country: `ON`, `TX`, `CHH` */
  administrative: string;
  /** ISO 3166-1 alpha-2 of the country: `CA`, `US`, `MX` */
  country_code: string;
}

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
