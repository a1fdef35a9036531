import { Alert, Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteHistory } from '@mm/shared';
import { formatDate } from '../../../lib/format-date';
import { LocaleLink, useLocale } from '../../../lib/links';
import { siteWeeks } from '../site-weeks';
import { WEEK_CHART_ROOM_PX } from './site-weeks-chart-room';

/** The per-week chart with MUI X Charts: a chunk of its own (≈ 90 KB gzip), loaded once the page shows. */
const SiteWeeksChart = lazy(async () => ({ default: (await import('./site-weeks-chart')).SiteWeeksChart }));

/**
 * Per-site history: the site, a per-ISO-week bar chart of the season (counts per life stage,
 * with its table for screen readers) and the visits newest first, each linking to its details.
 * A private site shown generalised says so and names no place.
 */
export function SiteHistoryView({ history, actions }: { history: SiteHistory; actions?: ReactNode }) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const n = new Intl.NumberFormat(lng);
  const { site, visits } = history;
  const weeks = siteWeeks(visits);
  const place = site.exact
    ? [site.locality, site.city, site.province].filter(Boolean).join(', ')
    : t('site_history.private_place', { province: site.province ?? '—' });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('site_history.title')}
        </Typography>
        <Typography color="text.secondary">{place}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('site_history.coordinates', {
            lat: site.latitude.toFixed(site.exact ? 5 : 2),
            lng: site.longitude.toFixed(site.exact ? 5 : 2),
          })}
        </Typography>
        {!site.exact && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('site_history.private_note')}
          </Alert>
        )}
      </Box>
      {actions}
      <Paper component="figure" sx={{ m: 0, p: { xs: 1.5, md: 3 } }}>
        <Typography component="figcaption" variant="h6">
          {t('site_history.per_week')}
        </Typography>
        {/* The chart's code (MUI X Charts) loads with it, after the page; its room is kept meanwhile. */}
        <Box role="img" aria-label={t('site_history.per_week')} sx={{ minHeight: WEEK_CHART_ROOM_PX }}>
          <Suspense fallback={<div className="mm-placeholder" style={{ height: WEEK_CHART_ROOM_PX }} />}>
            <SiteWeeksChart weeks={weeks} />
          </Suspense>
        </Box>
      </Paper>
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <caption>{t('site_history.visits_caption', { count: visits.length })}</caption>
          <TableHead>
            <TableRow>
              {(['date', 'week', 'adults', 'eggs', 'caterpillars', 'chrysalises', 'stems'] as const).map((k) => (
                <TableCell key={k} component="th" scope="col" align={k === 'date' || k === 'week' ? 'left' : 'right'}>
                  {t(`site_history.columns.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visits.map((v) => (
              <TableRow key={v.checklist_id}>
                <TableCell component="th" scope="row">
                  <Link component={LocaleLink} href={`/checklists/view?id=${v.checklist_id}`}>
                    {formatDate(v.checklist_date, lng)}
                  </Link>
                </TableCell>
                <TableCell>
                  {t('site_history.week_label', { year: v.iso_year, week: String(v.iso_week).padStart(2, '0') })}
                </TableCell>
                <TableCell align="right">{n.format(v.adults)}</TableCell>
                <TableCell align="right">{n.format(v.eggs)}</TableCell>
                <TableCell align="right">{n.format(v.caterpillars)}</TableCell>
                <TableCell align="right">{n.format(v.chrysalises)}</TableCell>
                <TableCell align="right">{v.stems_inspected === null ? '—' : n.format(v.stems_inspected)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
