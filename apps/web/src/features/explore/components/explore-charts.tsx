import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMALL_SCREEN_BREAKPOINT, type ExploreFilters, type LoadParams } from '@mm/shared';
import { useExploreStats } from '../api/get-stats';
import { flaggedLeftOut, flaggedPatch } from '../utils/explore-url';

const ChartFigures = lazy(() => import('./chart-figures').then((m) => ({ default: m.ChartFigures })));

/**
 * "Charts" under the results: observations per week of the year stacked by life stage, and per
 * province, for the current filters (`ChartFigures`). Open at first on wide screens; folded at first
 * on phones (≤ 767 px), where they would otherwise sit right under the map and cost a phone the
 * figures' request and ≈ 80 KB gzip of chart code before anyone asked for them. Flagged records
 * are left out unless the visitor unticks "Leave out flagged records" (`exclude_flagged=0`; docs/adr/0035).
 */
export function ExploreCharts({
  filters,
  params,
  onChange,
}: {
  filters: ExploreFilters;
  params: LoadParams | undefined;
  /** Changes the filters: the charts' "Leave out flagged records", on by default (docs/adr/0035). */
  onChange: (patch: Partial<ExploreFilters>) => void;
}) {
  const { t } = useTranslation('explore');
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  const [open, setOpen] = useState(!small);
  const stats = useExploreStats(filters, open);
  const spinner = (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
  return (
    <Accordion
      expanded={open}
      onChange={(_, o) => setOpen(o)}
      disableGutters
      // MUI wraps the summary in an <h3>: the page's outline wants an <h2> after the <h1>.
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="explore-charts" id="explore-charts-header">
        <Typography component="span" variant="h6">
          {t('charts.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="explore-charts">
        <FormControlLabel
          control={
            <Checkbox
              checked={flaggedLeftOut(filters, true)}
              onChange={(e) => onChange(flaggedPatch(e.target.checked, true))}
            />
          }
          label={t('charts.exclude_flagged')}
          sx={{ mb: 1 }}
        />
        {stats.isError && <Alert severity="error">{t('common:errors.please_try_again')}</Alert>}
        {stats.isPending && open && spinner}
        {stats.data && stats.data.total === 0 && <Typography>{t('charts.empty')}</Typography>}
        {stats.data && stats.data.total > 0 && (
          <Suspense fallback={spinner}>
            <ChartFigures stats={stats.data} params={params} faded={stats.isPlaceholderData} />
          </Suspense>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
