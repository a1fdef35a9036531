import { Box, Stack, Typography } from '@mui/material';
import type L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LeafletMap, Rectangle, TileLayer, Tooltip, useLeafletMap } from '../../../components/map/leaflet';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, type DensityResponse } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { useClientConfig } from '../../../lib/client-config';
import { DENSITY_BREAKS, DENSITY_COLORS, densityClass } from '../utils/density-classes';

type Cell = DensityResponse['per_cell'][number];

/** Cells whose visits counted no stems (no density to colour). */
const NO_STEMS_COLOR = '#bdbdbd';

const densityColor = (per100: number | null): string =>
  per100 === null ? NO_STEMS_COLOR : (DENSITY_COLORS[densityClass(per100)] ?? NO_STEMS_COLOR);

/** Half the side of a cell (degrees): the API answers 1° cells by their centre. */
const HALF = 0.5;

/** Fits the map to the cells once they are known. */
function FitCells({ cells }: { cells: Cell[] }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (cells.length === 0) return;
    const lats = cells.map((c) => c.latitude);
    const lngs = cells.map((c) => c.longitude);
    const bounds: L.LatLngBoundsExpression = [
      [Math.min(...lats) - HALF, Math.min(...lngs) - HALF],
      [Math.max(...lats) + HALF, Math.max(...lngs) + HALF],
    ];
    map.fitBounds(bounds, { padding: [16, 16], maxZoom: 7 });
  }, [map, cells]);
  return null;
}

/**
 * The density view's map: each 1° cell of the Missions matching the filters coloured by
 * eggs + caterpillars per 100 milkweed stems (`densityClass`), with its figures on hover or tap,
 * and a legend. Works without tiles (offline): the cells show on the plain background.
 */
export function DensityMap({ cells }: { cells: Cell[] }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const config = useClientConfig();
  const n = new Intl.NumberFormat(lng);
  const d = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const coord = new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Box component="figure" sx={{ m: 0, mt: 3 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('density.per_cell')}
      </Typography>
      <Box
        role="region"
        aria-label={t('density.per_cell')}
        data-testid="density-map"
        sx={{
          height: { xs: 320, md: 420 },
          mt: 1,
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#dfe8d8',
        }}
      >
        <LeafletMap
          center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
          zoom={DEFAULT_MAP_ZOOM - 2}
          minZoom={2}
          style={{ height: '100%', width: '100%' }}
        >
          {config.data && <TileLayer url={config.data.map_tile_url} attribution="&copy; OpenStreetMap contributors" />}
          <FitCells cells={cells} />
          {cells.map((c) => (
            <Rectangle
              key={`${c.latitude},${c.longitude}`}
              bounds={[
                [c.latitude - HALF, c.longitude - HALF],
                [c.latitude + HALF, c.longitude + HALF],
              ]}
              pathOptions={{
                color: '#33691e',
                weight: 1,
                fillColor: densityColor(c.per_100_stems),
                fillOpacity: 0.75,
              }}
              // Leaflet reads the class at creation only (pathOptions are styles set later).
              className="density-cell"
            >
              <Tooltip>
                {t('density.cell', {
                  latitude: coord.format(c.latitude),
                  longitude: coord.format(c.longitude),
                  visits: n.format(c.checklists),
                  stems: n.format(c.stems),
                  eggs: n.format(c.eggs),
                  caterpillars: n.format(c.caterpillars),
                  density: c.per_100_stems === null ? '—' : d.format(c.per_100_stems),
                })}
              </Tooltip>
            </Rectangle>
          ))}
        </LeafletMap>
      </Box>
      <Stack
        component="ul"
        aria-label={t('density.legend')}
        direction="row"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, gap: 1.5, flexWrap: 'wrap' }}
      >
        {DENSITY_COLORS.map((color, i) => {
          const from = DENSITY_BREAKS[i - 2];
          const to = DENSITY_BREAKS[i - 1];
          let label: string;
          if (i === 0) label = t('density.class_none');
          else if (from === undefined) label = t('density.class_under', { to: n.format(to ?? 0) });
          else if (to === undefined) label = t('density.class_above', { from: n.format(from) });
          else label = t('density.class_range', { from: n.format(from), to: n.format(to) });
          return (
            <Stack component="li" key={color} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden sx={{ width: 16, height: 16, bgcolor: color, border: 1, borderColor: 'grey.600' }} />
              <Typography variant="body2">{label}</Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
