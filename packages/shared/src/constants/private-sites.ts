/**
 * Private sites: a garden or private land whose owner asked that its exact place stay
 * off the public map, or a sensitive colony an admin protects. Every public answer shows such a site
 * at the centre of its cell of PRIVATE_CELL_DEGREES, without locality or city; the server applies the
 * same rule in SQL (observation-filters.ts `siteSource`) and this module is its reference.
 */

/** Size of the grid cell a private site is generalised to (WGS84 degrees, in latitude and in longitude). */
export const PRIVATE_CELL_DEGREES = 0.1;
/** Metres per degree of latitude, and of longitude at the equator (the WGS84 mean used by the exports). */
export const METRES_PER_DEGREE = 111_320;

/** Darwin Core `dataGeneralizations` of a private site's records. */
export const PRIVATE_DATA_GENERALIZATIONS =
  'Coordinates generalised to the centre of a 0.1-degree grid cell (private site)';
/** Darwin Core `informationWithheld` of a private site's records. */
export const PRIVATE_INFORMATION_WITHHELD =
  'Exact coordinates, locality and municipality withheld at the request of the site owner or an administrator';

/**
 * Darwin Core `dataGeneralizations` of a private site's record in an administrator's exact download:
 * the coordinates are not generalised, and say so, so that the file is not published as it is.
 */
export const PRIVATE_EXACT_NOT_GENERALIZED =
  "Not generalised: exact coordinates of a private site, in an administrator's download; public copies give the centre of its 0.1-degree grid cell";
/** Darwin Core `informationWithheld` of a private site's record in an administrator's exact download. */
export const PRIVATE_EXACT_WITHHOLD =
  'Exact coordinates, locality and municipality of a private site: withhold them before publishing this file';

/** The centre of the 0.1° cell holding this coordinate (degrees), as SQL computes it: (floor(x · 10) + 0.5) / 10. */
export function cellCentre(degrees: number): number {
  return (Math.floor(degrees * 10) + 0.5) / 10;
}

/**
 * The radius (m, rounded up) around a cell's centre that holds the whole 0.1° cell of this latitude:
 * half its diagonal, measured at the cell edge nearest the equator where a degree of longitude is widest.
 * A site's own uncertainty is added to it in exports.
 */
export function cellUncertaintyMetres(latitude: number): number {
  const south = Math.floor(latitude * 10) / 10;
  const nearEquator = Math.min(Math.abs(south), Math.abs(south + PRIVATE_CELL_DEGREES));
  const half = (PRIVATE_CELL_DEGREES / 2) * METRES_PER_DEGREE;
  const halfWidth = half * Math.cos((nearEquator * Math.PI) / 180);
  return Math.ceil(Math.sqrt(half * half + halfWidth * halfWidth));
}
