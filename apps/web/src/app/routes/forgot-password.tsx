import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Forgot username/password (spec §2 `/users/forgotpassword`, open to anyone). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('forgot.title'));
  const [sentTo, setSentTo] = useState<string>();
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('forgot.title')}
        </Typography>
        {sentTo ? (
          <Alert severity="success" role="status">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('forgot.sent_title')}
            </Typography>
            {t('forgot.sent', { email: sentTo })}
          </Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{t('forgot.lead')}</Typography>
            <ForgotPasswordForm onSent={setSentTo} />
          </>
        )}
        <Typography sx={{ mt: 3 }}>
          <Link component={LocaleLink} href="/users/signin">
            {t('forgot.back_to_signin')}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
