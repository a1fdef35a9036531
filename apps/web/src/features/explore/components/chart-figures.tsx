import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreStats, LoadParams } from '@mm/shared';
import { useLocale } from '../../../lib/links';
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

/** A chart as a figure: its caption, a text summary, the drawing (an image named by both), then `children`. */
function ChartFigure({
  title,
  summary,
  chart,
  children,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Box role="img" aria-label={`${title}. ${summary}`}>
        {chart}
      </Box>
      {children}
    </Box>
  );
}

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
    <ChartFigure
      title={t('charts.per_week')}
      summary={summary}
      chart={
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
      }
    >
      <ChartTable
        caption={t('charts.per_week')}
        head={[t('charts.week_axis'), ...stats.stages.map((s) => stageName(s.lifestage_id))]}
        rows={stats.weeks.map((w, i) => [weekLabel(w), ...stats.stages.map((s) => s.data[i] ?? 0)])}
      />
    </ChartFigure>
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
    <ChartFigure
      title={t('charts.per_province')}
      summary={summary}
      chart={
        <BarChart
          layout="horizontal"
          height={Math.max(160, 70 + rows.length * 26)}
          yAxis={[{ scaleType: 'band', data: labels, width: 120 }]}
          xAxis={[{ label: t('charts.observations'), tickMinStep: 1 }]}
          series={[{ data: rows.map((r) => r.observations), label: t('charts.observations'), color: '#b34700' }]}
          hideLegend
          margin={{ right: 16 }}
        />
      }
    >
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
    </ChartFigure>
  );
}

/**
 * The two Explore charts for `stats` (spec §1 "Charts"): observations per week of the year stacked by
 * life stage, and per province; each with a text summary and a table for screen readers. Its own
 * chunk with the charts library (≈ 80 KB gzip), loaded when the charts are open (`ExploreCharts`).
 */
export function ChartFigures({
  stats,
  params,
  faded,
}: {
  stats: ExploreStats;
  params: LoadParams | undefined;
  /** Drawn paler while newer figures load. */
  faded: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        opacity: faded ? 0.6 : 1,
      }}
    >
      <WeekChart stats={weekSeries(stats.per_week)} />
      <ProvinceChart data={provinceRows(stats.per_province)} params={params} />
    </Box>
  );
}
