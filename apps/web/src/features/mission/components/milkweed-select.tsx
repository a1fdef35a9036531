import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams, Locale } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';

type Milkweed = LoadParams['milkweeds'][number];

/** The species' common name in the UI language. */
const milkweedCommonName = (m: Milkweed, lng: Locale) =>
  lng === 'fr' ? m.french_name : lng === 'es' ? m.spanish_name : m.english_name;

/** Lower case without accents, so "asclepiade" finds "Asclépiade". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Milkweed species of one row, found by its common name in the current language OR its Latin name. */
export function MilkweedSelect({ index, params }: { index: number; params: LoadParams }) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const fieldError = useFieldError();
  const { control } = useFormContext<MissionFormValues>();
  const label = (m: Milkweed) => `${milkweedCommonName(m, lng)} (${m.latin_name})`;
  return (
    <Controller
      control={control}
      name={`observation.milkweeds.${index}.milkweed_id`}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={params.milkweeds}
          value={params.milkweeds.find((m) => m.milkweed_id === field.value) ?? null}
          onChange={(_e, m) => field.onChange(m?.milkweed_id ?? null)}
          onBlur={field.onBlur}
          getOptionLabel={label}
          isOptionEqualToValue={(a, b) => a.milkweed_id === b.milkweed_id}
          filterOptions={(options, { inputValue }) => {
            const q = fold(inputValue.trim());
            return q
              ? options.filter((m) => fold(milkweedCommonName(m, lng)).includes(q) || fold(m.latin_name).includes(q))
              : options;
          }}
          autoHighlight
          noOptionsText={t('observation.no_species')}
          renderOption={({ key, ...props }, m) => (
            <Box component="li" key={key} {...props} sx={{ display: 'block !important', py: 1 }}>
              <Typography component="span" sx={{ display: 'block' }}>
                {milkweedCommonName(m, lng)}
              </Typography>
              <Typography component="span" variant="caption" sx={{ display: 'block', fontStyle: 'italic' }}>
                {m.latin_name}
              </Typography>
            </Box>
          )}
          renderInput={(input) => (
            <TextField
              {...input}
              inputRef={field.ref}
              required
              label={t('fields.milkweed_id')}
              error={!!fieldState.error}
              helperText={fieldError(fieldState.error, 'milkweed_id') ?? t('observation.species_help')}
            />
          )}
        />
      )}
    />
  );
}
