import { useFormContext } from 'react-hook-form';
import type { LatLng } from '../../components/map/location-picker';
import { usePhotoPrefill } from '../../entities/photo/use-photo-prefill';
import { todayIso } from '../../lib/format-date';
import type { MissionFormValues } from './mission-values';

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * The Flash form's photo pre-fill (issue 15) on the Mission form: a picked photo's EXIF GPS point
 * fills the site's empty point (through `setPoint`, which also suggests the province) and its day
 * fills the visit date while that is still today's default, untouched. A saved mission being edited
 * (`editing`) keeps its date; nothing the volunteer typed is overwritten.
 * @param setPoint the site step's setter (see useSiteEditing)
 */
export function useMissionPhotoPrefill(editing: boolean, setPoint: (p: LatLng) => void) {
  const { getValues, setValue, getFieldState } = useFormContext<MissionFormValues>();
  return usePhotoPrefill({
    pointIsEmpty: () => !isNum(getValues('site.latitude')) || !isNum(getValues('site.longitude')),
    setPoint,
    dateIsDefault: () =>
      !editing &&
      !getFieldState('checklist.checklist_date').isDirty &&
      getValues('checklist.checklist_date') === todayIso(),
    setDate: (day) => setValue('checklist.checklist_date', day, { shouldDirty: true }),
  });
}
