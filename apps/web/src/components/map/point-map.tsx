import { Box } from '@mui/material';
import { LeafletMap, Marker, TileLayer } from './leaflet';
import { useClientConfig } from '../../lib/client-config';
import { POINT_ZOOM, markerIcon } from './marker-icon';

/** A small read-only map with one marker on a saved point (WGS84 degrees); `label` names it for screen readers. */
export function PointMap({ lat, lng, label }: { lat: number; lng: number; label: string }) {
  const config = useClientConfig();
  return (
    <Box
      role="figure"
      aria-label={label}
      sx={{
        height: { xs: 200, md: 260 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#dfe8d8',
      }}
    >
      <LeafletMap
        center={[lat, lng]}
        zoom={POINT_ZOOM}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        {config.data && <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />}
        <Marker position={[lat, lng]} icon={markerIcon} keyboard={false} />
      </LeafletMap>
    </Box>
  );
}
