import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { SeasonWeek } from '@mm/shared';
import { SEASON_CHART_HEIGHT_PX } from './season-weeks-chart-room';

/**
 * Eggs + caterpillars per 100 stems per ISO week: the volunteer's and the region's (the density view).
 * A module of its own so that MUI X Charts loads only with it, after the report has shown.
 */
export function SeasonWeeksChart({ weeks, regionLabel }: { weeks: readonly SeasonWeek[]; regionLabel: string }) {
  const { t } = useTranslation('mission');
  return (
    <LineChart
      height={SEASON_CHART_HEIGHT_PX}
      // Drawn at once: a report printed straight after it opens must hold the finished lines.
      skipAnimation
      xAxis={[
        {
          scaleType: 'point',
          data: weeks.map((w) => t('season_report.week_short', { week: w.week })),
          label: t('site_history.week_axis'),
        },
      ]}
      yAxis={[{ label: t('season_report.per_100_axis'), width: 56, min: 0 }]}
      series={[
        {
          data: weeks.map((w) => w.per_100_stems),
          label: t('season_report.series_mine'),
          color: '#e65100',
          curve: 'linear',
          connectNulls: true,
        },
        {
          data: weeks.map((w) => w.region_per_100_stems),
          label: regionLabel,
          color: '#1565c0',
          curve: 'linear',
          connectNulls: true,
          showMark: false,
        },
      ]}
      margin={{ left: 0, right: 8 }}
    />
  );
}
