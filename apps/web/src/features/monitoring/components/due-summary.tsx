import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMonitoredSites } from '../../../entities/site/monitored-sites';
import { LocaleLink } from '../../../lib/links';

/**
 * "N of your sites are due for a visit this week" with a link to My sites (Submit data page;
 * docs/monitoring.md). Nothing while loading, without monitored sites or when none is due.
 */
export function DueSummary() {
  const { t } = useTranslation('mission');
  const monitored = useMonitoredSites();
  const due = (monitored.data?.sites ?? []).filter((s) => s.due).length;
  if (due === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        <Button component={LocaleLink} href="/submit/sites" color="inherit" sx={{ minHeight: 44 }}>
          {t('monitoring.title')}
        </Button>
      }
    >
      {t('monitoring.due_count', { count: due })}
    </Alert>
  );
}
