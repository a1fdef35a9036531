import { Alert, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SigninInput } from '@mm/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { signin } from '../../../entities/session/auth-api';
import { useSession } from '../../../entities/session/session-context';
import { PasswordField } from '../../../components/ui/password-field';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';

/** Sign-in form: username (or email) and password; on success the session is established. */
export function SigninForm({ onSuccess }: { onSuccess: (username: string) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { establish } = useSession();
  const { register, handleSubmit, setError, formState } = useForm<SigninInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.signinInputSchema)),
    // No default values: the fields start from what they hold, text typed in the server-rendered form before the
    // app ran (docs/adr/0047); with defaults, react-hook-form would write them into the fields as it hydrates.
  });
  const mutation = useMutation({
    mutationFn: async (input: SigninInput) => {
      const { oauth_token } = await signin(input);
      return establish(oauth_token);
    },
    onSuccess: (user) => user && onSuccess(user.username),
    onError: (err) => {
      showServerErrors(err, setError, t('errors.network'));
    },
  });
  const { errors } = formState;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((v) => mutation.mutate(v))}
      aria-label={t('auth.signin_title')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      {mutation.error instanceof ApiRequestError && mutation.error.status === 401 && !errors.root && (
        <Alert severity="error">{mutation.error.message}</Alert>
      )}
      <TextField
        label={t('fields.login')}
        autoComplete="username"
        {...register('username')}
        error={!!errors.username}
        helperText={fieldError(errors.username, 'username')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        {...register('password')}
        error={!!errors.password}
        helperText={fieldError(errors.password, 'password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
        {t('auth.signin_submit')}
      </Button>
    </Stack>
  );
}
