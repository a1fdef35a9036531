import MyLocationIcon from '@mui/icons-material/MyLocation';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams, MySite } from '@mm/shared';
import type { LatLng } from '../../../components/map/location-picker';
import { useMySites } from '../../../entities/site/get-my-sites';
import { getLocateQueryOptions } from '../../../entities/checklist/api/locate';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';
import { MySitesList } from './my-sites-list';
import { ProvinceSelect } from './province-select';
import { SiteMap } from './lazy-site-map';
import type { MapFocus } from './site-map';

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The site part of the form: setters that keep `site_id` honest and suggest a province for a new point. */
function useSiteEditing() {
  const { setValue, getValues, formState } = useFormContext<MissionFormValues>();
  const queryClient = useQueryClient();
  const [suggested, setSuggested] = useState(false);
  const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  // Any manual change makes it a new site: the server would otherwise keep the chosen site as it was.
  const leaveSite = () => {
    if (getValues('site.site_id') != null) setValue('site.site_id', null, opts);
  };
  const suggestProvince = async (p: LatLng) => {
    if (getValues('site.province_id') != null && !suggested) return;
    try {
      const hit = await queryClient.fetchQuery(getLocateQueryOptions(p.lat, p.lng));
      if (hit.province_id === null) return;
      setValue('site.province_id', hit.province_id, opts);
      setSuggested(true);
    } catch {
      // Only a suggestion: the user picks the province anyway.
    }
  };
  const setPoint = (p: LatLng) => {
    setValue('site.latitude', p.lat, opts);
    setValue('site.longitude', p.lng, opts);
    setValue('site.coordinate_uncertainty_m', p.uncertainty ?? null);
    leaveSite();
    void suggestProvince(p);
  };
  const pickSite = (s: MySite) => {
    setValue('site.site_id', s.site_id, opts);
    setValue('site.locality', s.locality, opts);
    setValue('site.city', s.city ?? '', opts);
    setValue('site.province_id', s.province_id, opts);
    setValue('site.latitude', s.latitude, opts);
    setValue('site.longitude', s.longitude, opts);
    setValue('site.is_private', s.is_private, opts);
    // A saved site keeps the uncertainty stored with it.
    setValue('site.coordinate_uncertainty_m', null);
    setSuggested(false);
  };
  /** Typed coordinates: their uncertainty is not known (the point's source is the volunteer's numbers). */
  const typeCoordinate = () => {
    leaveSite();
    setValue('site.coordinate_uncertainty_m', null);
  };
  return { suggested, setSuggested, leaveSite, setPoint, pickSite, typeCoordinate };
}

/**
 * "Private site" (issue 19): public maps, lists and downloads then show the site only at the centre of
 * its 0.1° cell, without its name; the note recalls the protocol's rule about the owner's permission.
 */
function PrivateSiteField() {
  const { t } = useTranslation('mission');
  const { control } = useFormContext<MissionFormValues>();
  return (
    <Box>
      <Controller
        control={control}
        name="site.is_private"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'private-site-note' } }}
              />
            }
            label={t('site.private')}
          />
        )}
      />
      <FormHelperText id="private-site-note">{t('site.private_note')}</FormHelperText>
    </Box>
  );
}

/** Step 1 Where: a point on the map or one of "my locations", then locality, city, province, latitude and longitude. */
export function SiteStep({ params }: { params: LoadParams }) {
  const { t } = useTranslation('mission');
  const fieldError = useFieldError();
  const { register, control, formState } = useFormContext<MissionFormValues>();
  const errors = formState.errors.site;
  const [lat, lng, siteId, locality] = useWatch({
    control,
    name: ['site.latitude', 'site.longitude', 'site.site_id', 'site.locality'],
  });
  const point = isNum(lat) && isNum(lng) ? { lat, lng } : undefined;
  const { suggested, setSuggested, leaveSite, setPoint, pickSite, typeCoordinate } = useSiteEditing();
  const [showSites, setShowSites] = useState(false);
  const [pickedFocus, setPickedFocus] = useState<MapFocus>();
  const sites = useMySites(showSites);
  const shownSites = useMemo(() => (showSites ? (sites.data ?? []) : []), [showSites, sites.data]);
  // Showing my locations frames them all; picking one then zooms on it.
  const sitesFocus = useMemo<MapFocus | undefined>(
    () =>
      shownSites.length > 0 ? { points: shownSites.map((s) => ({ lat: s.latitude, lng: s.longitude })) } : undefined,
    [shownSites],
  );

  const choose = (s: MySite) => {
    pickSite(s);
    setPickedFocus({ point: { lat: s.latitude, lng: s.longitude } });
  };
  const toggleSites = () => {
    setShowSites((v) => !v);
    setPickedFocus(undefined);
  };
  const locationError = errors?.latitude ?? errors?.longitude;
  const coordField = (name: 'latitude' | 'longitude', max: number) => (
    <TextField
      fullWidth
      type="number"
      label={t(`common:fields.${name}`)}
      {...register(`site.${name}`, { valueAsNumber: true, onChange: typeCoordinate })}
      slotProps={{
        inputLabel: { shrink: point !== undefined || undefined },
        htmlInput: { step: 'any', min: -max, max, inputMode: 'decimal' },
      }}
      error={!!errors?.[name]}
      helperText={errors?.[name]?.message === 'validation.location' ? undefined : fieldError(errors?.[name], name)}
    />
  );

  return (
    <Grid container spacing={{ xs: 2, md: 3 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <SiteMap
          label={t('site.map_label')}
          value={point}
          onChange={setPoint}
          sites={shownSites}
          onPickSite={choose}
          focus={pickedFocus ?? sitesFocus}
        />
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          {point
            ? t('site.chosen_point', { latitude: point.lat.toFixed(5), longitude: point.lng.toFixed(5) })
            : t('site.map_hint')}
        </Typography>
        {locationError?.message === 'validation.location' && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {fieldError(locationError, 'latitude')}
          </Alert>
        )}
        <Button
          variant="outlined"
          startIcon={<MyLocationIcon />}
          onClick={toggleSites}
          aria-expanded={showSites}
          sx={{ mt: 1.5, minHeight: 44 }}
        >
          {showSites ? t('site.hide_my_locations') : t('site.show_my_locations')}
        </Button>
        {showSites && sites.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('common:errors.please_try_again')}
          </Alert>
        )}
        {showSites && sites.data && (
          <MySitesList sites={sites.data} params={params} selectedId={siteId ?? null} onPick={choose} />
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {siteId != null && <Alert severity="info">{t('site.using_site', { locality })}</Alert>}
          <TextField
            fullWidth
            required
            label={t('common:fields.locality')}
            {...register('site.locality', { onChange: leaveSite })}
            error={!!errors?.locality}
            helperText={fieldError(errors?.locality, 'locality') ?? t('common:fields.locality_help')}
          />
          <TextField
            fullWidth
            required
            label={t('common:fields.city')}
            {...register('site.city', { onChange: leaveSite })}
            error={!!errors?.city}
            helperText={fieldError(errors?.city, 'city')}
          />
          <ProvinceSelect
            params={params}
            note={suggested ? t('site.province_suggested') : undefined}
            onPicked={() => {
              setSuggested(false);
              leaveSite();
            }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            {coordField('latitude', 90)}
            {coordField('longitude', 180)}
          </Box>
          <PrivateSiteField />
        </Box>
      </Grid>
    </Grid>
  );
}
