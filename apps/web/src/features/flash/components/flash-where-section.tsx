import { Alert, Box, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { Suspense, lazy } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams, SubmitFlashInput } from '@mm/shared';
import { useFieldError } from '../../../lib/form-errors';
import { NEW_FLASH_FIELDS, type FlashFormValues } from '../utils/flash-form-values';
import { FormSection } from './form-section';
import type { LatLng } from '../../../components/map/location-picker';
import { UseMyLocationButton } from './use-my-location-button';
import { useHydrated } from '../../../components/ui/after-hydration';

// Leaflet loads with the map only; the box keeps the map's room meanwhile.
const LocationPicker = lazy(async () => ({
  default: (await import('../../../components/map/location-picker')).LocationPicker,
}));

/**
 * The map's place before the map: its box and its hint below, of their size and colours as `LocationPicker` draws
 * them (the map comes with Leaflet, in the browser only).
 */
function MapBox({ hint }: { hint: string }) {
  return (
    <Box>
      <Box
        sx={{
          height: { xs: 280, md: 380 },
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: '#dfe8d8',
        }}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {hint}
      </Typography>
    </Box>
  );
}

export interface FlashWhereSectionProps {
  form: UseFormReturn<FlashFormValues, unknown, SubmitFlashInput>;
  params: LoadParams;
  point: LatLng | undefined;
  setPoint: (p: LatLng) => void;
  /** True while the province shown was suggested from the point rather than chosen. */
  provinceSuggested: boolean;
  onProvinceChosen: () => void;
}

/** Flash form "Where": map with "use my location", latitude and longitude, locality, city and province. */
export function FlashWhereSection({
  form,
  params,
  point,
  setPoint,
  provinceSuggested,
  onProvinceChosen,
}: FlashWhereSectionProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const shrink = point !== undefined || undefined;
  // Typed coordinates come with no known uncertainty.
  const typedCoordinate = () => form.setValue('coordinate_uncertainty_m', null);
  // The map is the app's (Leaflet runs in the browser only): the server and the hydrating render draw its empty box,
  // of its size, so that nothing moves when it comes (docs/adr/0049).
  const hydrated = useHydrated();
  const mapBox = <MapBox hint={t('flash.map_hint')} />;
  return (
    <FormSection title={t('flash.where')}>
      <UseMyLocationButton onLocate={setPoint} />
      {hydrated ? (
        <Suspense fallback={mapBox}>
          <LocationPicker value={point} onChange={setPoint} />
        </Suspense>
      ) : (
        mapBox
      )}
      {(errors.latitude || errors.longitude) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {fieldError(errors.latitude ?? errors.longitude, 'latitude')}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 6 }}>
          <TextField
            fullWidth
            type="number"
            label={t('fields.latitude')}
            {...register('latitude', { valueAsNumber: true, onChange: typedCoordinate })}
            slotProps={{ inputLabel: { shrink }, htmlInput: { step: 'any', min: -90, max: 90 } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            fullWidth
            type="number"
            label={t('fields.longitude')}
            {...register('longitude', { valueAsNumber: true, onChange: typedCoordinate })}
            slotProps={{ inputLabel: { shrink }, htmlInput: { step: 'any', min: -180, max: 180 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            required
            label={t('fields.locality')}
            {...register('locality')}
            defaultValue={NEW_FLASH_FIELDS.locality}
            error={!!errors.locality}
            helperText={fieldError(errors.locality, 'locality') ?? t('fields.locality_help')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            label={t('fields.city')}
            {...register('city')}
            defaultValue={NEW_FLASH_FIELDS.city}
            error={!!errors.city}
            helperText={fieldError(errors.city, 'city')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="province_id"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                required
                label={t('fields.province_id')}
                value={field.value ?? ''}
                onChange={(e) => {
                  onProvinceChosen();
                  field.onChange(Number(e.target.value));
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.province_id}
                helperText={
                  fieldError(errors.province_id, 'province_id') ??
                  (provinceSuggested ? t('flash.province_suggested') : undefined)
                }
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
        </Grid>
      </Grid>
    </FormSection>
  );
}
