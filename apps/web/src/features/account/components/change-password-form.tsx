import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { type ChangePasswordInput } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { PasswordField } from '../../../components/ui/password-field';
import { changePassword } from '../api/profiles';
import { LazyAlert } from '../../../components/ui/lazy-alert';

const empty: ChangePasswordInput = { current_password: '', new_password: '', confirm_password: '' };

/** Change password with the current one (spec §5 messages); the other sessions are signed out by the server. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.changePasswordInputSchema)),
    defaultValues: empty,
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(t('profile.password_changed'));
      reset(empty);
    },
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
      aria-label={t('profile.password_title')}
    >
      {errors.root && <LazyAlert severity="error">{errors.root.message}</LazyAlert>}
      <PasswordField
        label={t('profile.current_password')}
        required
        autoComplete="current-password"
        {...register('current_password')}
        error={!!errors.current_password}
        helperText={fieldError(errors.current_password, 'current_password')}
      />
      <PasswordField
        label={t('profile.new_password')}
        required
        autoComplete="new-password"
        {...register('new_password')}
        error={!!errors.new_password}
        helperText={fieldError(errors.new_password, 'new_password')}
      />
      <PasswordField
        label={t('common:fields.confirm_password')}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
        error={!!errors.confirm_password}
        helperText={fieldError(errors.confirm_password, 'confirm_password')}
      />
      <Button type="submit" variant="outlined" disabled={mutation.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.change_password')}
      </Button>
    </Stack>
  );
}
