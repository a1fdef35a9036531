import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, type LoadParams } from '@mm/shared';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';
import { MilkweedSelect } from './milkweed-select';
import { MissionPhotoPicker } from './mission-photo-picker';

type ChoiceField = 'abundance_id' | 'locationsize_id';

/** Abundance or location size of a row, from the reference lists (spec §3). */
function ChoiceSelect({
  index,
  name,
  options,
}: {
  index: number;
  name: ChoiceField;
  options: { id: number; name: string }[];
}) {
  const { t } = useTranslation('mission');
  const fieldError = useFieldError();
  const { control } = useFormContext<MissionFormValues>();
  return (
    <Controller
      control={control}
      name={`observation.milkweeds.${index}.${name}`}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required
          label={t(`common:fields.${name}`)}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldError(fieldState.error, name)}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The four monarch counts of a row, each with its pictures. */
function StageCounts({
  index,
  onBusy,
  onFilesPicked,
}: {
  index: number;
  onBusy: (delta: number) => void;
  onFilesPicked: (files: File[]) => void;
}) {
  const { t } = useTranslation('mission');
  const fieldError = useFieldError();
  const { register, formState } = useFormContext<MissionFormValues>();
  const errors = formState.errors.observation?.milkweeds?.[index];
  return (
    <Grid container spacing={2}>
      {LIFESTAGE_IDS.map((id, i) => {
        const key = LIFESTAGE_KEYS[i] ?? 'adults';
        return (
          <Grid key={id} size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label={t(`common:fields.${key}`)}
              {...register(`observation.milkweeds.${index}.${key}`, {
                valueAsNumber: true,
                deps: ['observation.monarchs_seen'],
              })}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              error={!!errors?.[key]}
              helperText={fieldError(errors?.[key], key)}
            />
            <MissionPhotoPicker milkweedIndex={index} lifestageId={id} onBusy={onBusy} onFilesPicked={onFilesPicked} />
          </Grid>
        );
      })}
    </Grid>
  );
}

interface MilkweedRowCardProps {
  index: number;
  params: LoadParams;
  monarchsSeen: boolean;
  onRemove: () => void;
  onBusy: (delta: number) => void;
  /** The original files of pictures added to the row, e.g. to read their EXIF. */
  onFilesPicked: (files: File[]) => void;
}

/**
 * One milkweed row of step 3: species (common or Latin name), abundance, location size and, when
 * monarchs were seen, the count and pictures of each life stage. Deleting it asks first (spec §5).
 */
export function MilkweedRowCard({
  index,
  params,
  monarchsSeen,
  onRemove,
  onBusy,
  onFilesPicked,
}: MilkweedRowCardProps) {
  const { t } = useTranslation('mission');
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const title = t('observation.row_title', { n: index + 1 });
  return (
    <Paper variant="outlined" role="group" aria-labelledby={titleId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
          aria-label={t('observation.remove_row', { n: index + 1 })}
          sx={{ minHeight: 44 }}
        >
          {t('common:actions.delete')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <MilkweedSelect index={index} params={params} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ChoiceSelect index={index} name="abundance_id" options={params.abundances} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ChoiceSelect index={index} name="locationsize_id" options={params.locationsizes} />
        </Grid>
      </Grid>
      {monarchsSeen && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            {t('observation.monarchs_on_row')}
          </Typography>
          <StageCounts index={index} onBusy={onBusy} onFilesPicked={onFilesPicked} />
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${titleId}-confirm`}>
        <DialogTitle id={`${titleId}-confirm`}>
          {t('observation.confirm_remove_row_title', { n: index + 1 })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('observation.confirm_remove_row')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onRemove();
            }}
          >
            {t('common:actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
