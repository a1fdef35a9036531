import { Alert, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, type LoadParams, type SubmitFlashInput } from '@mm/shared';
import { useFieldError } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/links';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import type { PrefillNote } from '../../../entities/photo/use-photo-prefill';
import { NEW_FLASH_FIELDS, type FlashFormValues } from '../utils/flash-form-values';
import { FormSection } from './form-section';
import { PhotoPicker, type PickedPhoto } from './photo-picker';

/** Rows the comment box shows before it scrolls (the volunteer can drag it taller). */
const COMMENT_ROWS = 3;

export interface FlashWhatSectionProps {
  form: UseFormReturn<FlashFormValues, unknown, SubmitFlashInput>;
  params: LoadParams;
  photos: PickedPhoto[];
  onPhotosChange: (update: (all: PickedPhoto[]) => PickedPhoto[]) => void;
  onFilesPicked: (files: File[]) => void;
  /** What the last photo's data filled in, shown next to the pictures. */
  prefillNote: PrefillNote | null;
  onCloseNote: () => void;
}

/** Flash form "What": count and pictures per life stage, milkweed, comment. */
export function FlashWhatSection({
  form,
  params,
  photos,
  onPhotosChange,
  onFilesPicked,
  prefillNote,
  onCloseNote,
}: FlashWhatSectionProps) {
  const { t } = useTranslation();
  const lng = useLocale();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const photosMessage = errors.photos?.message ?? errors.photos?.root?.message;
  return (
    <FormSection title={t('flash.what')}>
      {errors.adults?.type === 'custom' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fieldError(errors.adults, 'adults')}
        </Alert>
      )}
      {photosMessage && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fieldError({ type: 'photos', message: photosMessage }, 'photos')}
        </Alert>
      )}
      {prefillNote && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={onCloseNote}>
          {t(`flash.${prefillNote}`)}
        </Alert>
      )}
      <Grid container spacing={2}>
        {LIFESTAGE_IDS.map((id, i) => {
          const key = LIFESTAGE_KEYS[i] ?? 'adults';
          const err = errors[key]?.type === 'custom' ? undefined : errors[key];
          return (
            <Grid key={id} size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                type="number"
                label={t(`fields.${key}`)}
                {...register(key, { valueAsNumber: true })}
                defaultValue={NEW_FLASH_FIELDS[key]}
                slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
                error={!!err}
                helperText={fieldError(err, key)}
              />
              <PhotoPicker lifestageId={id} photos={photos} onChange={onPhotosChange} onFilesPicked={onFilesPicked} />
            </Grid>
          );
        })}
        <Grid size={{ xs: 12 }}>
          <Controller
            control={control}
            name="milkweed_id"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t('fields.milkweed_id')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                error={!!errors.milkweed_id}
                helperText={fieldError(errors.milkweed_id, 'milkweed_id')}
              >
                <MenuItem value="">{t('flash.milkweed_none')}</MenuItem>
                {params.milkweeds.map((m) => (
                  <MenuItem
                    key={m.milkweed_id}
                    value={m.milkweed_id}
                  >{`${milkweedName(m, lng) ?? m.latin_name} (${m.latin_name})`}</MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          {/* A plain textarea of fixed rows, not MUI's autosizing one (docs/adr/0045). */}
          <TextField
            multiline
            slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { style: { resize: 'vertical' } } }}
            fullWidth
            rows={COMMENT_ROWS}
            label={t('fields.comment')}
            {...register('comment')}
            defaultValue={NEW_FLASH_FIELDS.comment}
            error={!!errors.comment}
            helperText={fieldError(errors.comment, 'comment')}
          />
        </Grid>
      </Grid>
      <Typography variant="caption" color="text.secondary">
        {t('flash.photos_help')}
      </Typography>
    </FormSection>
  );
}
