import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../entities/session/session-context';
import { useSiteHistory } from '../../entities/site/get-site-history';
import { SiteMonitoring } from '../../features/monitoring/components/site-monitoring';
import { SiteHistoryView } from '../../features/site-history/components/site-history-view';
import { ApiRequestError } from '../../lib/api-client';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Per-site history (`/sites/:siteId`): open to anyone for the site's public visits. */
export function SiteHistoryPage() {
  const { t } = useTranslation('mission');
  usePageTitle(t('site_history.title'));
  const raw = useParams().siteId ?? '';
  const id = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const history = useSiteHistory(id);
  const { user } = useSession();
  const notFound = id === null || (history.error instanceof ApiRequestError && history.error.status === 404);
  if (notFound || history.isError)
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button component={LocaleLink} href="/explore" color="inherit">
            {t('details.to_explore')}
          </Button>
        }
      >
        {notFound ? t('common:errors.not_found') : t('common:errors.please_try_again')}
      </Alert>
    );
  if (!history.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  return (
    <SiteHistoryView
      history={history.data}
      actions={
        user && history.data.site.exact ? (
          <SiteMonitoring siteId={history.data.site.site_id} locality={history.data.site.locality ?? ''} />
        ) : undefined
      }
    />
  );
}
