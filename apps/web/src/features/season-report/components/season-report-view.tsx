import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonReport } from '@mm/shared';
import { useParamsData } from '../../../entities/params/get-params';
import { formatDate } from '../../../lib/format-date';
import { useLocale } from '../../../lib/links';
import { SEASON_CHART_HEIGHT_PX } from './season-weeks-chart-room';

/** The chart with MUI X Charts: a chunk of its own, loaded once the report shows. */
const SeasonWeeksChart = lazy(async () => ({ default: (await import('./season-weeks-chart')).SeasonWeeksChart }));

/** Life stages in the order of the season: eggs, caterpillars, chrysalises, adults (ids of `lifestages`). */
const STAGE_ORDER = [2, 3, 4, 1] as const;
const COUNTS = ['eggs', 'caterpillars', 'chrysalises', 'adults'] as const;

/**
 * On paper one sheet (A4 or Letter): only the report, the site's header, footer, navigation and the
 * buttons left out, smaller type and tighter rows. Checked by e2e/tests/season-report.spec.ts.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { margin: '10mm' },
      '@media print': {
        'header, footer, nav, .mm-no-print, [role="status"]': { display: 'none !important' },
        body: { background: '#fff' },
        main: { padding: '0 !important', margin: '0 !important' },
      },
    }}
  />
);

/** `sx` of a compact table cell on paper. */
const tightCells = {
  '& th, & td': { px: { xs: 0.75, sm: 2 } },
  '@media print': {
    '& th, & td': { py: 0.1, px: 0.5, fontSize: '0.68rem', lineHeight: 1.25 },
    '& caption': { py: 0.5, px: 0.5, fontSize: '0.68rem' },
  },
};

/**
 * A season report (docs/monitoring.md "Season report"): the place and observer, the season's figures,
 * eggs + caterpillars per 100 stems per ISO week beside the region's, the visits, the first and last
 * day of each life stage and a few photos, with a "Print" button; `actions` (the owner's share link,
 * the year) show on screen only. A private site seen through a share link names no place.
 */
