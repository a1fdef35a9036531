import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { MySite } from '@mm/shared';
import type { LatLng } from '../../components/map/location-picker';
import { getLocateQueryOptions } from '../../entities/checklist/api/locate';
import type { MissionFormValues } from './mission-values';

/** The site part of the form: setters that keep `site_id` honest and suggest a province for a new point. */
export function useSiteEditing() {
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
