import type L from 'leaflet';
import { DEFAULT_MAP_ZOOM } from '@mm/shared/constants';
import type { Cluster } from '@mm/shared';
import { clusterLatLngBounds, fitPadding } from './map-geometry';

// What Explore's map view and its server-rendered stand-in (`map-island/`, docs/adr/0042) share, so that
// the map the app adopts from the stand-in looks and behaves as the one it would have made.
// From the shared package's constants, not its index: the stand-in stays out of zod and the schemas.

/** Start zoom: from the spec §9 centre in northern Quebec, wide enough to take in the US and Mexico too. */
const EXPLORE_MAP_ZOOM = DEFAULT_MAP_ZOOM - 1;

/** The start zoom of Explore's map: one step wider on a phone's screen (≤ SMALL_SCREEN_BREAKPOINT px). */
export const exploreStartZoom = (small: boolean) => (small ? EXPLORE_MAP_ZOOM - 1 : EXPLORE_MAP_ZOOM);

/** Explore's map never zooms out beyond this (the world, once). */
export const EXPLORE_MIN_ZOOM = 2;

/** Pause after the map stops moving before the clusters of the new view are asked for, ms. */
export const VIEWPORT_DEBOUNCE_MS = 250;

/** Zoom beyond which a cluster is not zoomed into any further. */
const MAX_CLUSTER_ZOOM = 18;

/**
 * Zooms `map` onto a cluster's observations, clear of the controls in its top corners (`fitPadding`).
 * @param map the Leaflet map
 * @param bounds the cluster's bounds, degrees (the API's `Cluster.bounds`)
 */
export function zoomIntoCluster(map: L.Map, bounds: Cluster['bounds']): void {
  const box = map.getContainer();
  const corner = (side: 'left' | 'right') =>
    [...box.querySelectorAll(`.leaflet-top.leaflet-${side} .leaflet-control`)].map((c) => c.getBoundingClientRect());
  map.fitBounds(clusterLatLngBounds(bounds), {
    ...fitPadding(box.getBoundingClientRect(), { left: corner('left'), right: corner('right') }),
    maxZoom: MAX_CLUSTER_ZOOM,
  });
}

/** One compact number format per language ("1.2K"), shared by every marker: building one costs more than using it. */
const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A cluster's count as its bubble shows it: "1.2K" in English, "1,2 k" in French. Counts under 1,000
 * read the same in every language of the app and skip Intl, whose first number format of a page costs
 * 6–8 ms unthrottled (ICU's data), ≈ 30 ms on a phone.
 */
export function compactCount(count: number, lng: string): string {
  if (count < 1000) return String(count);
  let format = compactFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lng, format);
  }
  return format.format(count);
}
