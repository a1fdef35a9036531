import {
  Alert,
  Box,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DensityGroup, ExploreFilters, LoadParams } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { useDensity } from '../api/get-density';

/** Leaflet loads with the map only. */
const DensityMap = lazy(() => import('./density-map').then((m) => ({ default: m.DensityMap })));

const COLUMNS = ['visits', 'stems', 'eggs', 'caterpillars', 'per_100_stems'] as const;

/** The figures of one group in column order, written in the page's language. */
function groupFigures(group: DensityGroup, lng: string): string[] {
  const n = new Intl.NumberFormat(lng);
  const d = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return [
    n.format(group.checklists),
    n.format(group.stems),
    n.format(group.eggs),
    n.format(group.caterpillars),
    group.per_100_stems === null ? '—' : d.format(group.per_100_stems),
  ];
}

/**
 * On a phone, six columns do not fit beside each other: each row becomes a small block of its own
 * (heading, then the five figures two by two), under the caption as a heading, so that nothing scrolls
 * sideways and the caption is read whole.
 */
function DensityBlocks({ caption, rows }: { caption: string; rows: [string, DensityGroup][] }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {caption}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {rows.map(([label, group]) => {
          const figures = groupFigures(group, lng);
          return (
            <Box component="li" key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <Typography component="h4" variant="body2" sx={{ fontWeight: 700 }}>
                {label}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 2 }}
              >
                {COLUMNS.map((k, i) => (
                  <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`density.columns.${k}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                      {figures[i]}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function DensityTable({ caption, first, rows }: { caption: string; first: string; rows: [string, DensityGroup][] }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (small) return <DensityBlocks caption={caption} rows={rows} />;
  return (
    <Box sx={{ overflowX: 'auto', mt: 2 }}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {first}
            </TableCell>
            {COLUMNS.map((k) => (
              <TableCell key={k} component="th" scope="col" align="right">
                {t(`density.columns.${k}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, group]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              {groupFigures(group, lng).map((figure, i) => (
                <TableCell key={COLUMNS[i]} align="right">
                  {figure}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Density view: eggs + caterpillars per 100 milkweed stems of the Missions matching the
 * filters, per ISO week as a bar chart with its table, per province as a table, and per 1° cell as
 * a coloured map.
 */
export function DensityView({ filters, params }: { filters: ExploreFilters; params: LoadParams | undefined }) {
  const { t } = useTranslation('explore');
  const query = useDensity(filters);
  if (query.isError && !query.data) return <Alert severity="error">{t('common:errors.please_try_again')}</Alert>;
  if (!query.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  const { per_week, per_province, per_cell, total } = query.data;
  const names = new Map(params?.provinces.map((p) => [p.province_id, p.province]));
  const weekLabel = (w: number) => t('density.week', { week: w });
  return (
    <Box component="section" aria-labelledby="density-title">
      <Typography id="density-title" variant="h5" component="h2" gutterBottom>
        {t('density.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        {t('density.lead')}
      </Typography>
      {total.checklists === 0 ? (
        <Alert severity="info">{t('density.empty')}</Alert>
      ) : (
        <>
          <Box component="figure" sx={{ m: 0 }}>
            <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('density.per_week')}
            </Typography>
            <Box role="img" aria-label={t('density.per_week')}>
              <BarChart
                height={300}
                xAxis={[{ scaleType: 'band', data: per_week.map((w) => w.week), label: t('charts.week_axis') }]}
                yAxis={[{ label: t('density.columns.per_100_stems'), width: 64 }]}
                series={[{ data: per_week.map((w) => w.per_100_stems), label: t('density.series'), color: '#2e7d32' }]}
                margin={{ left: 0, right: 8 }}
              />
            </Box>
          </Box>
          <DensityTable
            caption={t('density.per_week')}
            first={t('charts.week_axis')}
            rows={[...per_week.map((w): [string, DensityGroup] => [weekLabel(w.week), w]), [t('density.total'), total]]}
          />
          <DensityTable
            caption={t('density.per_province')}
            first={t('density.columns.province')}
            rows={per_province.map((p): [string, DensityGroup] => [
              p.province_id === null
                ? t('charts.unknown_province')
                : (names.get(p.province_id) ?? String(p.province_id)),
              p,
            ])}
          />
          {per_cell.length > 0 && (
            <Suspense fallback={<CircularProgress aria-label={t('loading')} sx={{ mt: 3 }} />}>
              <DensityMap cells={per_cell} />
            </Suspense>
          )}
        </>
      )}
    </Box>
  );
}
