import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AdminDashboard } from '@mm/shared';

/** Height of the chart (px), as the placeholder's in dashboard.tsx while this chunk loads. */
const CHART_HEIGHT = 260;

/**
 * Submissions per week on the dashboard, a bar chart (@mui/x-charts): a chunk of its own, loaded
 * after the dashboard's figures are drawn (docs/adr/0040).
 */
export function WeeklySubmissionsChart({ weeks }: { weeks: AdminDashboard['per_week'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const weekFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <BarChart
      height={CHART_HEIGHT}
      dataset={weeks.map((w) => ({
        week: weekFormat.format(new Date(`${w.week}T00:00:00Z`)),
        count: w.count,
      }))}
      xAxis={[{ scaleType: 'band', dataKey: 'week', label: translate('mm.dashboard.week') }]}
      yAxis={[{ valueFormatter: (v: number | null) => (v ?? 0).toLocaleString(locale) }]}
      series={[{ dataKey: 'count', label: translate('mm.dashboard.submissions'), color: '#e0701b' }]}
    />
  );
}
