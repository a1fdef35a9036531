import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { DEFAULT_MAP_CENTER, SMALL_SCREEN_BREAKPOINT } from '@mm/shared/constants';
import type { Cluster, ClusterResponse, Viewport } from '@mm/shared';
import { markerIcon } from '../../../components/map/marker-icon';
import { yieldToMain } from '../../../lib/main-thread';
import { EXPLORE_MIN_ZOOM, VIEWPORT_DEBOUNCE_MS, exploreStartZoom, zoomIntoCluster } from '../utils/explore-map-view';
import { isSinglePoint, toViewport } from '../utils/map-geometry';
import { clusterIcon } from '../utils/map-icons';
import { offerMapIsland, type MapIslandHandover } from './handover';
import {
  clustersUrl,
  compactCountBySpec,
  islandLabel,
  parseIslandData,
  type IslandLabels,
  type NumberSpec,
} from './island-text';

/** The line the server renders above it for the clusters' total ("2,000 observations in this area"). */
const TOTAL_SELECTOR = '[data-map-island-total]';
/** Markers added per task: a phone's main thread gets a turn between batches (Total Blocking Time). */
const MARKERS_PER_TASK = 10;

/** The client configuration's tile URL, when the server did not write it (its data missing). */
async function tileUrlFromApi(): Promise<string | undefined> {
  const res = await fetch('/api/utilities/clientconfig');
  return res.ok ? ((await res.json()) as { map_tile_url?: string }).map_tile_url : undefined;
}

/**
 * Makes a cluster's marker as the app's map draws it (`ClusterMarkers`): a bubble with the count that
 * zooms onto its observations, a pin for one visit; a pin or a bubble of one place (whose popup the app
 * draws) calls `onPopup` with its place.
 */
function clusterMarker(
  map: L.Map,
  text: { labels: IslandLabels; numbers: NumberSpec | undefined; lng: string },
  onPopup: (place: { lat: number; lng: number }) => void,
): (c: Cluster) => L.Marker {
  const { labels, numbers, lng } = text;
  return (c) => {
    const place = { lat: c.latitude, lng: c.longitude };
    if (c.checklist_id !== null) {
      const label = islandLabel(labels, numbers, 'checklist_marker', c.count, lng);
      return L.marker(place, { icon: markerIcon, title: label, alt: label }).on('click', () => onPopup(place));
    }
    const samePlace = isSinglePoint(c.bounds);
    const label = islandLabel(labels, numbers, samePlace ? 'cluster_same_place' : 'cluster', c.count, lng);
    const icon = clusterIcon(c.count, compactCountBySpec(numbers, c.count, lng), label);
    return L.marker(place, { icon, title: label, zIndexOffset: c.count }).on('click', () =>
      samePlace ? onPopup(place) : zoomIntoCluster(map, c.bounds),
    );
  };
}

/**
 * Draws Explore's map in the server's box (`data-map-island`) before the app runs, without React: Leaflet
 * with the app's centre, zoom, tiles and the clusters of its viewport (no filter: the address is exactly
 * `?view=map`), asked again after each move as the app's map does. A bubble zooms in; a pin's popup needs
 * the app, which a press starts (`lib/on-demand.ts`) and which then opens it. Once the app runs, its map
 * view adopts this map (`handover.ts`): the view, and a drag in progress, carry on. Offline, the clusters
 * and tiles the service worker holds show; without them the plain background.
 * @param box the server's box: `data-tile-url` (the client configuration's), `data-labels` (`IslandLabels`),
 *   `data-numbers` (`NumberSpec`)
 * @param lng the page's language
 */
export async function startMapIsland(box: HTMLElement, lng: string): Promise<void> {
  const text = {
    labels: parseIslandData<IslandLabels>(box.dataset.labels) ?? {},
    numbers: parseIslandData<NumberSpec>(box.dataset.numbers),
    lng,
  };
  const total = document.querySelector<HTMLElement>(TOTAL_SELECTOR);
  // Leaflet's evaluation was this task; making the map, its tiles and markers come in tasks of their own.
  // After each wait, the server's box may be gone: the app has drawn the page and makes its own map.
  await yieldToMain();
  if (!box.isConnected) return;
  const container = document.createElement('div');
  container.style.cssText = 'height:100%;width:100%';
  box.append(container);
  // The page's style and layout with Leaflet's stylesheet, which making the map asks for (its size), in this task;
  // the map's panes and view in the next (docs/adr/0050).
  void container.clientWidth;
  await yieldToMain();
  if (!box.isConnected) return;
  const small = window.matchMedia(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`).matches;
  const map = L.map(container, {
    center: [DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng],
    zoom: exploreStartZoom(small),
    minZoom: EXPLORE_MIN_ZOOM,
    worldCopyJump: true,
  });
  let tiles: L.TileLayer | undefined;
  let stopped = false;
  const addTiles = (url: string | undefined) => {
    if (url && !stopped) tiles = L.tileLayer(url, { attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
  };
  const markers = L.layerGroup().addTo(map);
  let pendingPopup: { lat: number; lng: number } | undefined;
  const marker = clusterMarker(map, text, (place) => {
    pendingPopup = place;
  });
  const handover: MapIslandHandover = {
    map,
    container,
    release: () => {
      tiles?.remove();
      markers.remove();
    },
    takePendingPopup: () => {
      const place = pendingPopup;
      pendingPopup = undefined;
      return place;
    },
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading: AbortController | undefined;
  const load = async () => {
    const b = map.getBounds();
    const viewport: Viewport = toViewport(map.getZoom(), {
      west: b.getWest(),
      south: b.getSouth(),
      east: b.getEast(),
      north: b.getNorth(),
    });
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const res = await fetch(clustersUrl(viewport), { headers: { Language: lng }, signal: controller.signal });
      if (!res.ok) return;
      const answer = (await res.json()) as ClusterResponse;
      if (stopped) return;
      handover.clusters = { viewport, answer };
      markers.clearLayers();
      if (total) total.textContent = islandLabel(text.labels, text.numbers, 'total', answer.total, lng);
      for (let i = 0; i < answer.clusters.length; i += MARKERS_PER_TASK) {
        if (i > 0) await yieldToMain();
        // Stopped (the app has the map), or a newer view's clusters are coming.
        if (stopped || loading !== controller) return;
        for (const c of answer.clusters.slice(i, i + MARKERS_PER_TASK)) markers.addLayer(marker(c));
      }
    } catch {
      // Offline without the answer, or replaced by a newer view's: the map keeps what it shows.
    }
  };
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), VIEWPORT_DEBOUNCE_MS);
  };
  map.on('moveend', moved);
  offerMapIsland(handover, () => {
    stopped = true;
    clearTimeout(timer);
    loading?.abort();
    map.off('moveend', moved);
  });
  void load();
  await yieldToMain();
  if (box.dataset.tileUrl) addTiles(box.dataset.tileUrl);
  else void tileUrlFromApi().then(addTiles, () => undefined);
}
