import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, CircularProgress, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreFilters, LoadParams } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { useExploreStats } from '../api/get-stats';
import { isoWeekStart, provinceRows, weekSeries, type StageKey } from '../utils/stats-series';
import { ChartTable } from './chart-table';

/** Bar colours per life stage (1–4), then milkweed rows. */
const STAGE_COLORS: Record<string, string> = {
  1: '#d35400',
  2: '#f1c40f',
  3: '#2e7d32',
  4: '#00838f',
  milkweed: '#8d6e63',
};
const stageColor = (id: StageKey) => STAGE_COLORS[String(id ?? 'milkweed')] ?? '#757575';

function WeekChart({ stats }: { stats: ReturnType<typeof weekSeries> }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const stageName = (id: StageKey) => t(`common:lifestage.${id ?? 'milkweed'}`);
  const year = new Date().getUTCFullYear();
  const weekLabel = (w: number) =>
    t('charts.week_from', {
      week: w,
      date: new Intl.DateTimeFormat(lng, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        isoWeekStart(year, w),
      ),
    });
  const totals = stats.weeks.map((_, i) => stats.stages.reduce((n, s) => n + (s.data[i] ?? 0), 0));
  const peak = totals.indexOf(Math.max(...totals));
  const summary = t('charts.per_week_summary', { week: stats.weeks[peak], count: totals[peak] });
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('charts.per_week')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Box role="img" aria-label={`${t('charts.per_week')}. ${summary}`}>
        <BarChart
          height={300}
          xAxis={[
            {
              scaleType: 'band',
              data: stats.weeks,
              label: t('charts.week_axis'),
              valueFormatter: (w: number, ctx) => (ctx.location === 'tick' ? String(w) : weekLabel(w)),
            },
          ]}
          yAxis={[{ label: t('charts.observations'), width: 56, tickMinStep: 1 }]}
          series={stats.stages.map((s) => ({
            data: s.data,
            label: stageName(s.lifestage_id),
            stack: 'total',
            color: stageColor(s.lifestage_id),
          }))}
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <ChartTable
        caption={t('charts.per_week')}
        head={[t('charts.week_axis'), ...stats.stages.map((s) => stageName(s.lifestage_id))]}
        rows={stats.weeks.map((w, i) => [weekLabel(w), ...stats.stages.map((s) => s.data[i] ?? 0)])}
      />
    </Box>
  );
}

function ProvinceChart({ data, params }: { data: ReturnType<typeof provinceRows>; params: LoadParams | undefined }) {
  const { t } = useTranslation('explore');
  const names = new Map(params?.provinces.map((p) => [p.province_id, p.province]));
  const { rows, others, otherCount } = data;
  const labels = rows.map((r) =>
    r.province_id === null ? t('charts.unknown_province') : (names.get(r.province_id) ?? String(r.province_id)),
  );
  const summary = rows[0] ? t('charts.per_province_summary', { province: labels[0], count: rows[0].observations }) : '';
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('charts.per_province')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Box role="img" aria-label={`${t('charts.per_province')}. ${summary}`}>
        <BarChart
          layout="horizontal"
          height={Math.max(160, 70 + rows.length * 26)}
          yAxis={[{ scaleType: 'band', data: labels, width: 120 }]}
          xAxis={[{ label: t('charts.observations'), tickMinStep: 1 }]}
          series={[{ data: rows.map((r) => r.observations), label: t('charts.observations'), color: '#b34700' }]}
          hideLegend
          margin={{ right: 16 }}
        />
      </Box>
      {otherCount > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('charts.others', { count: otherCount, observations: others })}
        </Typography>
      )}
      <ChartTable
        caption={t('charts.per_province')}
        head={[t('filters.province'), t('charts.observations')]}
        rows={rows.map((r, i) => [labels[i] ?? '', r.observations])}
      />
    </Box>
  );
}

/**
 * "Charts" under the results (folded away on demand): observations per week of the year stacked
 * by life stage, and per province, for the current filters; each with a text summary and a
 * table for screen readers.
 */
export function ExploreCharts({ filters, params }: { filters: ExploreFilters; params: LoadParams | undefined }) {
  const { t } = useTranslation('explore');
  const [open, setOpen] = useState(true);
  const stats = useExploreStats(filters, open);
  const weeks = stats.data ? weekSeries(stats.data.per_week) : null;
  const provinces = stats.data ? provinceRows(stats.data.per_province) : null;
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
        {stats.isError && <Alert severity="error">{t('common:errors.please_try_again')}</Alert>}
        {stats.isPending && open && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        )}
        {stats.data && stats.data.total === 0 && <Typography>{t('charts.empty')}</Typography>}
        {weeks && provinces && stats.data && stats.data.total > 0 && (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
              opacity: stats.isPlaceholderData ? 0.6 : 1,
            }}
          >
            <WeekChart stats={weeks} />
            <ProvinceChart data={provinces} params={params} />
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
