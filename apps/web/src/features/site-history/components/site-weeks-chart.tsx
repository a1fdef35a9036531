import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { SiteWeek } from '../site-weeks';

const STAGES = ['eggs', 'caterpillars', 'chrysalises', 'adults'] as const;
/** Life stage ids (1 adults … 4 chrysalises), for their translated names. */
const STAGE_IDS = { adults: 1, eggs: 2, caterpillars: 3, chrysalises: 4 } as const;
const COLOURS = { eggs: '#f9a825', caterpillars: '#2e7d32', chrysalises: '#00897b', adults: '#e65100' } as const;

/**
 * The season's monarchs per ISO week, stacked by life stage. A module of its own so that MUI X
 * Charts loads only with it, after the site history page has shown.
 */
export function SiteWeeksChart({ weeks }: { weeks: readonly SiteWeek[] }) {
  const { t } = useTranslation('mission');
  return (
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: weeks.map((w) => w.key), label: t('site_history.week_axis') }]}
      // Counts of monarchs: whole-number ticks only, even when a site saw two.
      yAxis={[{ label: t('site_history.count_axis'), width: 56, tickMinStep: 1 }]}
      series={STAGES.map((s) => ({
        data: weeks.map((w) => w[s]),
        label: t(`common:quality.stages.${STAGE_IDS[s]}`),
        stack: 'stages',
        color: COLOURS[s],
      }))}
      margin={{ left: 0, right: 8 }}
    />
  );
}
