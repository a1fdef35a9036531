import { Box, Typography } from '@mui/material';
import type L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LeafletMap, Marker, TileLayer, useLeafletMap, useMapEvents } from './leaflet';
import { clickUncertainty } from './coordinate-uncertainty';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@mm/shared';
import { useClientConfig } from '../../lib/client-config';
import { POINT_ZOOM, markerIcon } from './marker-icon';

/** A point in WGS84 degrees; `uncertainty` (whole metres) when what placed it knows it. */
export interface LatLng {
  lat: number;
  lng: number;
  uncertainty?: number | null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A point placed on the map at its current zoom, with the uncertainty of a click there. */
const placed = (map: L.Map, p: L.LatLng): LatLng => ({
  lat: round(p.lat),
  lng: round(p.lng),
  uncertainty: clickUncertainty(p.lat, map.getZoom()),
});

function ClickToPlace({ onChange }: { onChange: (p: LatLng) => void }) {
  const map = useMapEvents({ click: (e) => onChange(placed(map, e.latlng)) });
  return null;
}

/** True when two points are the same to the 1e-6° the picker works at. */
const samePoint = (a: LatLng | null, b: LatLng) =>
  a !== null && Math.abs(a.lat - b.lat) < 1e-7 && Math.abs(a.lng - b.lng) < 1e-7;

/**
 * Brings a point set from outside the map (photo data, "use my location", typed numbers) into view
 * and close enough to check it; points placed on the map itself leave the view alone.
 */
function FollowPoint({ value, placedHere }: { value: LatLng | undefined; placedHere: RefObject<LatLng | null> }) {
  const map = useLeafletMap();
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined || samePoint(placedHere.current, { lat, lng })) return;
    if (!map.getBounds().contains([lat, lng]) || map.getZoom() < POINT_ZOOM - 4)
      map.setView([lat, lng], Math.max(map.getZoom(), POINT_ZOOM));
  }, [map, lat, lng, placedHere]);
  return null;
}

/**
 * A Leaflet map centred per spec §9 on which a click places, and a drag moves, the observation's
 * point (WGS84 degrees, rounded to 1e-6 ≈ 0.1 m) with the uncertainty of a click at the map's zoom. A point set from outside (photo data, device
 * location, typed numbers) re-centres and zooms the map on it. Without tiles (offline) the map
 * still takes clicks.
 */
export function LocationPicker({ value, onChange }: { value: LatLng | undefined; onChange: (p: LatLng) => void }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const placedHere = useRef<LatLng | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const place = useCallback(
    (p: LatLng) => {
      placedHere.current = p;
      onChange(p);
    },
    [onChange],
  );
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const p = (e.target as L.Marker).getLatLng();
        place(mapRef.current ? placed(mapRef.current, p) : { lat: round(p.lat), lng: round(p.lng) });
      },
    }),
    [place],
  );
  return (
    <Box>
      <Box
        role="application"
        aria-label={t('flash.map_label')}
        data-testid="location-map"
        sx={{
          height: { xs: 280, md: 380 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#dfe8d8',
        }}
      >
        <LeafletMap
          mapRef={mapRef}
          center={value ? [value.lat, value.lng] : [DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
          zoom={value ? POINT_ZOOM : DEFAULT_MAP_ZOOM}
          style={{ height: '100%', width: '100%' }}
        >
          {config.data && <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />}
          <ClickToPlace onChange={place} />
          <FollowPoint value={value} placedHere={placedHere} />
          {value && <Marker position={[value.lat, value.lng]} draggable eventHandlers={handlers} icon={markerIcon} />}
        </LeafletMap>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
        {value
          ? t('flash.chosen_point', { latitude: value.lat.toFixed(5), longitude: value.lng.toFixed(5) })
          : t('flash.map_hint')}
      </Typography>
    </Box>
  );
}
