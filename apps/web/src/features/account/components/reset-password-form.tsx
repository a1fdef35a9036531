import { Alert, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ResetPasswordInput } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { PasswordField } from '../../../components/ui/password-field';
import { useSession } from '../../../entities/session/session-context';
import { resetPassword } from '../api/recovery';

/** Reset Password: new password twice (spec §5 messages); on success the new session is established. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const fieldError = useFieldError();
  const { establish } = useSession();
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.resetPasswordInputSchema)),
    defaultValues: { password: '', confirm_password: '' },
  });
  const mutation = useMutation({
    mutationFn: async (input: ResetPasswordInput) => establish((await resetPassword(token, input)).oauth_token),
    onSuccess: onDone,
    onError: (err) => {
      showServerErrors(err, setError, t('common:errors.network'));
    },
  });
  const { errors } = formState;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((v) => mutation.mutate(v))}
      aria-label={t('reset.title')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <PasswordField
        label={t('common:fields.password')}
        required
        autoComplete="new-password"
        {...register('password')}
        error={!!errors.password}
        helperText={fieldError(errors.password, 'password')}
      />
      <PasswordField
        label={t('common:fields.confirm_password')}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
        error={!!errors.confirm_password}
        helperText={fieldError(errors.confirm_password, 'confirm_password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
        {t('reset.submit')}
      </Button>
    </Stack>
  );
}
