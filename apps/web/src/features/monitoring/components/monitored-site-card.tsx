import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MonitoredSite } from '@mm/shared';
import { formatDate } from '../../../lib/format-date';
import { LocaleLink, useLocale } from '../../../lib/links';
import { FrequencySelect } from './frequency-select';

/** Where a monitored site stands, in words: due, next visit, out of season or season over. */
export function useSiteStanding() {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const date = (iso: string) => formatDate(iso, lng);
  return (site: MonitoredSite): string => {
    if (site.due) return t('monitoring.due');
    if (!site.in_season && site.next_due !== null)
      return t('monitoring.out_of_season', { start: date(site.season.start), end: date(site.season.end) });
    if (site.next_due === null) return t('monitoring.season_over');
    return t('monitoring.next_due', { date: date(site.next_due) });
  };
}

/**
 * One monitored site in "My sites" (docs/monitoring.md): its place, whether a visit is due this week
 * (or when the next one is), its last visit and visits this season, and "Visit again", which opens a
 * Mission filled in from the last visit (offline too).
 */
export function MonitoredSiteCard({
  site,
  onStop,
  onFrequency,
  stopping,
}: {
  site: MonitoredSite;
  onStop: () => void;
  /** Sets how often the site is visited (days). */
  onFrequency: (everyDays: number) => void;
  stopping: boolean;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const standing = useSiteStanding();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            <LocaleLink href={`/sites/${site.site_id}`}>{site.locality}</LocaleLink>
          </Typography>
          <Chip
            size="small"
            color={site.due ? 'warning' : 'default'}
            variant={site.due ? 'filled' : 'outlined'}
            label={standing(site)}
            sx={{ maxWidth: '60%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          />
        </Stack>
        {site.city && <Typography color="text.secondary">{site.city}</Typography>}
        <Typography sx={{ mt: 1 }}>
          {site.last_visit
            ? t('monitoring.last_visit', { date: formatDate(site.last_visit, lng) })
            : t('monitoring.never_visited')}
        </Typography>
        <Typography>{t('monitoring.visits_this_season', { count: site.visits_this_season })}</Typography>
        <Box sx={{ mt: 1.5 }}>
          <FrequencySelect value={site.every_days} onChange={onFrequency} disabled={stopping} />
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button
          variant={site.due ? 'contained' : 'outlined'}
          component={LocaleLink}
          href={`/submit/mission?visit=${site.site_id}`}
          startIcon={<EventRepeatIcon />}
          sx={{ minHeight: 44 }}
        >
          {t('monitoring.visit_again')}
        </Button>
        <Button onClick={onStop} disabled={stopping} sx={{ minHeight: 44 }}>
          {t('monitoring.unmonitor')}
        </Button>
      </CardActions>
    </Card>
  );
}
