import { Box, Button, Typography } from '@mui/material';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ObservationListResponse } from '@mm/shared';
import { PageFallback } from '../../../components/ui/page-fallback';
import { getClientConfigQueryOptions } from '../../../lib/client-config';
import { ObservationCards } from '../../../entities/observation/observation-list';
import { getExploreObservationsQueryOptions } from '../api/get-explore-observations';
import { ExploreFirstControls, ExploreMapFirstScreen } from './explore-map-first-screen';

/**
 * What the server renders of Explore at its plain address (`/explore`, no query string), and what the
 * browser keeps on screen until the app starts (docs/adr/0039): the first page of observations (the
 * data the server rendered it with, in the query cache under Explore's own key), the views as links
 * (`?view=grid` …: a page load, drawn by the app), "Show filters" (`ExploreFirstControls`) and the next page
 * as a link. At `?view=map`, the map's first screen (`ExploreMapFirstScreen`, docs/adr/0042). Without that
 * data (any other address, the server's data missing), the loading screen as before.
 * @param onShowFilters "Show filters" was pressed once the app runs, before it has drawn its own
 */
export function ExploreFirstPage({ onShowFilters }: { onShowFilters: () => void }) {
  const { t } = useTranslation('explore');
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const cached = queryClient.getQueryData<InfiniteData<ObservationListResponse>>(
    getExploreObservationsQueryOptions({}, 1).queryKey,
  );
  const config = queryClient.getQueryData(getClientConfigQueryOptions().queryKey);
  // The map view at its own address (docs/adr/0042), drawn with the tile URL the server put in the cache.
  if (search === '?view=map')
    return config ? (
      <ExploreMapFirstScreen tileUrl={config.map_tile_url} onShowFilters={onShowFilters} />
    ) : (
      <PageFallback />
    );
  const first = cached?.pages[0];
  if (!first) return <PageFallback />;
  return (
    <>
      <ExploreFirstControls current="list" onShowFilters={onShowFilters} />
      <Typography variant="subtitle2" sx={{ mb: 1, minHeight: 24 }}>
        {t('common:explore.count', { count: first.paginator.total })}
      </Typography>
      {first.data.length === 0 ? (
        <Typography sx={{ py: 4 }}>{t('common:explore.empty')}</Typography>
      ) : (
        <ObservationCards rows={first.data} />
      )}
      {first.paginator.hasNext && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" href="?page=2" sx={{ minHeight: 44 }}>
            {t('common:explore.next')}
          </Button>
        </Box>
      )}
    </>
  );
}
