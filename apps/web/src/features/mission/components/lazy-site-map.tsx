import { Box } from '@mui/material';
import { Suspense, lazy, type ComponentProps } from 'react';

const SiteMapImpl = lazy(async () => ({ default: (await import('./site-map')).SiteMap }));

/**
 * `SiteMap` with Leaflet loaded when a map is drawn (Leaflet only with a visible map).
 * Until then a box of the map's own size, border and background keeps its room, so nothing moves.
 */
export function SiteMap(props: ComponentProps<typeof SiteMapImpl>) {
  const height = props.height ?? { xs: 280, md: 380 }; // SiteMap's own default
  return (
    <Suspense
      fallback={
        <Box
          data-testid="site-map-placeholder"
          sx={{ height, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: '#dfe8d8' }}
        />
      }
    >
      <SiteMapImpl {...props} />
    </Suspense>
  );
}
