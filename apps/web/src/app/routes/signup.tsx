import { Box, Link, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignupForm } from '../../features/auth/components/signup-form';
import { SignupSent } from '../../features/auth/components/signup-sent';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Sign Up (spec §2 `/users/signup`): the form, then where the confirmation link went. */
export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signup_title'));
  const [sentTo, setSentTo] = useState<string>();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.signup_title')}
        </Typography>
        {sentTo ? <SignupSent email={sentTo} /> : <SignupForm onSent={setSentTo} />}
        <Typography sx={{ mt: 3 }}>
          {t('auth.have_account')}{' '}
          <Link component={LocaleLink} href="/users/signin">
            {t('nav.sign_in')}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
