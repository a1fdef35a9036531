import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client';
import { LocaleLink } from '../../../lib/links';

/** Why a Flash submission could not be shown: gone (404, 403) or a failure worth retrying. */
export function FlashLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const gone = error instanceof ApiRequestError && (error.status === 404 || error.status === 403);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={gone ? 'warning' : 'error'}>
        {gone ? t('flash.detail.not_found') : t('errors.please_try_again')}
      </Alert>
      <Button variant="outlined" component={LocaleLink} href="/submit/flash-submissions">
        {t('flash.my_submissions')}
      </Button>
    </Stack>
  );
}
