import { Grid, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../lib/format-date';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';

/**
 * Step 2 When: date (not in the future), start and end time (end ≥ start), number of participants.
 * The date counts as the volunteer's own once shown here (touched): a photo's EXIF date picked in
 * Step 1 afterwards no longer replaces it (use-mission-photo-prefill).
 */
export function ChecklistStep() {
  const { t } = useTranslation('mission');
  const fieldError = useFieldError();
  const { register, formState, getValues, setValue } = useFormContext<MissionFormValues>();
  useEffect(() => {
    setValue('checklist.checklist_date', getValues('checklist.checklist_date'), { shouldTouch: true });
  }, [getValues, setValue]);
  const errors = formState.errors.checklist;
  const shrink = { inputLabel: { shrink: true } };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          required
          type="date"
          label={t('common:fields.checklist_date')}
          {...register('checklist.checklist_date')}
          slotProps={{ ...shrink, htmlInput: { max: todayIso() } }}
          error={!!errors?.checklist_date}
          helperText={fieldError(errors?.checklist_date, 'checklist_date')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          required
          type="number"
          label={t('common:fields.participants')}
          {...register('checklist.participants', { valueAsNumber: true })}
          slotProps={{ htmlInput: { min: 1, max: 500, step: 1, inputMode: 'numeric' } }}
          error={!!errors?.participants}
          helperText={fieldError(errors?.participants, 'participants')}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          fullWidth
          required
          type="time"
          label={t('common:fields.start_time')}
          {...register('checklist.start_time')}
          slotProps={shrink}
          error={!!errors?.start_time}
          helperText={fieldError(errors?.start_time, 'start_time')}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          fullWidth
          required
          type="time"
          label={t('common:fields.end_time')}
          {...register('checklist.end_time')}
          slotProps={shrink}
          error={!!errors?.end_time}
          helperText={fieldError(errors?.end_time, 'end_time')}
        />
      </Grid>
    </Grid>
  );
}
