import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITORING_EVERY_DAYS } from '@mm/shared';
import { useMySites } from '../../../entities/site/get-my-sites';
import { useMonitoredSites, useSetMonitoring } from '../../../entities/site/monitored-sites';
import { LocaleLink } from '../../../lib/links';
import { toast } from '../../../lib/toast';
import { FrequencySelect, useFrequencyText } from './frequency-select';
import { useSiteStanding } from './monitored-site-card';

/**
 * The site page's monitoring controls for the site's owner (docs/monitoring.md): "Monitor this site",
 * or where a monitored site stands with "Visit again" and "Stop monitoring". Nothing for other visitors.
 */
export function SiteMonitoring({ siteId, locality }: { siteId: number; locality: string }) {
  const { t } = useTranslation('mission');
  const mine = useMySites(true);
  const monitored = useMonitoredSites();
  const set = useSetMonitoring();
  const standing = useSiteStanding();
  const frequencyText = useFrequencyText();
  const [everyDays, setEveryDays] = useState(MONITORING_EVERY_DAYS);
  const site = monitored.data?.sites.find((s) => s.site_id === siteId);
  const owned = site !== undefined || (mine.data ?? []).some((s) => s.site_id === siteId);
  if (!owned) return null;
  const change = (on: boolean, everyDays?: number) =>
    set.mutate(
      { siteId, monitored: on, input: everyDays === undefined ? undefined : { every_days: everyDays } },
      {
        onSuccess: () =>
          toast.success(
            site && on && everyDays !== undefined
              ? t('monitoring.frequency_toast', { place: locality, frequency: frequencyText(everyDays) })
              : t(on ? 'monitoring.marked_toast' : 'monitoring.unmarked_toast', { place: locality }),
          ),
        onError: () => toast.error(t('common:errors.please_try_again')),
      },
    );
  return (
    <Alert severity={site?.due ? 'warning' : 'info'} icon={<EventRepeatIcon />}>
      {site ? `${t('monitoring.monitored')} · ${standing(site)}` : t('monitoring.lead')}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
        <FrequencySelect
          value={site?.every_days ?? everyDays}
          disabled={set.isPending}
          onChange={(d) => (site ? change(true, d) : setEveryDays(d))}
        />
        {site ? (
          <>
            <Button
              variant="contained"
              size="small"
              component={LocaleLink}
              href={`/submit/mission?visit=${siteId}`}
              sx={{ minHeight: 44 }}
            >
              {t('monitoring.visit_again')}
            </Button>
            <Button size="small" onClick={() => change(false)} disabled={set.isPending} sx={{ minHeight: 44 }}>
              {t('monitoring.unmonitor')}
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            size="small"
            onClick={() => change(true, everyDays)}
            disabled={set.isPending}
            sx={{ minHeight: 44 }}
          >
            {t('monitoring.monitor')}
          </Button>
        )}
        <Button size="small" component={LocaleLink} href={`/sites/${siteId}/report`} sx={{ minHeight: 44 }}>
          {t('season_report.link')}
        </Button>
      </Stack>
    </Alert>
  );
}
