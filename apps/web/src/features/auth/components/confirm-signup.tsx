import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@mm/shared';
import { confirmSignup } from '../../../entities/session/auth-api';
import { useSession } from '../../../entities/session/session-context';
import { ApiRequestError } from '../../../lib/api-client';
import { LocaleLink } from '../../../lib/links';

/**
 * The page of a sign-up's confirmation link: one button creates the account and signs it
 * in (a button, not an automatic request, so mail scanners that open links create nothing). A link
 * that is unknown, expired or used shows the server's translated reason and offers to sign up again.
 */
export function ConfirmSignup({ token, onDone }: { token: string; onDone: (user: SessionUser) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const { establish } = useSession();
  const confirm = useMutation({
    mutationFn: async () => {
      const created = await confirmSignup(token);
      return establish(created.oauth_token);
    },
    onSuccess: (user) => user && onDone(user),
  });
  if (!token) return <Alert severity="warning">{t('confirm.missing')}</Alert>;
  const error = confirm.error;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {error ? (
        <>
          <Alert severity="warning" sx={{ width: '100%' }}>
            {error instanceof ApiRequestError && error.status === 400
              ? error.message
              : t('common:errors.please_try_again')}
          </Alert>
          <Button component={LocaleLink} href="/users/signup" variant="outlined">
            {t('confirm.signup_again')}
          </Button>
        </>
      ) : null}
      {confirm.isPending && <Typography role="status">{t('confirm.confirming')}</Typography>}
      <Button
        variant="contained"
        size="large"
        onClick={() => confirm.mutate()}
        disabled={confirm.isPending || confirm.isSuccess}
      >
        {t('mail.confirm_cta')}
      </Button>
    </Stack>
  );
}
