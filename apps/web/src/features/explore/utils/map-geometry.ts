import type { Cluster, Viewport } from '@mm/shared';

/** A longitude brought into [-180, 180), WGS84 degrees. */
export const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The cluster query's viewport from a Leaflet view: zoom rounded into 0–20, latitudes clamped to
 * ±90, longitudes wrapped into ±180 (west > east then means the view crosses the antimeridian), a
 * view wider than the world asks for all of it. Rounded to 1e-4° (≈ 10 m) so that tiny moves hit the cache.
 */
export function toViewport(zoom: number, b: { west: number; south: number; east: number; north: number }): Viewport {
  const whole = b.east - b.west >= 360;
  return {
    zoom: Math.min(20, Math.max(0, Math.round(zoom))),
    west: whole ? -180 : round4(wrapLongitude(b.west)),
    east: whole ? 180 : round4(wrapLongitude(b.east) === -180 && b.east > b.west ? 180 : wrapLongitude(b.east)),
    south: round4(Math.max(-90, b.south)),
    north: round4(Math.min(90, b.north)),
  };
}

/** Diameter of a cluster bubble (shared with the server, which merges bubbles that would overlap). */
export { clusterDiameter } from '@mm/shared/constants';

/** True when a cluster's observations all sit on (practically) one point, ≈ 1 m: zooming cannot split it. */
export const isSinglePoint = (bounds: Cluster['bounds']) =>
  Math.abs(bounds.east - bounds.west) < 1e-5 && Math.abs(bounds.north - bounds.south) < 1e-5;

/** Leaflet `[[south, west], [north, east]]` bounds of a cluster, unwrapped eastwards when it crosses the antimeridian. */
export const clusterLatLngBounds = (b: Cluster['bounds']): [[number, number], [number, number]] => [
  [b.south, b.west],
  [b.north, b.east < b.west ? b.east + 360 : b.east],
];

/** Room (px) kept between the zoomed-to points and the map's edges or its controls. */
const FIT_MARGIN_PX = 48;

/**
 * The `paddingTopLeft` and `paddingBottomRight` (px) for zooming onto a cluster, so that what it held is
 * drawn clear of the controls in the map's top corners (the zoom buttons, 44 px tall each on a touch
 * screen): each side keeps `FIT_MARGIN_PX`, plus the width of the controls that stand on it.
 * @param map the map's box and the boxes of its top-left and top-right controls, as `getBoundingClientRect` gives them
 */
export function fitPadding(map: DOMRect, controls: { left: DOMRect[]; right: DOMRect[] }) {
  const leftEdge = Math.max(0, ...controls.left.map((c) => c.right - map.left));
  const rightEdge = Math.max(0, ...controls.right.map((c) => map.right - c.left));
  return {
    paddingTopLeft: [leftEdge + FIT_MARGIN_PX, FIT_MARGIN_PX] as [number, number],
    paddingBottomRight: [rightEdge + FIT_MARGIN_PX, FIT_MARGIN_PX] as [number, number],
  };
}
