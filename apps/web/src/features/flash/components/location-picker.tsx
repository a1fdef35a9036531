import { Box, Typography } from '@mui/material';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@mm/shared';
import { useClientConfig } from '../api/flash';

const markerIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

export interface LatLng {
  lat: number;
  lng: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPlace({ onChange }: { onChange: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onChange({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }) });
  return null;
}

/**
 * A Leaflet map centred per spec §9 on which a click places, and a drag moves, the observation's
 * point (WGS84 degrees, rounded to 1e-6 ≈ 0.1 m). Without tiles (offline) the map still takes clicks.
 */
export function LocationPicker({ value, onChange }: { value: LatLng | undefined; onChange: (p: LatLng) => void }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const p = (e.target as L.Marker).getLatLng();
        onChange({ lat: round(p.lat), lng: round(p.lng) });
      },
    }),
    [onChange],
  );
  return (
    <Box>
      <Box
        role="application"
        aria-label={t('flash.map_label')}
        data-testid="location-map"
        sx={{ height: { xs: 280, md: 380 }, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#dfe8d8' }}
      >
        <MapContainer center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]} zoom={DEFAULT_MAP_ZOOM} style={{ height: '100%', width: '100%' }}>
          {config.data && <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />}
          <ClickToPlace onChange={onChange} />
          {value && <Marker position={[value.lat, value.lng]} draggable eventHandlers={handlers} icon={markerIcon} />}
        </MapContainer>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
        {value ? t('flash.chosen_point', { lat: value.lat.toFixed(5), lng: value.lng.toFixed(5) }) : t('flash.map_hint')}
      </Typography>
    </Box>
  );
}
