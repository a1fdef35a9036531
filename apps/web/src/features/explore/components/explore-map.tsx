import LayersClearIcon from '@mui/icons-material/LayersClear';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import L from 'leaflet';
import { startTransition, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeafletMap, TileLayer, useLeafletMap, useMapEvents } from '../../../components/map/leaflet';
import { DEFAULT_MAP_CENTER, SMALL_SCREEN_BREAKPOINT, type ExploreFilters, type Viewport } from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { useSession } from '../../../entities/session/session-context';
import { useClientConfig } from '../../../lib/client-config';
import { getMySitesQueryOptions } from '../../../entities/site/get-my-sites';
import { clustersQueryKey, useClusters } from '../api/get-clusters';
import { claimMapIsland, markMapIslandAdopted, type MapIslandHandover } from '../map-island/handover';
import { EXPLORE_MIN_ZOOM, VIEWPORT_DEBOUNCE_MS, exploreStartZoom } from '../utils/explore-map-view';
import { activeFilterCount } from '../utils/explore-url';
import { toViewport } from '../utils/map-geometry';
import { ClusterMarkers } from './cluster-markers';
import { MAP_BOX_SX } from './explore-map-first-screen';
import { MySitesLayer } from './my-sites-layer';

/** Reports the map's viewport once at start and after every move or zoom, debounced. */
function ViewportTracker({ onChange }: { onChange: (v: Viewport) => void }) {
  const map = useLeafletMap();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const report = useCallback(() => {
    const b = map.getBounds();
    onChange(
      toViewport(map.getZoom(), { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
    );
  }, [map, onChange]);
  useMapEvents({
    moveend: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(report, VIEWPORT_DEBOUNCE_MS);
    },
  });
  useEffect(() => {
    report();
    return () => clearTimeout(timer.current);
  }, [report]);
  return null;
}

/**
 * Once the app's clusters are on the adopted map: the stand-in's markers and tiles go, and the popup of a
 * pin or same-place bubble pressed on the stand-in opens (docs/adr/0042).
 */
function IslandRelease({ island }: { island: MapIslandHandover }) {
  const map = useLeafletMap();
  useEffect(() => {
    island.release();
    const place = island.takePendingPopup();
    if (!place) return;
    map.eachLayer((layer) => {
      if (!(layer instanceof L.Marker) || !layer.getPopup()) return;
      const at = layer.getLatLng();
      if (at.lat === place.lat && at.lng === place.lng) layer.openPopup();
    });
  }, [island, map]);
  return null;
}

/**
 * The map view of Explore (spec §1): clusters of the filtered observations for the viewport,
 * "Clear map" (filters off, default centre of spec §9) and, when signed in, "Show my locations".
 * Works without tiles (offline): the markers still show on the plain background. Without `onClear`
 * (a page whose filter is fixed, the Blitz page) there is no "Clear map".
 */
export function ExploreMap({ filters, onClear }: { filters: ExploreFilters; onClear?: () => void }) {
  const { t } = useTranslation('explore');
  const config = useClientConfig();
  const { user } = useSession();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  const startZoom = exploreStartZoom(small);
  const queryClient = useQueryClient();
  // The map drawn before the app ran (docs/adr/0042), adopted with its view and last clusters: only at the
  // address it was drawn for, without filters.
  const [island] = useState(() => {
    const handover = activeFilterCount(filters) === 0 ? claimMapIsland() : undefined;
    if (handover?.clusters)
      queryClient.setQueryData(clustersQueryKey(filters, handover.clusters.viewport), handover.clusters.answer);
    return handover;
  });
  // A ref, not state: the map is only used by "Clear map", and state set by LeafletMap's mapRef would
  // render the whole view again, synchronously, the moment the map is made.
  const map = useRef<L.Map>(null);
  useEffect(() => {
    if (island) markMapIslandAdopted();
  }, [island]);
  const [viewport, setViewport] = useState<Viewport | null>(island?.clusters?.viewport ?? null);
  const trackViewport = useCallback((v: Viewport) => startTransition(() => setViewport(v)), []);
  const [showMine, setShowMine] = useState(false);
  const clusters = useClusters(filters, viewport);
  // A phone's main thread: the map is made in a render of its own after the page's, and new
  // clusters are drawn in a transition, so that neither joins a long task with the rest of the page.
  const [mapShown, setMapShown] = useState(island !== undefined);
  useEffect(() => startTransition(() => setMapShown(true)), []);
  const shownClusters = useDeferredValue(clusters.data?.clusters);
  const mine = useQuery({ ...getMySitesQueryOptions(), enabled: showMine && Boolean(user), meta: SILENT_QUERY });

  const clear = () => {
    onClear?.();
    setShowMine(false);
    map.current?.closePopup();
    map.current?.setView([DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng], startZoom);
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="subtitle2" aria-live="polite">
          {clusters.data ? t('map.total', { count: clusters.data.total }) : ' '}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {onClear && (
            <Button variant="outlined" size="small" startIcon={<LayersClearIcon />} onClick={clear}>
              {t('map.clear')}
            </Button>
          )}
          {user && (
            <Button
              variant={showMine ? 'contained' : 'outlined'}
              size="small"
              startIcon={<MyLocationIcon />}
              aria-pressed={showMine}
              onClick={() => setShowMine((s) => !s)}
            >
              {t('map.show_mine')}
            </Button>
          )}
        </Stack>
      </Stack>
      {showMine && mine.data?.length === 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('map.no_sites')}
        </Alert>
      )}
      {(clusters.isError || (showMine && mine.isError)) && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('common:errors.please_try_again')}
        </Alert>
      )}
      <Box role="region" aria-label={t('map.label')} data-testid="explore-map" sx={MAP_BOX_SX}>
        {clusters.isFetching && (
          <LinearProgress
            aria-label={t('loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000 }}
          />
        )}
        {mapShown && (
          <LeafletMap
            mapRef={map}
            adopt={island}
            center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
            zoom={startZoom}
            minZoom={EXPLORE_MIN_ZOOM}
            worldCopyJump
            style={{ height: '100%', width: '100%' }}
          >
            {config.data && (
              <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />
            )}
            <ViewportTracker onChange={trackViewport} />
            {shownClusters && <ClusterMarkers clusters={shownClusters} filters={filters} />}
            {shownClusters && island && <IslandRelease island={island} />}
            {showMine && mine.data && <MySitesLayer sites={mine.data} />}
          </LeafletMap>
        )}
      </Box>
    </Box>
  );
}
