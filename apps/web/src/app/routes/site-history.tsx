import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageDataStatus } from '../../components/ui/page-data-status';
import { useSession } from '../../entities/session/session-context';
import { useSiteHistory } from '../../entities/site/get-site-history';
import { SiteMonitoring } from '../../features/monitoring/components/site-monitoring';
import { SiteHistoryView } from '../../features/site-history/components/site-history-view';
import { ApiRequestError } from '../../lib/api-client';
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
  if (notFound || history.isError || !history.data)
    return <PageDataStatus notFound={notFound} failed={history.isError} />;
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
