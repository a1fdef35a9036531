import type L from 'leaflet';
import type { ClusterResponse, Viewport } from '@mm/shared';

// The meeting point of Explore's map stand-in (`map-island.ts`, drawn before the app starts) and the app's
// map view, which adopts its Leaflet map (docs/adr/0042). Without Leaflet and React, so that the pages that
// may meet a stand-in (Explore's route) import it without loading the map.

/** What the stand-in hands over to the app's map view. */
export interface MapIslandHandover {
  /** The Leaflet map, with its view, any drag in progress and its zoom buttons. */
  map: L.Map;
  /** The map's own element (Leaflet's container), to be moved into the app's map box. */
  container: HTMLElement;
  /** The last clusters the stand-in drew and the viewport they were asked for (no filter), if any. */
  clusters?: { viewport: Viewport; answer: ClusterResponse };
  /** Removes the stand-in's tiles and markers: called once the app's own are on the map. */
  release: () => void;
  /**
   * The place of a pin or same-place bubble pressed on the stand-in (its popup is drawn by the app), once:
   * the app opens that marker's popup when it has drawn it.
   */
  takePendingPopup: () => { lat: number; lng: number } | undefined;
}

let offered: MapIslandHandover | undefined;
/** Whether the app's map view has taken the map over (a committed render: `markMapIslandAdopted`). */
let adopted = false;
/** Called by the stand-in when it has drawn its map; `stop` ends its own loading of clusters. */
let stopIsland: (() => void) | undefined;

/**
 * Offers the stand-in's map to the app (called by `map-island.ts` once its map is made).
 * @param handover the map and its state
 * @param stop ends the stand-in's own work (its listeners and loads), called when the app claims the map
 */
export function offerMapIsland(handover: MapIslandHandover, stop: () => void): void {
  offered = handover;
  stopIsland = stop;
}

/**
 * The stand-in's map, for the app's map view to adopt, or undefined when there is none or it has been
 * adopted already. The stand-in stops its own work from then on; its markers stay until `release()`.
 * Called while rendering: a render React drops and does again gets the same map.
 */
export function claimMapIsland(): MapIslandHandover | undefined {
  if (!offered || adopted) return undefined;
  stopIsland?.();
  return offered;
}

/** Called once the map view holding the stand-in's map is on screen (an effect): a later one makes its own. */
export function markMapIslandAdopted(): void {
  adopted = true;
}

/**
 * Keeps the stand-in's map on screen in `box` while the app's map view loads (a ref callback of the box
 * shown meanwhile): the server's box it was in is gone once the app has drawn the page.
 * @param box the element to hold it, null when that element goes
 */
export function parkMapIsland(box: HTMLElement | null): void {
  if (!box || !offered || adopted) return;
  box.append(offered.container);
  offered.map.invalidateSize();
}
