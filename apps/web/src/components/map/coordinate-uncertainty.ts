import { MAX_COORDINATE_UNCERTAINTY_M } from '@mm/shared';

/**
 * How far off a point may be, in whole metres (Darwin Core coordinateUncertaintyInMeters),
 * from what placed it: the device's GPS, a photo's EXIF or a click on the map. See
 * docs/adr/0014-coordinate-uncertainty.md for the figures.
 */

/** Earth's equatorial circumference (m), as Web Mercator tiles use it. */
const EQUATOR_M = 40_075_016.686;
/** Leaflet's tile size (px). */
const TILE_PX = 256;
/**
 * Pixels a click or a dragged marker may be off from the place meant: a mouse pointer is precise to a
 * pixel or two, a fingertip to several, and the eye judges the place on the map to a few more.
 */
const CLICK_UNCERTAINTY_PX = 5;
/**
 * The uncertainty of a point read from a photo's EXIF without `GPSHPositioningError`: a camera or
 * phone GPS fix under open sky, with room for the drift of one taken a little before the shot.
 */
export const EXIF_DEFAULT_UNCERTAINTY_M = 30;

/** Whole metres from 1 to the submission schemas' maximum; null for anything not a positive finite number. */
export function toUncertainty(metres: number | null | undefined): number | null {
  if (metres === null || metres === undefined || !Number.isFinite(metres) || metres <= 0) return null;
  return Math.min(MAX_COORDINATE_UNCERTAINTY_M, Math.max(1, Math.ceil(metres)));
}

/** Ground metres one screen pixel covers at `zoom` (Web Mercator, 256-px tiles) at `latitude` (degrees). */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (EQUATOR_M * Math.cos((latitude * Math.PI) / 180)) / (TILE_PX * 2 ** zoom);
}

/** The uncertainty of a point clicked (or dragged) on the map at `zoom`: `CLICK_UNCERTAINTY_PX` pixels of ground. */
export function clickUncertainty(latitude: number, zoom: number): number | null {
  return toUncertainty(metresPerPixel(latitude, zoom) * CLICK_UNCERTAINTY_PX);
}
