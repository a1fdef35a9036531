import LayersClearIcon from '@mui/icons-material/LayersClear';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { startTransition, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeafletMap, TileLayer, useLeafletMap, useMapEvents } from '../../../components/map/leaflet';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  SMALL_SCREEN_BREAKPOINT,
  type ExploreFilters,
  type Viewport,
} from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { useSession } from '../../../entities/session/session-context';
import { useClientConfig } from '../../../lib/client-config';
import { getMySitesQueryOptions } from '../../../entities/site/get-my-sites';
import { useClusters } from '../api/get-clusters';
import { toViewport } from '../utils/map-geometry';
import { ClusterMarkers } from './cluster-markers';
import { MySitesLayer } from './my-sites-layer';

/** Start zoom: from the spec §9 centre in northern Quebec, wide enough to take in the US and Mexico too (one step wider on phones). */
const EXPLORE_MAP_ZOOM = DEFAULT_MAP_ZOOM - 1;
/** Pause after the map stops moving before the clusters of the new view are asked for, ms. */
const VIEWPORT_DEBOUNCE_MS = 250;

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
  const startZoom = small ? EXPLORE_MAP_ZOOM - 1 : EXPLORE_MAP_ZOOM;
  // A ref, not state: the map is only used by "Clear map", and state set by LeafletMap's mapRef would
  // render the whole view again, synchronously, the moment the map is made.
  const map = useRef<L.Map>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const trackViewport = useCallback((v: Viewport) => startTransition(() => setViewport(v)), []);
  const [showMine, setShowMine] = useState(false);
  const clusters = useClusters(filters, viewport);
  // A phone's main thread: the map is made in a render of its own after the page's, and new
  // clusters are drawn in a transition, so that neither joins a long task with the rest of the page.
  const [mapShown, setMapShown] = useState(false);
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
      <Box
        role="region"
        aria-label={t('map.label')}
        data-testid="explore-map"
        sx={{
          position: 'relative',
          height: { xs: 420, md: 560 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#dfe8d8',
        }}
      >
        {clusters.isFetching && (
          <LinearProgress
            aria-label={t('loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000 }}
          />
        )}
        {mapShown && (
          <LeafletMap
            mapRef={map}
            center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
            zoom={startZoom}
            minZoom={2}
            worldCopyJump
            style={{ height: '100%', width: '100%' }}
          >
            {config.data && (
              <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />
            )}
            <ViewportTracker onChange={trackViewport} />
            {shownClusters && <ClusterMarkers clusters={shownClusters} filters={filters} />}
            {showMine && mine.data && <MySitesLayer sites={mine.data} />}
          </LeafletMap>
        )}
      </Box>
    </Box>
  );
}
