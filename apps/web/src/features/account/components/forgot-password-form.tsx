import { Alert, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ForgotPasswordInput } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { forgotPassword } from '../api/recovery';

/** Forgot username/password: asks for the account's email; `onSent` gets the email once the server answered. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('account');
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.forgotPasswordInputSchema)),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (_answer, input) => onSent(input.email),
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
      aria-label={t('forgot.title')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <TextField
        label={t('common:fields.email')}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={!!errors.email}
        helperText={fieldError(errors.email, 'email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
        {t('forgot.submit')}
      </Button>
    </Stack>
  );
}
