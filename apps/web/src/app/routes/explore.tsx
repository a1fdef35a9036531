import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaginatorBar } from '../../components/ui/paginator-bar';
import { useObservations } from '../../features/observations/api/get-observations';
import { ObservationList } from '../../features/observations/components/observation-list';
import { usePageTitle } from '../../lib/page-title';

/** Explore data: the public observation list, page in the URL (`?page=2`). */
export function ExplorePage() {
  const { t } = useTranslation();
  usePageTitle(t('explore.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isError } = useObservations(page);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('explore.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('explore.lead')}</Typography>
      {isError && <Alert severity="error">{t('errors.please_try_again')}</Alert>}
      {data && (
        <>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('explore.count', { count: data.paginator.total })}</Typography>
          <ObservationList rows={data.data} />
          <PaginatorBar paginator={data.paginator} onPage={(p) => setParams({ page: String(p) })} />
        </>
      )}
    </>
  );
}
