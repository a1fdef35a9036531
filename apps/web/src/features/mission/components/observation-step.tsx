import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams } from '@mm/shared';
import { blankMilkweed, type MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format-date';
import { useLocale } from '../../../lib/links';
import { useMissionPhotoPrefill } from '../use-mission-photo-prefill';
import { useSiteEditing } from '../use-site-editing';
import { MilkweedRowCard } from './milkweed-row-card';

/** The error on the milkweed list itself (none or too many rows), wherever the resolver put it. */
function listError(errors: unknown): FieldError | undefined {
  const e = errors as (FieldError & { root?: FieldError }) | undefined;
  return e?.root ?? (e?.message ? e : undefined);
}

/**
 * Step 3 What: milkweed stems inspected, the milkweed rows (add, remove with confirmation), "I saw
 * monarchs" with the counts and pictures of each life stage per row, and a comment. A picture taken on
 * another day than the date kept in Step 2 offers its day ("Use this date"); `editing`: a saved
 * mission, whose date a picture never touches.
 */
export function ObservationStep({
  params,
  onBusy,
  editing,
}: {
  params: LoadParams;
  onBusy: (delta: number) => void;
  editing: boolean;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const fieldError = useFieldError();
  const { register, control, getValues, setValue, formState } = useFormContext<MissionFormValues>();
  const errors = formState.errors.observation;
  const { fields, append, remove } = useFieldArray({ control, name: 'observation.milkweeds' });
  const monarchsSeen = useWatch({ control, name: 'observation.monarchs_seen' });
  const milkweedsError = listError(errors?.milkweeds);
  // The visit date was kept in Step 2: a picture taken on another day offers its day, never replaces it.
  const prefill = useMissionPhotoPrefill(editing, useSiteEditing().setPoint, true);

  // Pictures point at their row by index: drop the removed row's, shift the ones after it.
  const removeRow = (index: number) => {
    const photos = getValues('observation.photos')
      .filter((p) => p.milkweed_index !== index)
      .map((p) => (p.milkweed_index > index ? { ...p, milkweed_index: p.milkweed_index - 1 } : p));
    setValue('observation.photos', photos, { shouldDirty: true });
    remove(index);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TextField
        required
        type="number"
        label={t('fields.stems_inspected')}
        {...register('observation.stems_inspected', { valueAsNumber: true })}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        error={!!errors?.stems_inspected}
        helperText={fieldError(errors?.stems_inspected, 'stems_inspected') ?? t('observation.stems_help')}
        sx={{ maxWidth: { md: 420 } }}
      />
      <Box>
        <Controller
          control={control}
          name="observation.monarchs_seen"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={t('common:fields.monarchs_seen')}
              sx={{ minHeight: 44 }}
            />
          )}
        />
        <FormHelperText sx={{ mt: 0 }}>
          {monarchsSeen ? t('observation.monarchs_seen_help') : t('observation.no_monarchs_help')}
        </FormHelperText>
        {errors?.monarchs_seen && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {fieldError(errors.monarchs_seen, 'monarchs_seen')}
          </Alert>
        )}
      </Box>
      <Box component="section" aria-labelledby="mission-milkweeds" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="mission-milkweeds" variant="h6" component="h3">
          {t('common:fields.milkweeds')}
        </Typography>
        {fields.length === 0 && <Typography color="text.secondary">{t('observation.no_rows')}</Typography>}
        {milkweedsError && <Alert severity="error">{fieldError(milkweedsError, 'milkweeds')}</Alert>}
        {fields.map((f, index) => (
          <MilkweedRowCard
            key={f.id}
            index={index}
            params={params}
            monarchsSeen={monarchsSeen}
            onRemove={() => removeRow(index)}
            onBusy={onBusy}
            onFilesPicked={prefill.onFilesPicked}
          />
        ))}
        {prefill.note && (
          <Alert severity="info" onClose={prefill.clearNote}>
            {t(`common:flash.${prefill.note}`)}
          </Alert>
        )}
        {prefill.offeredDate && (
          <Alert
            severity="info"
            onClose={prefill.dismissDate}
            action={
              <Button color="inherit" size="small" onClick={prefill.acceptDate} sx={{ minHeight: 44 }}>
                {t('common:flash.exif_date_use')}
              </Button>
            }
          >
            {t('common:flash.exif_date_offer', {
              photo: formatDate(prefill.offeredDate, lng),
              kept: formatDate(getValues('checklist.checklist_date'), lng),
            })}
          </Alert>
        )}
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => append(blankMilkweed())}
          sx={{ justifySelf: 'start', minHeight: 44 }}
        >
          {t('observation.add_row')}
        </Button>
      </Box>
      {/* A plain textarea of fixed rows, not MUI's autosizing one (docs/adr/0045). */}
      <TextField
        multiline
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { style: { resize: 'vertical' } } }}
        fullWidth
        rows={3}
        label={t('common:fields.comment')}
        {...register('observation.comment')}
        error={!!errors?.comment}
        helperText={fieldError(errors?.comment, 'comment')}
      />
    </Box>
  );
}
