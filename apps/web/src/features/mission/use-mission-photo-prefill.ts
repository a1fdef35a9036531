import { useFormContext } from 'react-hook-form';
import type { LatLng } from '../../components/map/location-picker';
import { usePhotoPrefill } from '../../entities/photo/use-photo-prefill';
import { todayIso } from '../../lib/format-date';
import type { MissionFormValues } from './mission-values';

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * The Flash form's photo pre-fill on the Mission form: a picked photo's EXIF GPS point
 * fills the site's empty point (through `setPoint`, which also suggests the province) and its day
 * fills the visit date only while the volunteer has not seen it yet: still today's default, never
 * shown by Step 2 When (which marks it touched) and not from a later step. Once the volunteer kept
 * today's date in Step 2, a photo taken on another day does not replace it. A saved mission being
 * edited (`editing`) keeps its date; nothing the volunteer typed is overwritten.
 * @param setPoint the site step's setter (see useSiteEditing)
 * @param afterDateStep true in the steps after Step 2 When (the date was shown and kept there)
 */
export function useMissionPhotoPrefill(editing: boolean, setPoint: (p: LatLng) => void, afterDateStep: boolean) {
  const { getValues, setValue, getFieldState } = useFormContext<MissionFormValues>();
  return usePhotoPrefill({
    pointIsEmpty: () => !isNum(getValues('site.latitude')) || !isNum(getValues('site.longitude')),
    setPoint,
    dateIsDefault: () => {
      const { isDirty, isTouched } = getFieldState('checklist.checklist_date');
      return (
        !editing && !afterDateStep && !isDirty && !isTouched && getValues('checklist.checklist_date') === todayIso()
      );
    },
    setDate: (day) => setValue('checklist.checklist_date', day, { shouldDirty: true }),
    // After Step 2, a photo of another day is offered, not applied (a saved mission's date stays as it is).
    keptDate: afterDateStep && !editing ? () => getValues('checklist.checklist_date') : undefined,
  });
}
