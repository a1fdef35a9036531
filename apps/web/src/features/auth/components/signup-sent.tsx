import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resendConfirmation } from '../../../entities/session/auth-api';

/** After a sign-up: where the confirmation link went, and a button to send it again. */
export function SignupSent({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const resend = useMutation({ mutationFn: () => resendConfirmation(email) });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" role="status" sx={{ width: '100%' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('confirm.sent_title')}
        </Typography>
        {t('confirm.sent', { email })}
      </Alert>
      {resend.isSuccess && <Alert severity="info">{t('confirm.resent', { email })}</Alert>}
      {resend.isError && <Alert severity="error">{t('common:errors.please_try_again')}</Alert>}
      <Button variant="outlined" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {t('confirm.resend')}
      </Button>
    </Stack>
  );
}
