import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmSignup } from '../../features/auth/components/confirm-signup';
import { useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Confirm your email address (`/users/confirm?token=…`, open to anyone): creates the account and signs it in. */
export function ConfirmSignupPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('confirm.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalePath();
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('confirm.title')}
        </Typography>
        <ConfirmSignup
          token={params.get('token') ?? ''}
          onDone={(user) => {
            toast.success(t('common:toast.signed_up', { username: user.username }));
            void navigate(to('/submit/submit-data'));
          }}
        />
      </Paper>
    </Box>
  );
}
