import { Box } from '@mui/material';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import {
  CircleMarker,
  LeafletMap,
  Marker,
  TileLayer,
  Tooltip,
  useLeafletMap,
  useMapEvents,
} from '../../../components/map/leaflet';
import { clickUncertainty } from '../../../components/map/coordinate-uncertainty';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, type MySite } from '@mm/shared';
import { useClientConfig } from '../../../lib/client-config';
import type { LatLng } from '../../../components/map/location-picker';
import { POINT_ZOOM as SITE_ZOOM, markerIcon } from '../../../components/map/marker-icon';

/** Where the map should look: one point, or every point of a list. A new object moves the map. */
export type MapFocus = { point: LatLng } | { points: LatLng[] };

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

function FocusOn({ focus }: { focus: MapFocus | undefined }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!focus) return;
    if ('point' in focus) map.setView([focus.point.lat, focus.point.lng], Math.max(map.getZoom(), SITE_ZOOM));
    else if (focus.points.length === 1 && focus.points[0])
      map.setView([focus.points[0].lat, focus.points[0].lng], SITE_ZOOM);
    else if (focus.points.length > 1)
      map.fitBounds(L.latLngBounds(focus.points.map((p) => [p.lat, p.lng])), { padding: [32, 32], maxZoom: SITE_ZOOM });
  }, [map, focus]);
  return null;
}

interface SiteMapProps {
  /** Accessible name of the map: an application when it takes clicks, else a named region (its zoom buttons stay usable). */
  label: string;
  value: LatLng | undefined;
  /** Click or drag sets the point; without it the map is read-only. */
  onChange?: (p: LatLng) => void;
  /** "My locations", drawn as round markers; clicking one picks it. */
  sites?: MySite[];
  onPickSite?: (site: MySite) => void;
  focus?: MapFocus;
  height?: { xs: number; md: number };
}

/**
 * Leaflet map of a Mission site, centred per spec §9 when empty (WGS84 degrees, rounded to 1e-6).
 * Adapted from the Flash LocationPicker to also draw the user's previous sites. Without tiles
 * (offline) it still takes clicks.
 */
export function SiteMap({
  label,
  value,
  onChange,
  sites = [],
  onPickSite,
  focus,
  height = { xs: 280, md: 380 },
}: SiteMapProps) {
  const config = useClientConfig();
  const mapRef = useRef<L.Map | null>(null);
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const p = (e.target as L.Marker).getLatLng();
        onChange?.(mapRef.current ? placed(mapRef.current, p) : { lat: round(p.lat), lng: round(p.lng) });
      },
    }),
    [onChange],
  );
  const center = value ?? DEFAULT_MAP_CENTER;
  return (
    <Box
      role={onChange ? 'application' : 'region'}
      aria-label={label}
      data-testid="site-map"
      sx={{
        height,
        position: 'relative',
        zIndex: 0,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#dfe8d8',
      }}
    >
      <LeafletMap
        mapRef={mapRef}
        center={[center.lat, center.lng]}
        zoom={value ? SITE_ZOOM : DEFAULT_MAP_ZOOM}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={!!onChange}
      >
        {config.data && <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />}
        {onChange && <ClickToPlace onChange={onChange} />}
        <FocusOn focus={focus} />
        {sites.map((s) => (
          <CircleMarker
            key={s.site_id}
            center={[s.latitude, s.longitude]}
            radius={9}
            bubblingMouseEvents={false}
            pathOptions={{ color: '#2e3b2f', fillColor: '#f5a623', fillOpacity: 0.9, weight: 2 }}
            eventHandlers={{ click: () => onPickSite?.(s) }}
          >
            <Tooltip>{s.locality}</Tooltip>
          </CircleMarker>
        ))}
        {value && (
          <Marker position={[value.lat, value.lng]} draggable={!!onChange} eventHandlers={handlers} icon={markerIcon} />
        )}
      </LeafletMap>
    </Box>
  );
}
