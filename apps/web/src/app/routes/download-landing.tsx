import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDownload } from '../../features/downloads/api/get-download';
import { DownloadLanding } from '../../features/downloads/components/download-landing';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { NotFoundPage } from './not-found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/downloads/{id}`: the public landing page of a download; "Resource not found" for an unknown id. */
export function DownloadLandingPage() {
  const { t } = useTranslation('downloads');
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const download = useDownload(valid ? id : null);
  usePageTitle(t('landing.title'));
  const missing = !valid || (download.error instanceof ApiRequestError && download.error.status === 404);
  if (missing) return <NotFoundPage />;
  if (download.isError) return <Alert severity="error">{t('common:errors.please_try_again')}</Alert>;
  if (!download.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  return <DownloadLanding download={download.data} />;
}
