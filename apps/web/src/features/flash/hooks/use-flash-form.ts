import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChecklistDetail, SubmitFlashInput } from '@mm/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-errors';
import { updateFlash } from '../api/update-flash';
import { useInvalidateChecklist } from '../../../entities/checklist/api/invalidate-checklist';
import type { LatLng } from '../../../components/map/location-picker';
import type { PickedPhoto } from '../components/photo-picker';
import type { NewOutboxEntry } from '../../../lib/outbox';
import { useSession } from '../../../entities/session/session-context';
import { checklistToForm, emptyFlashValues, type FlashFormValues } from '../utils/flash-form-values';
import { todayIso } from '../../../lib/format-date';
import { usePhotoPrefill } from '../../../entities/photo/use-photo-prefill';
import { useProvinceSuggestion } from './use-province-suggestion';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver';
import { lazyPointAreaCheck } from '../../../entities/checklist/lib/lazy-point-area-check';
import { getLocateQueryOptions } from '../../../entities/checklist/api/locate';

/** A Flash entry reopened from the outbox (refused by the server): its values, key included, and its photos. */
export interface QueuedFlash {
  values: DefaultValues<FlashFormValues>;
  photos: PickedPhoto[];
  /** Why the server refused it, shown on the fields when the form opens. */
  error?: ApiRequestError;
}

/** The point and photo state of the Flash form, and how they write into the form values. */
function useFlashFields(initial: ChecklistDetail | undefined, queued: QueuedFlash | undefined) {
  const { t } = useTranslation();
  const [start] = useState(() =>
    initial
      ? checklistToForm(initial, (n) => t('flash.saved_photo', { n }))
      : (queued ?? { values: emptyFlashValues(), photos: [] }),
  );
  const [photos, setPhotos] = useState<PickedPhoto[]>(start.photos);
  const queryClient = useQueryClient();
  // zod and the shared schema load beside the form, not before it (the 250 KB page budget).
  const [resolver] = useState(() =>
    lazyPointAreaCheck(
      lazySchemaResolver(() => import('../../../lib/shared-schemas').then((m) => m.submitFlashInputSchema)),
      { latitude: 'latitude', longitude: 'longitude', province: 'province_id' },
      (lat, lng) => queryClient.fetchQuery(getLocateQueryOptions(lat, lng)),
    ),
  );
  const form = useForm<FlashFormValues, unknown, SubmitFlashInput>({
    resolver,
    defaultValues: start.values,
  });
  const { control, getValues, setValue, clearErrors, formState } = form;
  const { isSubmitted } = formState;
  const [lat, lon] = useWatch({ control, name: ['latitude', 'longitude'] });
  const point = Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lng: lon } : undefined;
  const setPoint = useCallback(
    (p: LatLng) => {
      setValue('latitude', p.lat, { shouldValidate: isSubmitted });
      setValue('longitude', p.lng, { shouldValidate: isSubmitted });
      setValue('coordinate_uncertainty_m', p.uncertainty ?? null);
    },
    [setValue, isSubmitted],
  );
  const getProvince = useCallback(() => getValues('province_id'), [getValues]);
  const setProvince = useCallback(
    (id: number) => {
      setValue('province_id', id);
      clearErrors('province_id');
    },
    [setValue, clearErrors],
  );
  const syncPhotos = (update: (all: PickedPhoto[]) => PickedPhoto[]) =>
    setPhotos((all) => {
      const next = update(all);
      setValue(
        'photos',
        next
          .filter((p) => p.photo_name)
          .map((p) => ({ photo_name: p.photo_name as string, lifestage_id: p.lifestage_id })),
      );
      return next;
    });
  return {
    form,
    photos,
    syncPhotos,
    point,
    setPoint,
    province: useProvinceSuggestion(point, getProvince, setProvince),
  };
}

