import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useForm, useWatch, type SubmitHandler } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, submitFlashInputSchema, type LoadParams, type SubmitFlashInput } from '@mm/shared';
import { applyServerErrors, useFieldError } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/links';
import { submitFlash } from '../api/flash';
import { LocationPicker, type LatLng } from './location-picker';
import { PhotoPicker, type PickedPhoto } from './photo-picker';

type FlashFormValues = z.input<typeof submitFlashInputSchema>;

const today = () => new Date().toISOString().slice(0, 10);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 } }} aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>{title}</Typography>
      {children}
    </Paper>
  );
}

/**
 * Flash Data form (spec §1, §3, §5): date, point on the map, locality and province, counts of the
 * four life stages, pictures per life stage, optional milkweed and comment. One idempotency key
 * per form, so a double click or a retry saves once.
 */
export function FlashForm({ params, onSaved }: { params: LoadParams; onSaved: (checklistId: number) => void }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const fieldError = useFieldError();
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<FlashFormValues, unknown, SubmitFlashInput>({
    resolver: zodResolver(submitFlashInputSchema),
    defaultValues: { idempotency_key: crypto.randomUUID(), checklist_date: today(), locality: '', city: '', adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0, milkweed_id: null, comment: '', photos: [] },
  });
  const { errors } = formState;
  const [lat, lon] = useWatch({ control, name: ['latitude', 'longitude'] });
  const point = Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lng: lon } : undefined;
  const setPoint = useCallback(
    (p: LatLng) => {
      setValue('latitude', p.lat, { shouldValidate: formState.isSubmitted });
      setValue('longitude', p.lng, { shouldValidate: formState.isSubmitted });
    },
    [setValue, formState.isSubmitted],
  );
  const mutation = useMutation({
    mutationFn: submitFlash,
    onSuccess: (res) => onSaved(res.checklist_id),
    onError: (err) => {
      const message = applyServerErrors(err, setError, t('errors.network'));
      if (message) setError('root', { message });
    },
  });
  const uploading = photos.some((p) => !p.photo_name && !p.error);
  const onSubmit: SubmitHandler<SubmitFlashInput> = (values) => mutation.mutate(values);
  const syncPhotos = (update: (all: PickedPhoto[]) => PickedPhoto[]) =>
    setPhotos((all) => {
      const next = update(all);
      setValue('photos', next.filter((p) => p.photo_name).map((p) => ({ photo_name: p.photo_name as string, lifestage_id: p.lifestage_id })));
      return next;
    });
  const milkweedLabel = (m: LoadParams['milkweeds'][number]) => `${lng === 'fr' ? m.french_name : lng === 'es' ? m.spanish_name : m.english_name} (${m.latin_name})`;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('flash.title')} sx={{ display: 'grid', gap: 3 }}>
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <Section title={t('flash.when')}>
        <TextField type="date" label={t('fields.checklist_date')} required {...register('checklist_date')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }} error={!!errors.checklist_date} helperText={fieldError(errors.checklist_date, 'checklist_date')} />
      </Section>
      <Section title={t('flash.where')}>
        <LocationPicker value={point} onChange={setPoint} />
        {(errors.latitude || errors.longitude) && <Alert severity="error" sx={{ mt: 1 }}>{fieldError(errors.latitude ?? errors.longitude, 'latitude')}</Alert>}
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 6 }}>
            <TextField fullWidth type="number" label={t('fields.latitude')} {...register('latitude', { valueAsNumber: true })} slotProps={{ inputLabel: { shrink: point !== undefined || undefined }, htmlInput: { step: 'any', min: -90, max: 90 } }} />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField fullWidth type="number" label={t('fields.longitude')} {...register('longitude', { valueAsNumber: true })} slotProps={{ inputLabel: { shrink: point !== undefined || undefined }, htmlInput: { step: 'any', min: -180, max: 180 } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField fullWidth required label={t('fields.locality')} {...register('locality')} error={!!errors.locality} helperText={fieldError(errors.locality, 'locality') ?? t('fields.locality_help')} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField fullWidth label={t('fields.city')} {...register('city')} error={!!errors.city} helperText={fieldError(errors.city, 'city')} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="province_id"
              render={({ field }) => (
                <TextField select fullWidth required label={t('fields.province_id')} value={field.value ?? ''} onChange={(e) => field.onChange(Number(e.target.value))} onBlur={field.onBlur} inputRef={field.ref} error={!!errors.province_id} helperText={fieldError(errors.province_id, 'province_id')}>
                  {params.countries.flatMap((c) => [
                    <MenuItem key={`c${c.id}`} disabled sx={{ fontWeight: 700, opacity: '1 !important' }}>{c.country}</MenuItem>,
                    ...params.provinces.filter((p) => p.country_id === c.id).map((p) => <MenuItem key={p.province_id} value={p.province_id}>{p.province}</MenuItem>),
                  ])}
                </TextField>
              )}
            />
          </Grid>
        </Grid>
      </Section>
      <Section title={t('flash.what')}>
        {errors.adults?.type === 'custom' && <Alert severity="error" sx={{ mb: 2 }}>{fieldError(errors.adults, 'adults')}</Alert>}
        <Grid container spacing={2}>
          {LIFESTAGE_IDS.map((id, i) => {
            const key = LIFESTAGE_KEYS[i] ?? 'adults';
            const err = errors[key]?.type === 'custom' ? undefined : errors[key];
            return (
              <Grid key={id} size={{ xs: 12, md: 6 }}>
                <TextField fullWidth type="number" label={t(`fields.${key}`)} {...register(key, { valueAsNumber: true })} slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }} error={!!err} helperText={fieldError(err, key)} />
                <PhotoPicker lifestageId={id} photos={photos} onChange={syncPhotos} />
              </Grid>
            );
          })}
          <Grid size={{ xs: 12 }}>
            <Controller
              control={control}
              name="milkweed_id"
              render={({ field }) => (
                <TextField select fullWidth label={t('fields.milkweed_id')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))} error={!!errors.milkweed_id} helperText={fieldError(errors.milkweed_id, 'milkweed_id')}>
                  <MenuItem value="">{t('flash.milkweed_none')}</MenuItem>
                  {params.milkweeds.map((m) => <MenuItem key={m.milkweed_id} value={m.milkweed_id}>{milkweedLabel(m)}</MenuItem>)}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField fullWidth multiline minRows={3} label={t('fields.comment')} {...register('comment')} error={!!errors.comment} helperText={fieldError(errors.comment, 'comment')} />
          </Grid>
        </Grid>
        <Typography variant="caption" color="text.secondary">{t('flash.photos_help')}</Typography>
      </Section>
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || uploading}>
        {mutation.isPending ? t('flash.submitting') : t('flash.submit')}
      </Button>
    </Box>
  );
}
