import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams } from '@mm/shared';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';

/**
 * Province or state of the site, grouped by country (spec §3 reference data). `note` explains a
 * value the app suggested; `onPicked` tells that the user chose one themselves.
 */
export function ProvinceSelect({
  params,
  note,
  onPicked,
}: {
  params: LoadParams;
  note?: string;
  onPicked: () => void;
}) {
  const { t } = useTranslation('mission');
  const fieldError = useFieldError();
  const { control } = useFormContext<MissionFormValues>();
  return (
    <Controller
      control={control}
      name="site.province_id"
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required
          label={t('common:fields.province_id')}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(Number(e.target.value));
            onPicked();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldError(fieldState.error, 'province_id') ?? note}
          slotProps={{
            formHelperText: { sx: note && !fieldState.error ? { color: 'info.main', fontWeight: 600 } : undefined },
          }}
        >
          {params.countries.flatMap((c) => [
            <MenuItem key={`c${c.id}`} disabled sx={{ fontWeight: 700, opacity: '1 !important' }}>
              {c.country}
            </MenuItem>,
            ...params.provinces
              .filter((p) => p.country_id === c.id)
              .map((p) => (
                <MenuItem key={p.province_id} value={p.province_id}>
                  {p.province}
                </MenuItem>
              )),
          ])}
        </TextField>
      )}
    />
  );
}