export function SeasonReportView({ report, actions }: { report: SeasonReport; actions?: ReactNode }) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const params = useParamsData();
  const n = new Intl.NumberFormat(lng);
  // The year stands in the title: day and month are enough, and keep the tables narrow on a phone.
  const day = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const province = (id: number | null) => params.data?.provinces.find((p) => p.province_id === id)?.province ?? '—';
  const siteName = new Map(
    report.sites.map((s) => [
      s.site_id,
      s.locality ?? t('season_report.private_site', { province: province(s.province_id) }),
    ]),
  );
  const site = report.scope === 'site' ? report.sites[0] : undefined;
  const place = site
    ? site.exact
      ? [site.locality, site.city, province(site.province_id)].filter(Boolean).join(', ')
      : t('site_history.private_place', { province: province(site.province_id) })
    : t('season_report.all_sites', { count: report.sites.length });
  const region = report.region_province_ids.map(province).join(', ') || '—';
  const stat = (label: string, value: string) => (
    <Box key={label} sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 600, fontSize: '1.15rem', '@media print': { fontSize: '0.9rem' } }}
      >
        {value}
      </Typography>
    </Box>
  );
  const { totals } = report;
  return (
    <Box
      component="article"
      lang={lng}
      sx={{ display: 'grid', gap: 2, '@media print': { gap: 1, fontSize: '0.75rem' } }}
    >
      {printStyles}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ '@media print': { fontSize: '1.4rem' } }}>
            {t('season_report.title', { year: report.year })}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {place}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('season_report.observer', { username: report.username })}
          </Typography>
        </Box>
        <Button
          className="mm-no-print"
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          sx={{ flex: 'none', alignSelf: 'flex-start', minHeight: 44 }}
        >
          {t('season_report.print')}
        </Button>
      </Stack>
      {site && !site.exact && (
        <Alert severity="info" className="mm-no-print">
          {t('site_history.private_note')}
        </Alert>
      )}
      {actions && <Box className="mm-no-print">{actions}</Box>}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(7, 1fr)' },
          '@media print': { gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 },
        }}
      >
        {stat(t('season_report.totals.visits'), n.format(totals.visits))}
        {stat(t('season_report.totals.stems'), n.format(totals.stems_inspected))}
        {COUNTS.map((k) => stat(t(`site_history.columns.${k}`), n.format(totals[k])))}
        {stat(t('season_report.totals.per_100'), totals.per_100_stems === null ? '—' : n.format(totals.per_100_stems))}
      </Box>
      {report.visits.length === 0 && <Alert severity="info">{t('season_report.no_visits')}</Alert>}
      <Paper
        component="figure"
        variant="outlined"
        sx={{ m: 0, p: { xs: 1, md: 2 }, '@media print': { p: 0.5, breakInside: 'avoid' } }}
      >
        <Typography component="figcaption" variant="h6" sx={{ '@media print': { fontSize: '0.85rem' } }}>
          {t('season_report.per_week')}
        </Typography>
        <Box
          role="img"
          aria-label={t('season_report.per_week')}
          sx={{
            minHeight: SEASON_CHART_HEIGHT_PX + 40,
            '@media print': { minHeight: 0, height: '62mm', overflow: 'hidden' },
          }}
        >
          <Suspense fallback={<div className="mm-placeholder" style={{ height: SEASON_CHART_HEIGHT_PX + 40 }} />}>
            <SeasonWeeksChart weeks={report.weeks} regionLabel={t('season_report.series_region', { region })} />
          </Suspense>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('season_report.region_note', { region })}
        </Typography>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          '@media print': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 1 },
        }}
      >
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={tightCells}>
            <caption>{t('season_report.visits_caption', { count: report.visits.length })}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('site_history.columns.date')}
                </TableCell>
                {report.scope === 'volunteer' && (
                  <TableCell component="th" scope="col">
                    {t('season_report.site')}
                  </TableCell>
                )}
                <TableCell component="th" scope="col" align="right">
                  {t('season_report.stems_short')}
                </TableCell>
                {COUNTS.map((k) => (
                  <TableCell key={k} component="th" scope="col" align="right">
                    {t(`season_report.short.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.visits.map((v) => (
                <TableRow key={v.checklist_id}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {dayOf(v.checklist_date)}
                  </TableCell>
                  {report.scope === 'volunteer' && <TableCell>{siteName.get(v.site_id) ?? '—'}</TableCell>}
                  <TableCell align="right">{v.stems_inspected === null ? '—' : n.format(v.stems_inspected)}</TableCell>
                  {COUNTS.map((k) => (
                    <TableCell key={k} align="right">
                      {n.format(v[k])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', '@media print': { gap: 1 } }}>
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={tightCells}>
              <caption>{t('season_report.stages_caption')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('season_report.stage')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('season_report.first')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('season_report.last')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {STAGE_ORDER.map((id) => {
                  const s = report.stages.find((x) => x.lifestage_id === id);
                  return (
                    <TableRow key={id}>
                      <TableCell component="th" scope="row">
                        {t(`common:quality.stages.${id}`)}
                      </TableCell>
                      <TableCell>{s?.first ? dayOf(s.first) : '—'}</TableCell>
                      <TableCell>{s?.last ? dayOf(s.last) : '—'}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Paper>
          {report.photos.length > 0 && (
            <Box component="section" aria-label={t('season_report.photos')}>
              <Typography variant="subtitle2" component="h2">
                {t('season_report.photos')}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 0.5,
                  gridTemplateColumns: 'repeat(3, 1fr)',
                  '& img': {
                    width: '100%',
                    height: 'auto',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    display: 'block',
                    borderRadius: 0.5,
                  },
                  '@media print': { '& img': { maxHeight: '24mm' } },
                }}
              >
                {report.photos.map((p) => (
                  <a key={p.id} href={p.large} target="_blank" rel="noreferrer">
                    <img
                      src={p.small}
                      loading="eager"
                      width={400}
                      height={300}
                      alt={
                        p.lifestage_id === null
                          ? t('season_report.photo_alt_plain', { date: formatDate(p.checklist_date, lng) })
                          : t('season_report.photo_alt', {
                              stage: t(`common:quality.stages.${p.lifestage_id}`),
                              date: formatDate(p.checklist_date, lng),
                            })
                      }
                    />
                  </a>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
