import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { adminDownloadsPerReasonSchema, type AdminDownloadsPerReason } from '@mm/shared';
import type { MonarchDataProvider } from './providers/data-provider';

const PERIODS = { month: 12, week: 12 } as const;
const PALETTE = ['#e0701b', '#2e7d32', '#1565c0', '#8e24aa', '#c62828', '#00838f', '#6d4c41', '#546e7a'];

/** One reason's label: its name, marked when retired; the own-words-only downloads get their own label. */
function reasonLabel(r: AdminDownloadsPerReason['reasons'][number], translate: (key: string) => string): string {
  if (r.reason_id === null) return translate('mm.dashboard.downloads.own_words');
  return r.retired ? `${r.name} (${translate('mm.dashboard.downloads.retired')})` : r.name;
}

/**
 * Downloads per reason over the last 12 months or weeks, for admins: a stacked bar chart
 * and the same figures as a table (downloads, and the records they held per reason in total).
 */
export function DownloadsPerReason() {
  const dataProvider = useDataProvider<MonarchDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [period, setPeriod] = useState<'month' | 'week'>('month');
  const { data } = useQuery({
    queryKey: ['downloads-per-reason', period],
    queryFn: async () =>
      adminDownloadsPerReasonSchema.parse(await dataProvider.downloadsPerReason(period, PERIODS[period])),
  });
  const label = new Intl.DateTimeFormat(
    locale,
    period === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  );
  const count = (p: string, reasonId: number | null) =>
    data?.cells.find((c) => c.period === p && c.reason_id === reasonId)?.downloads ?? 0;
  const key = (reasonId: number | null) => `r${reasonId ?? 'own'}`;
  const number = (n: number) => n.toLocaleString(locale);
  return (
    <Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={period}
        onChange={(_e, v: 'month' | 'week' | null) => v && setPeriod(v)}
        aria-label={translate('mm.dashboard.downloads.period')}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="month">{translate('mm.dashboard.downloads.months')}</ToggleButton>
        <ToggleButton value="week">{translate('mm.dashboard.downloads.weeks')}</ToggleButton>
      </ToggleButtonGroup>
      {!data ? null : data.reasons.length === 0 ? (
        <Typography color="text.secondary">{translate('mm.dashboard.none')}</Typography>
      ) : (
        <>
          <BarChart
            height={260}
            dataset={data.periods.map((p) => ({
              period: label.format(new Date(`${p}T00:00:00Z`)),
              ...Object.fromEntries(data.reasons.map((r) => [key(r.reason_id), count(p, r.reason_id)])),
            }))}
            xAxis={[{ scaleType: 'band', dataKey: 'period' }]}
            yAxis={[{ valueFormatter: (v: number | null) => number(v ?? 0) }]}
            series={data.reasons.map((r, i) => ({
              dataKey: key(r.reason_id),
              label: reasonLabel(r, translate),
              stack: 'downloads',
              color: PALETTE[i % PALETTE.length],
            }))}
          />
          <Box
            component="table"
            aria-label={translate('mm.dashboard.downloads.table')}
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              fontVariantNumeric: 'tabular-nums',
              '& td, & th': { py: 0.5, px: 1, textAlign: 'right' },
              '& th:first-of-type': { textAlign: 'left' },
            }}
          >
            <thead>
              <tr>
                <th scope="col">{translate('mm.dashboard.downloads.reason')}</th>
                {data.periods.map((p) => (
                  <th key={p} scope="col">
                    {label.format(new Date(`${p}T00:00:00Z`))}
                  </th>
                ))}
                <th scope="col">{translate('mm.dashboard.downloads.total')}</th>
                <th scope="col">{translate('mm.dashboard.downloads.records')}</th>
              </tr>
            </thead>
            <tbody>
              {data.reasons.map((r) => (
                <tr key={key(r.reason_id)}>
                  <th scope="row">{reasonLabel(r, translate)}</th>
                  {data.periods.map((p) => (
                    <td key={p}>{number(count(p, r.reason_id))}</td>
                  ))}
                  <td>{number(r.downloads)}</td>
                  <td>{number(r.records)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}
