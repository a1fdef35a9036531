import { Alert, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { type ContactInput } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { sendContactMessage } from '../api/contact';

/** Contact Us form: name, email, subject, message; a toast confirms and the form empties. */
export function ContactForm({ defaults }: { defaults?: Partial<ContactInput> }) {
  const { t } = useTranslation('account');
  const fieldError = useFieldError();
  const empty = { name: '', email: '', subject: '', message: '', ...defaults };
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactInput>({
    resolver: lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.contactInputSchema)),
    defaultValues: empty,
  });
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success(t('contact.sent'));
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
      aria-label={t('contact.title')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth
          label={t('contact.name')}
          autoComplete="name"
          required
          {...register('name')}
          error={!!errors.name}
          helperText={fieldError(errors.name, 'name')}
        />
        <TextField
          fullWidth
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          error={!!errors.email}
          helperText={fieldError(errors.email, 'email')}
        />
      </Stack>
      <TextField
        label={t('contact.subject')}
        required
        {...register('subject')}
        error={!!errors.subject}
        helperText={fieldError(errors.subject, 'subject')}
      />
      {/* A plain textarea of fixed rows, not MUI's autosizing one (docs/adr/0045). */}
      <TextField
        multiline
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { style: { resize: 'vertical' } } }}
        label={t('contact.message')}
        required
        rows={6}
        {...register('message')}
        error={!!errors.message}
        helperText={fieldError(errors.message, 'message')}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={mutation.isPending}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {t('contact.send')}
      </Button>
    </Stack>
  );
}
