import { Box, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { AfterHydration } from '../../components/ui/after-hydration';
import { DownloadButton } from '../../features/downloads/components/download-button';
import { ExploreFirstPage } from '../../features/explore/components/explore-first-page';
import { MAP_BOX_SX } from '../../features/explore/components/explore-map-first-screen';
import { ExploreFiltersPanel } from '../../features/explore/components/explore-filters';
import { ExploreSortSelect } from '../../features/explore/components/explore-sort';
import { ExploreUrlAdapter } from '../../features/explore/components/explore-url-adapter';
import { ExploreViewSwitch } from '../../features/explore/components/explore-view-switch';
import { ObservationResults } from '../../features/explore/components/observation-results';
import { useExploreUrl } from '../../features/explore/hooks/use-explore-url';
import { parkMapIsland } from '../../features/explore/map-island/handover';
import { useParamsData } from '../../entities/params/get-params';
import { usePageTitle } from '../../lib/page-title';

// Leaflet loads with the map only; the box keeps the map's room meanwhile, and holds the map drawn before
// the app ran, if any (docs/adr/0042), until the map view adopts it.
const ExploreMap = lazy(async () => ({
  default: (await import('../../features/explore/components/explore-map')).ExploreMap,
}));

// The density view draws with the charts library too: loaded when chosen.
const DensityView = lazy(() =>
  import('../../features/explore/components/density-view').then((m) => ({ default: m.DensityView })),
);

// The charts library is large (≈ 0.5 s of a throttled phone's main thread): it loads when the
// charts come near the screen, below the results.
const ExploreCharts = lazy(() =>
  import('../../features/explore/components/explore-charts').then((m) => ({ default: m.ExploreCharts })),
);

/** Height of the folded "Charts" header (px): the room kept for it until the charts load. */
const CHARTS_HEADER_HEIGHT = 48;

/**
 * Explore data (spec §1): filters, then a list, grid or map of the observations, then charts; all in the
 * URL. The server renders the title and lead, and at the plain address the first page of observations
 * (`ExploreFirstPage`, docs/adr/0039); the rest, drawn from the URL's filters, reference data and the
 * API, once the page has hydrated.
 */
export function ExplorePage() {
  const { t } = useTranslation('explore');
  usePageTitle(t('common:explore.title'));
  // "Show filters" pressed on the server-drawn first screen once it answers, before the app has drawn its own
  // (a transition that may take a while on a slow phone): the app's filters then come open.
  const [filtersPressed, setFiltersPressed] = useState(false);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('common:explore.title')}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '75ch' }}>{t('lead')}</Typography>
      <AfterHydration fallback={<ExploreFirstPage onShowFilters={() => setFiltersPressed(true)} />}>
        <ExploreUrlAdapter>
          <Explore filtersPressed={filtersPressed} />
        </ExploreUrlAdapter>
      </AfterHydration>
    </>
  );
}

/**
 * Explore once the app runs.
 * @param filtersPressed "Show filters" was pressed on the first screen before this was drawn: they come open
 */
function Explore({ filtersPressed }: { filtersPressed: boolean }) {
  const { view, sort, page, filters, setView, setSort, setPage, patchFilters, setFilters } = useExploreUrl();
  // Reference data (provinces, milkweeds) arrive after the page: the filters and results they change are
  // drawn again in a background render that yields to the browser (main thread).
  const params = useDeferredValue(useParamsData().data);
  const resetFilters = () => setFilters({});
  // Where IntersectionObserver is missing (old browsers, jsdom), the charts load at once.
  const { ref: chartsRef, inView: chartsNear } = useInView({
    triggerOnce: true,
    rootMargin: '300px 0px',
    fallbackInView: true,
  });
  return (
    <>
      <Stack
        direction="row"
        sx={{ gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <ExploreViewSwitch value={view} onChange={setView} />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {(view === 'list' || view === 'grid') && <ExploreSortSelect value={sort} onChange={setSort} />}
          <DownloadButton filters={filters} />
        </Stack>
      </Stack>
      <Box sx={{ mb: 2 }}>
        <ExploreFiltersPanel
          filters={filters}
          params={params}
          onChange={patchFilters}
          onReset={resetFilters}
          flaggedOutByDefault={view === 'density'}
          initiallyOpen={filtersPressed}
        />
      </Box>
      {view === 'map' ? (
        <Suspense fallback={<Box ref={parkMapIsland} sx={MAP_BOX_SX} />}>
          <ExploreMap filters={filters} onClear={resetFilters} />
        </Suspense>
      ) : view === 'density' ? (
        <Suspense fallback={<Box sx={{ height: 420 }} />}>
          <DensityView filters={filters} params={params} />
        </Suspense>
      ) : (
        <ObservationResults view={view} filters={filters} sort={sort} page={page} params={params} onPage={setPage} />
      )}
      <Box ref={chartsRef} sx={{ minHeight: CHARTS_HEADER_HEIGHT, mt: 3 }}>
        {chartsNear && (
          <Suspense fallback={null}>
            <ExploreCharts filters={filters} params={params} onChange={patchFilters} />
          </Suspense>
        )}
      </Box>
    </>
  );
}
