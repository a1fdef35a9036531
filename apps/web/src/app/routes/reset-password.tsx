import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useResetStatus } from '../../features/account/api/recovery';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Reset Password (spec §2 `/users/resetpassword?token=…`, open to anyone): a used or expired link offers to ask again. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const to = useLocalePath();
  const status = useResetStatus(token);
  const askAgain = (
    <Button component={LocaleLink} href="/users/forgotpassword" variant="contained">
      {t('reset.ask_again')}
    </Button>
  );
  let body;
  if (status.isPending) {
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('reset.checking')}</Typography>
      </Stack>
    );
  } else if (status.isError) {
    body = <Alert severity="error">{t('common:errors.please_try_again')}</Alert>;
  } else if (!status.data.valid) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" sx={{ width: '100%' }}>
          {status.data.message ?? t('errors.reset_unknown')}
        </Alert>
        {askAgain}
      </Stack>
    );
  } else {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t('reset.lead', { username: status.data.username })}</Typography>
        <ResetPasswordForm
          token={token}
          onDone={() => {
            toast.success(t('reset.done'));
            void navigate(to('/users/myprofile'));
          }}
        />
      </>
    );
  }
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('reset.title')}
        </Typography>
        {body}
      </Paper>
    </Box>
  );
}
