import { Box, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { SignupForm } from '../../features/auth/components/signup-form';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signup_title'));
  const navigate = useNavigate();
  const to = useLocalePath();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.signup_title')}
        </Typography>
        <SignupForm
          onSuccess={(username) => {
            toast.success(t('toast.signed_up', { username }));
            void navigate(to('/submit/submit-data'));
          }}
        />
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
