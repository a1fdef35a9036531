import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

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
