import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreFilters, ExploreSort, LoadParams } from '@mm/shared';
import { PaginatorBar } from '../../../components/ui/paginator-bar';
import { prepareDateFormat } from '../../../lib/format-date';
import { useLocale } from '../../../lib/links';
import { useBatchedCount } from '../../../lib/use-batched-count';
import { ObservationList } from '../../../entities/observation/observation-list';
import { useExploreObservations } from '../api/get-explore-observations';
import { ObservationGrid } from './observation-grid';

interface ObservationResultsProps {
  view: 'list' | 'grid';
  filters: ExploreFilters;
  /** List order (the URL's `sort`). */
  sort: ExploreSort;
  /** First page shown (the URL's `page`). */
  page: number;
  params: LoadParams | undefined;
  onPage: (page: number) => void;
}

/** Rows drawn in the first commit of a page of results, then in each following one (`useBatchedCount`). */
const ROWS_PER_COMMIT = 10;

/**
 * The list or grid of observations, 50 a page (spec §9), with first/previous/next/last paging and
 * "Load more", which appends the next page below the rows already shown (spec §1).
 */
export function ObservationResults({ view, filters, sort, page, params, onPage }: ObservationResultsProps) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const query = useExploreObservations(filters, page, sort);
  // Every row and card shows a date: their format is made in a task of its own while the results load,
  // not in the render that draws the first rows.
  useEffect(() => {
    const timer = setTimeout(() => prepareDateFormat(lng), 0);
    return () => clearTimeout(timer);
  }, [lng]);
  // The rows are drawn in a background render that yields to the browser every few milliseconds
  // (`useDeferredValue`): drawing 50 rows is ≈ 0.1 s of a phone's main thread.
  const data = useDeferredValue(query.data);
  const rows = data?.pages.flatMap((p) => p.data) ?? [];
  const drawn = useBatchedCount(rows.length, ROWS_PER_COMMIT, ROWS_PER_COMMIT);
  const { isError, isFetching, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const goTo = (p: number) => {
    onPage(p);
    document.getElementById('explore-results')?.scrollIntoView({ block: 'start' });
  };

  if (isError && !data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('common:errors.please_try_again')}
      </Alert>
    );
  // While the first page loads, the results keep a screen's height: what follows (the charts) stays
  // below the fold instead of loading at once and then jumping down (main thread and CLS).
  if (!data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'start center', py: 6, minHeight: '100vh' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );

  const last = data.pages[data.pages.length - 1]?.paginator;
  if (!last) return null;
  const shown = drawn < rows.length ? rows.slice(0, drawn) : rows;
  const total = last.total;
  return (
    <Box id="explore-results" sx={{ scrollMarginTop: 80 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, minHeight: 24 }}>
        <Typography variant="subtitle2" aria-live="polite">
          {t('common:explore.count', { count: total })}
        </Typography>
        {isFetching && !isFetchingNextPage && <LinearProgress sx={{ width: 120 }} aria-label={t('loading')} />}
      </Stack>
      <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {view === 'grid' ? <ObservationGrid rows={shown} params={params} /> : <ObservationList rows={shown} />}
      </Box>
      {rows.length === 0 && total > 0 && <Typography sx={{ mt: 1 }}>{t('past_last_page')}</Typography>}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            startIcon={isFetchingNextPage ? <CircularProgress size={18} /> : <ExpandMoreIcon />}
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            sx={{ minHeight: 44 }}
          >
            {t('load_more')}
          </Button>
        </Box>
      )}
      {total > 0 && <PaginatorBar paginator={last} from={page} onPage={goTo} />}
    </Box>
  );
}
