import { Alert, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LOCALES, type SignupInput, type signupInputSchema } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { languageLabelKeys } from '../../../lib/languages';
import { useLocale } from '../../../lib/links';
import { signup } from '../../../entities/session/auth-api';
import { PasswordField } from '../../../components/ui/password-field';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';

type SignupForm = z.input<typeof signupInputSchema>;

/**
 * Sign-up form of spec §3 with the §5 messages. The server emails a confirmation link:
 * `onSent` gets the email address typed.
 */
export function SignupForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const lng = useLocale();
  const { register, control, handleSubmit, setError, formState } = useForm<SignupForm, unknown, SignupInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.signupInputSchema)),
    defaultValues: {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
      language: lng,
      newsletter: false,
    },
  });
  const mutation = useMutation({
    mutationFn: async (input: SignupInput) => {
      await signup(input);
      return input.email;
    },
    onSuccess: (email) => onSent(email),
    onError: (err) => {
      showServerErrors(err, setError, t('errors.network'));
    },
  });
  const { errors } = formState;
  const text = (name: keyof SignupForm, autoComplete: string, type = 'text') => (
    <TextField
      label={t(`fields.${name}`)}
      type={type}
      autoComplete={autoComplete}
      required
      {...register(name)}
      error={!!errors[name]}
      helperText={fieldError(errors[name], name)}
    />
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((v) => mutation.mutate(v))}
      aria-label={t('auth.signup_title')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      {text('username', 'username')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('first_name', 'given-name')}
        {text('last_name', 'family-name')}
      </Stack>
      {text('email', 'email', 'email')}
      <PasswordField
        label={t('fields.password')}
        required
        autoComplete="new-password"
        {...register('password')}
        error={!!errors.password}
        helperText={fieldError(errors.password, 'password')}
      />
      <PasswordField
        label={t('fields.confirm_password')}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
        error={!!errors.confirm_password}
        helperText={fieldError(errors.confirm_password, 'confirm_password')}
      />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.language')}
            {...field}
            error={!!errors.language}
            helperText={fieldError(errors.language, 'language')}
          >
            {LOCALES.map((l) => (
              <MenuItem key={l} value={l} lang={l}>
                {t(languageLabelKeys[l])}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="newsletter"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('fields.newsletter')}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
        {t('auth.signup_submit')}
      </Button>
    </Stack>
  );
}
