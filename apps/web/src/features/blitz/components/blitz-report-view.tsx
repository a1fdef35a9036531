import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BlitzReport, LoadParams, Locale } from '@mm/shared';
import { formatDate, todayIso } from '../../../lib/format-date';
import { useLocale } from '../../../lib/links';
import { BlitzTotalsTable, type TotalsRow } from './blitz-totals';

/** The event's name in the page's language. */
const blitzName = (event: BlitzReport['event'], lng: Locale) =>
  lng === 'fr' ? event.name_fr : lng === 'es' ? event.name_es : event.name;

/** Running, to come or over, on today's date (UTC, as the server decides the current event). */
function state(event: BlitzReport['event']): 'running' | 'upcoming' | 'ended' {
  const today = todayIso();
  if (today < event.start_date) return 'upcoming';
  return today > event.end_date ? 'ended' : 'running';
}

/**
 * An event's heading (name, days, state, area) and its totals: the whole event, per country and per
 * province or state, with the definitions under them. Place names come from the reference data.
 */
export function BlitzReportView({ report, params }: { report: BlitzReport; params: LoadParams | undefined }) {
  const { t } = useTranslation('blitz');
  const lng = useLocale();
  const { event } = report;
  const countryName = (id: number | null) =>
    id === null ? t('no_country') : (params?.countries.find((c) => c.id === id)?.country ?? String(id));
  const provinceName = (id: number | null) =>
    id === null ? t('no_province') : (params?.provinces.find((p) => p.province_id === id)?.province ?? String(id));
  const places = [...event.country_ids.map(countryName), ...event.province_ids.map(provinceName)].join(', ');
  const now = state(event);
  const countries: TotalsRow[] = report.per_country.map((c) => ({
    key: String(c.country_id),
    place: countryName(c.country_id),
    ...c,
  }));
  const provinces: TotalsRow[] = report.per_province.map((p) => ({
    key: String(p.province_id),
    place: provinceName(p.province_id),
    ...p,
  }));
  return (
    <Box>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2">
          {blitzName(event, lng)}
        </Typography>
        <Chip size="small" color={now === 'running' ? 'secondary' : 'default'} label={t(`state.${now}`)} />
      </Stack>
      <Typography>
        {t('dates', { from: formatDate(event.start_date, lng, 'full'), to: formatDate(event.end_date, lng, 'full') })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('area', { places })}</Typography>
      {report.total.visits === 0 ? (
        <Typography sx={{ mb: 2 }}>{t('no_observation')}</Typography>
      ) : (
        <>
          <BlitzTotalsTable caption={t('totals')} rows={[{ key: 'all', place: t('whole_event'), ...report.total }]} />
          <BlitzTotalsTable caption={t('per_country')} rows={countries} />
          <BlitzTotalsTable caption={t('per_province')} rows={provinces} closed />
        </>
      )}
      <Typography variant="body2" sx={{ mb: 3, maxWidth: '75ch', color: 'text.secondary' }}>
        {t('definitions')}
      </Typography>
    </Box>
  );
}