/** The outbox entry of a new Flash submission: keyed by its idempotency key, with its photos' files. */
function toOutboxEntry(values: SubmitFlashInput, photos: PickedPhoto[], userId: number): NewOutboxEntry {
  return {
    id: values.idempotency_key,
    kind: 'flash',
    user_id: userId,
    payload: values,
    photos: photos
      .filter((p) => p.photo_name && !p.error)
      .map((p) => ({
        local_id: p.localId,
        photo_name: p.photo_name as string,
        uploaded_at: p.uploadedAt ?? null,
        file_name: p.fileName,
        lifestage_id: p.lifestage_id,
      })),
    form: values,
    summary: { place: values.locality, date: values.checklist_date },
  };
}

type SaveResult = { state: 'sent'; checklist_id: number } | { state: 'waiting' };

/**
 * State and behaviour of the Flash form: values from the shared schema, the point, province
 * suggestion, photo EXIF pre-fill, and saving: a new submission goes through the outbox (sent at
 * once with network, else kept on this device: `onQueued`), an edit (`initial`) is a PUT.
 * A 409 (no longer Pending) and any non-field failure become the form's root error.
 */
export function useFlashForm(
  initial: ChecklistDetail | undefined,
  onSaved: (checklistId: number) => void,
  queued?: QueuedFlash,
  onQueued?: () => void,
) {
  const { t } = useTranslation();
  const invalidate = useInvalidateChecklist();
  const { user } = useSession();
  const fields = useFlashFields(initial, queued);
  const { getValues, setValue, setError, formState } = fields.form;
  // An edited submission's date is the volunteer's own, never a default to overwrite.
  const dateTouched = useRef(initial !== undefined);
  const prefill = usePhotoPrefill({
    pointIsEmpty: () => !Number.isFinite(getValues('latitude')) || !Number.isFinite(getValues('longitude')),
    setPoint: fields.setPoint,
    dateIsDefault: () => !dateTouched.current && getValues('checklist_date') === todayIso(),
    setDate: (day) => setValue('checklist_date', day, { shouldValidate: formState.isSubmitted }),
  });
  const mutation = useMutation({
    // The outbox decides between sending and keeping on this device: never paused while offline
    // (TanStack's default would leave the form "Submitting…" until the network returns).
    networkMode: 'always',
    mutationFn: async (values: SubmitFlashInput): Promise<SaveResult> => {
      if (initial) return { state: 'sent', ...(await updateFlash(initial.checklist_id, values)) };
      if (!user) throw new ApiRequestError(401, { statusCode: 401, error: '', message: t('errors.unauthorized') });
      // Loaded at the first submit, not with the page (its 250 KB budget); precached for offline use.
      const { submitThroughOutbox } = await import('../../../entities/outbox/outbox-runner');
      const outcome = await submitThroughOutbox(toOutboxEntry(values, fields.photos, user.user_id));
      if (outcome.state === 'refused') throw outcome.error;
      return outcome;
    },
    onSuccess: async (res) => {
      if (res.state === 'waiting') return onQueued?.();
      await invalidate(res.checklist_id);
      onSaved(res.checklist_id);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409)
        return setError('root', { message: t('flash.edit_conflict') });
      showServerErrors(err, setError, t('errors.network'));
    },
  });
  // A new submission's date is the device's day (spec §1), never the server's: the server leaves the field empty,
  // and the step before the app fills it on a page it rendered (docs/adr/0049). Read from the field when the form
  // starts (no default value): a date filled or typed before the app is kept; an empty one gets today's.
  const isNew = !initial && !queued;
  useLayoutEffect(() => {
    if (isNew && !getValues('checklist_date')) setValue('checklist_date', todayIso());
  }, [isNew, getValues, setValue]);
  const refusal = queued?.error;
  useEffect(() => {
    if (refusal) showServerErrors(refusal, setError, t('errors.network'));
  }, [refusal, setError, t]);
  const markDateTouched = () => {
    dateTouched.current = true;
  };
  return { ...fields, prefill, mutation, markDateTouched };
}
