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
import { Suspense, lazy, useMemo, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadParams, MySite } from '@mm/shared';
import { useMySites } from '../../../entities/site/get-my-sites';
import type { MissionFormValues } from '../mission-values';
import { useFieldError } from '../../../lib/form-errors';
import { useMissionPhotoPrefill } from '../use-mission-photo-prefill';
import { useSiteEditing } from '../use-site-editing';
import { SitePhotoButton } from './site-photo-button';
import { ProvinceSelect } from './province-select';
import { SiteMap } from './lazy-site-map';
import type { MapFocus } from './site-map';

/** "My locations" loads when the volunteer opens it, together with their sites. */
const MySitesList = lazy(async () => ({ default: (await import('./my-sites-list')).MySitesList }));
/** "Monitor this site" loads after the step (the Mission page's budget). */
const MonitorSiteField = lazy(async () => ({ default: (await import('./monitor-site-field')).MonitorSiteField }));

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * "Private site": public maps, lists and downloads then show the site only at the centre of
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

/**
 * Step 1 Where: a point on the map, from a photo's EXIF or one of "my locations", then locality, city,
 * province, latitude and longitude. `editing`: a saved mission (its date is never replaced by a photo's).
 */
export function SiteStep({ params, editing }: { params: LoadParams; editing: boolean }) {
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
  const prefill = useMissionPhotoPrefill(editing, setPoint, false);
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
        <SitePhotoButton
          fillFrom={prefill.fillFrom}
          note={prefill.note}
          onCloseNote={prefill.clearNote}
          showButton={point === undefined}
        />
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
          <Suspense fallback={null}>
            <MySitesList sites={sites.data} params={params} selectedId={siteId ?? null} onPick={choose} />
          </Suspense>
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
          <Suspense fallback={null}>
            <MonitorSiteField siteId={siteId} />
          </Suspense>
        </Box>
      </Grid>
    </Grid>
  );
}
