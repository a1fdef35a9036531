import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, get, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_REASON_MAX_CHARS,
  type ObservationStatusId,
  type CreateDownloadInput,
  type createDownloadInputSchema,
} from '@mm/shared';
import { useFieldError } from '../../../lib/form-errors';
import { useParamsData } from '../../../entities/params/get-params';

/** The form's values, before the schema trims the text. */
export type DownloadFormValues = z.input<typeof createDownloadInputSchema>;

/**
 * Format (with a one-line explanation each; the archive may also hold the records GBIF already
 * publishes), flagged records left out or not (docs/adr/0035), for admins exact positions of private
 * sites, statuses (those the requester may see, all ticked at first) and reason: one of the listed reasons and/or free text. "Reason is required."
 * (spec §5) shows on the reason list when neither is given.
 */
export function DownloadForm({
  form,
  statusChoices,
  isAdmin = false,
}: {
  form: UseFormReturn<DownloadFormValues, unknown, CreateDownloadInput>;
  statusChoices: readonly ObservationStatusId[];
  /** Admins may also ask for the exact points of private sites (`exact_positions`). */
  isAdmin?: boolean;
}) {
  const { t } = useTranslation('downloads');
  const fieldError = useFieldError();
  const { data: params } = useParamsData();
  const { control, register, formState } = form;
  const [reasonId, reasonText, format] = useWatch({ control, name: ['reason_id', 'reason_text', 'format'] });
  // The schema's "neither reason" rule reports on `reason`, which no input revalidates: it goes as soon as one is given.
  const reasonGiven = reasonId !== undefined || (reasonText ?? '').trim() !== '';
  const reasonError = reasonGiven
    ? undefined
    : get<typeof formState.errors, FieldError | undefined>(formState.errors, 'reason');
  return (
    <Stack spacing={2.5} sx={{ pt: 0.5 }}>
      <Typography>{t('intro')}</Typography>
      <Controller
        control={control}
        name="format"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="download-format-label">{t('format')}</FormLabel>
            <RadioGroup aria-labelledby="download-format-label" {...field}>
              {DOWNLOAD_FORMATS.map((format) => (
                <FormControlLabel
                  key={format}
                  value={format}
                  control={<Radio />}
                  label={
                    <span>
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {t(`formats.${format}.label`)}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                      >{` — ${t(`formats.${format}.help`)}`}</Typography>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {format === 'dwca' && (
        <Controller
          control={control}
          name="include_gbif"
          render={({ field }) => (
            <FormControl>
              <FormControlLabel
                label={t('include_gbif')}
                control={<Checkbox checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
              />
              <FormHelperText>{t('include_gbif_help')}</FormHelperText>
            </FormControl>
          )}
        />
      )}
      <Controller
        control={control}
        name="exclude_flagged"
        render={({ field }) => (
          <FormControl>
            <FormControlLabel
              label={t('exclude_flagged')}
              control={<Checkbox checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
            />
            <FormHelperText>{t('exclude_flagged_help')}</FormHelperText>
          </FormControl>
        )}
      />
      {isAdmin && (
        <Controller
          control={control}
          name="exact_positions"
          render={({ field }) => (
            <FormControl>
              <FormControlLabel
                label={t('exact_positions')}
                control={<Checkbox checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
              />
              <FormHelperText>{t('exact_positions_help')}</FormHelperText>
            </FormControl>
          )}
        />
      )}
      <Controller
        control={control}
        name="statuses"
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error} component="fieldset" variant="standard">
            <FormLabel component="legend">{t('statuses')}</FormLabel>
            <FormGroup row>
              {statusChoices.map((id) => (
                <FormControlLabel
                  key={id}
                  label={t(`common:status.${id}`)}
                  control={
                    <Checkbox
                      checked={field.value.includes(id)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, id] : field.value.filter((v: number) => v !== id),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldError(fieldState.error, 'statuses') ?? t('statuses_help')}</FormHelperText>
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="reason_id"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            label={t('common:fields.reason')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!reasonError || !!formState.errors.reason_id}
            helperText={fieldError(reasonError, 'reason') ?? fieldError(formState.errors.reason_id, 'reason')}
          >
            <MenuItem value="">
              <em>{t('reason_none')}</em>
            </MenuItem>
            {(params?.reasons ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {/* A plain textarea of fixed rows, not MUI's autosizing one (docs/adr/0045). */}
      <TextField
        multiline
        fullWidth
        rows={2}
        label={t('reason_text')}
        {...register('reason_text')}
        error={!!formState.errors.reason_text}
        helperText={
          fieldError(formState.errors.reason_text, 'reason') ??
          t('reason_text_help', { max: DOWNLOAD_REASON_MAX_CHARS })
        }
        slotProps={{
          input: { inputComponent: 'textarea' },
          htmlInput: { maxLength: DOWNLOAD_REASON_MAX_CHARS, style: { resize: 'vertical' } },
        }}
      />
      <FormHelperText component="p" sx={{ m: 0 }}>
        {t('licence')}
      </FormHelperText>
    </Stack>
  );
}
