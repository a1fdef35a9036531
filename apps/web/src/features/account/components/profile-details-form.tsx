import { Alert, Button, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { DEFAULT_LICENSE, isLicenseCode, LICENSE_CODES, LOCALES, type MyProfile } from '@mm/shared';
import { showServerErrors, useFieldError } from '../../../lib/form-errors';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { languageLabelKeys } from '../../../lib/languages';
import { useParamsData } from '../../../entities/params/get-params';
import { updateProfile, updateUser } from '../api/profiles';

/** The user fields and the nested profile in one schema, loaded after the form renders. */
async function loadProfileFormSchema() {
  const { updateProfileInputSchema, updateUserInputSchema } = await import('../../../lib/shared-schemas');
  return updateUserInputSchema.extend(updateProfileInputSchema.shape);
}
type ProfileFormSchema = Awaited<ReturnType<typeof loadProfileFormSchema>>;
type ProfileFormInput = z.input<ProfileFormSchema>;
type ProfileFormOutput = z.output<ProfileFormSchema>;

const OPT_INS = ['newsletter', 'obsend', 'obreceive', 'vetting_emails', 'visit_reminders'] as const;

function defaults(me: MyProfile): ProfileFormInput {
  return {
    first_name: me.first_name,
    last_name: me.last_name,
    email: me.email,
    language: me.language as ProfileFormInput['language'],
    country_id: me.country_id,
    province_id: me.province_id,
    club: me.profile?.club ?? '',
    species_name: me.profile?.species_name ?? '',
    bio: me.profile?.bio ?? '',
    newsletter: me.profile?.newsletter ?? false,
    obsend: me.profile?.obsend ?? false,
    obreceive: me.profile?.obreceive ?? false,
    vetting_emails: me.profile?.vetting_emails ?? true,
    visit_reminders: me.profile?.visit_reminders ?? true,
    license: me.profile && isLicenseCode(me.profile.license) ? me.profile.license : DEFAULT_LICENSE,
  };
}

/** Edits the user fields (spec §3: names, email, language, province, country) and the nested profile. */
export function ProfileDetailsForm({ me, onDone }: { me: MyProfile; onDone: () => void }) {
  const { t } = useTranslation('account');
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const { data: params } = useParamsData();
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<
    ProfileFormInput,
    unknown,
    ProfileFormOutput
  >({
    resolver: lazySchemaResolver(loadProfileFormSchema),
    defaultValues: defaults(me),
  });
  const mutation = useMutation({
    mutationFn: async ({
      first_name,
      last_name,
      email,
      language,
      province_id,
      country_id,
      ...profile
    }: ProfileFormOutput) => {
      await updateUser(me.user_id, { first_name, last_name, email, language, province_id, country_id });
      await updateProfile(profile);
    },
    onSuccess: async () => {
      toast.success(t('profile.saved'));
      await queryClient.invalidateQueries({ queryKey: ['myprofile'] });
      await queryClient.invalidateQueries({ queryKey: ['public-profile'] });
      onDone();
    },
    onError: (err) => {
      showServerErrors(err, setError, t('common:errors.network'));
    },
  });
  const { errors } = formState;
  const countryId = useWatch({ control, name: 'country_id' });
  const text = (name: 'first_name' | 'last_name' | 'email', autoComplete: string, type = 'text') => (
    <TextField
      fullWidth
      label={t(`common:fields.${name}`)}
      type={type}
      autoComplete={autoComplete}
      required
      {...register(name)}
      error={!!errors[name]}
      helperText={fieldError(errors[name], name)}
    />
  );
  const optional = (name: 'club' | 'species_name' | 'bio', multiline = false) => {
    const props = {
      fullWidth: true,
      label: t(`profile.${name}`),
      ...register(name),
      error: !!errors[name],
      helperText: fieldError(errors[name], name),
    };
    // A plain textarea of fixed rows, not MUI's autosizing one (docs/adr/0045).
    return multiline ? (
      <TextField
        {...props}
        multiline
        rows={3}
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { style: { resize: 'vertical' } } }}
      />
    ) : (
      <TextField {...props} />
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((v) => mutation.mutate(v))}
      aria-label={t('profile.details')}
    >
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('first_name', 'given-name')}
        {text('last_name', 'family-name')}
      </Stack>
      {text('email', 'email', 'email')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <TextField select fullWidth label={t('common:fields.language')} {...field}>
              {LOCALES.map((l) => (
                <MenuItem key={l} value={l} lang={l}>
                  {t(`common:${languageLabelKeys[l]}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="country_id"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('profile.country')}
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.target.value === '' ? null : Number(e.target.value));
                setValue('province_id', null);
              }}
            >
              <MenuItem value="">{t('profile.none')}</MenuItem>
              {params?.countries.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.country}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="province_id"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('profile.province')}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              error={!!errors.province_id}
              helperText={fieldError(errors.province_id, 'province_id')}
            >
              <MenuItem value="">{t('profile.none')}</MenuItem>
              {params?.provinces
                .filter((p) => !countryId || p.country_id === countryId)
                .map((p) => (
                  <MenuItem key={p.province_id} value={p.province_id}>
                    {p.province}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {optional('club')}
        {optional('species_name')}
      </Stack>
      {optional('bio', true)}
      <Controller
        control={control}
        name="license"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            label={t('profile.license')}
            value={field.value ?? DEFAULT_LICENSE}
            onChange={(e) => field.onChange(e.target.value)}
            helperText={fieldError(errors.license, 'license') || t('profile.license_help')}
            error={!!errors.license}
          >
            {LICENSE_CODES.map((code) => (
              <MenuItem key={code} value={code}>
                {t(`common:licenses.${code}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormGroup>
        {OPT_INS.map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t(`profile.${name}`)}
              />
            )}
          />
        ))}
      </FormGroup>
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {t('profile.save')}
        </Button>
        <Button onClick={onDone}>{t('profile.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
