import AssessmentIcon from '@mui/icons-material/Assessment';
import PlaceIcon from '@mui/icons-material/Place';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMySites } from '../../entities/site/get-my-sites';
import { useMonitoredSites, useSetMonitoring } from '../../entities/site/monitored-sites';
import { useFrequencyText } from '../../features/monitoring/components/frequency-select';
import { MonitoredSiteCard } from '../../features/monitoring/components/monitored-site-card';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { LocaleLink, useLocale } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';

/**
 * My sites (`/submit/sites`, docs/monitoring.md): the volunteer's monitored sites with their last
 * visit, visits this season, whether a visit is due this week and "Visit again"; below, their other
 * sites, each with "Monitor this site". Without network it shows the copy kept on this device.
 */
export function MySitesPage() {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  usePageTitle(t('monitoring.title'));
  const monitored = useMonitoredSites();
  const mine = useMySites(true);
  const set = useSetMonitoring();
  const frequencyText = useFrequencyText();
  const change = (siteId: number, place: string, on: boolean) =>
    set.mutate(
      { siteId, monitored: on },
      {
        onSuccess: () => toast.success(t(on ? 'monitoring.marked_toast' : 'monitoring.unmarked_toast', { place })),
        onError: () => toast.error(t('common:errors.please_try_again')),
      },
    );
  const every = (siteId: number, place: string, everyDays: number) =>
    set.mutate(
      { siteId, monitored: true, input: { every_days: everyDays } },
      {
        onSuccess: () => toast.success(t('monitoring.frequency_toast', { place, frequency: frequencyText(everyDays) })),
        onError: () => toast.error(t('common:errors.please_try_again')),
      },
    );
  const sites = monitored.data?.sites ?? [];
  const ids = new Set(sites.map((s) => s.site_id));
  const others = (mine.data ?? []).filter((s) => !ids.has(s.site_id));

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('monitoring.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('monitoring.lead')}</Typography>
      <Button
        component={LocaleLink}
        href="/submit/sites/report"
        variant="outlined"
        startIcon={<AssessmentIcon />}
        sx={{ mb: 2, minHeight: 44 }}
      >
        {t('season_report.link')}
      </Button>
      {monitored.data?.fromDevice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('monitoring.offline_copy')}
        </Alert>
      )}
      {monitored.isError && <Alert severity="error">{t('common:errors.please_try_again')}</Alert>}
      {monitored.isPending && !monitored.isError ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      ) : (
        monitored.data && (
          <>
            {sites.length === 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('monitoring.none')}
              </Alert>
            )}
            <Grid container spacing={2} component="section" aria-label={t('monitoring.title')}>
              {sites.map((site) => (
                <Grid key={site.site_id} size={{ xs: 12, md: 6 }}>
                  <MonitoredSiteCard
                    site={site}
                    stopping={set.isPending}
                    onStop={() => change(site.site_id, site.locality, false)}
                    onFrequency={(everyDays) => every(site.site_id, site.locality, everyDays)}
                  />
                </Grid>
              ))}
            </Grid>
          </>
        )
      )}
      {mine.data && (
        <Box component="section" sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('monitoring.other_sites')}
          </Typography>
          {mine.data.length === 0 ? (
            <Alert severity="info">{t('monitoring.no_sites')}</Alert>
          ) : (
            <List aria-label={t('monitoring.other_sites')}>
              {others.map((s) => (
                <ListItem key={s.site_id} divider sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <PlaceIcon color="action" />
                  </ListItemIcon>
                  <ListItemText
                    sx={{ flex: '1 1 12rem' }}
                    primary={<LocaleLink href={`/sites/${s.site_id}`}>{s.locality}</LocaleLink>}
                    secondary={t('site.last_used', {
                      date: formatDate(s.last_used.slice(0, 10), lng),
                      count: s.checklists,
                    })}
                  />
                  <Button
                    variant="outlined"
                    onClick={() => change(s.site_id, s.locality, true)}
                    disabled={set.isPending}
                    sx={{ minHeight: 44 }}
                  >
                    {t('monitoring.monitor')}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </>
  );
}

/**
 * The visit reminder email's opt-out link (`/users/reminders-off?token=…`, docs/monitoring.md): open
 * to anyone, it switches the reminders off with the signed token and says so in the page's language.
 */
export function RemindersOffPage() {
  const { t } = useTranslation('mission');
  usePageTitle(t('monitoring.off_title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const off = useMutation({
    mutationFn: (value: string) => api.post<{ visit_reminders: false }>('/users/visit-reminders/off', { token: value }),
  });
  const { mutate } = off;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const failed = !token || off.isError;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('monitoring.off_title')}
      </Typography>
      {failed ? (
        <Alert severity="warning">{t('monitoring.off_failed')}</Alert>
      ) : off.isSuccess ? (
        <Alert severity="success">{t('monitoring.off_done')}</Alert>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} />
          <Typography>{t('monitoring.off_working')}</Typography>
        </Box>
      )}
      <Button component={LocaleLink} href="/users/myprofile" sx={{ mt: 2, minHeight: 44 }}>
        {t('monitoring.to_profile')}
      </Button>
    </>
  );
}
