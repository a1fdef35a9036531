import { Alert, Box, Button, TextField } from '@mui/material';
import type { SubmitHandler } from 'react-hook-form';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_KEYS, type ChecklistDetail, type LoadParams, type SubmitFlashInput } from '@mm/shared';
import { QualityWarnings, useQualityFlags, type QualityDraft } from '../../../entities/quality/quality-warnings';
import { useFieldError } from '../../../lib/form-errors';
import { useFlashForm, type QueuedFlash } from '../hooks/use-flash-form';
import { todayIso } from '../../../lib/format-date';
import { useHydrated } from '../../../components/ui/after-hydration';
import { FlashWhatSection } from './flash-what-section';
import { FlashWhereSection } from './flash-where-section';
import { FormSection } from './form-section';

export interface FlashFormProps {
  params: LoadParams;
  /** Called with the saved checklist's id once the server has accepted it. */
  onSaved: (checklistId: number) => void;
  /** A saved Flash submission to edit: the form starts from it and saves it with PUT. */
  initial?: ChecklistDetail;
  /** An entry of the outbox to fix and send again (same idempotency key). */
  queued?: QueuedFlash;
  /** Called when a new submission could not reach the server and waits in the outbox. */
  onQueued?: () => void;
}

/**
 * Flash Data form (spec §1, §3, §5): date, point on the map (click, "use my location" or a photo's
 * GPS), locality and province (suggested from the point), counts of the four life stages, pictures
 * per life stage, optional milkweed and comment. One idempotency key per form, so a double click
 * or a retry saves once. With `initial`, edits that submission (409 when it is no longer Pending).
 */
export function FlashForm({ params, onSaved, initial, queued, onQueued }: FlashFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { form, mutation, prefill, province, point, setPoint, photos, syncPhotos, markDateTouched } = useFlashForm(
    initial,
    onSaved,
    queued,
    onQueued,
  );
  const { errors } = form.formState;
  const rootRef = useRef<HTMLDivElement>(null);
  const rootMessage = errors.root?.message;
  useEffect(() => {
    if (rootMessage) rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [rootMessage]);
  const dateField = form.register('checklist_date');
  const uploading = photos.some((p) => !p.photo_name && !p.error);
  const onSubmit: SubmitHandler<SubmitFlashInput> = (values) => mutation.mutate(values);
  const idleLabel = initial ? t('flash.save_changes') : t('flash.submit');
  const busyLabel = initial ? t('flash.saving') : t('flash.submitting');
  const [date, provinceId, ...counts] = form.watch(['checklist_date', 'province_id', ...LIFESTAGE_KEYS]);
  const countsKey = counts.join(',');
  const photoKey = photos
    .filter((p) => p.photo_name && !p.error)
    .map((p) => `${p.lifestage_id}:${p.photo_name}`)
    .join(',');
  const checklistId = initial?.checklist_id;
  const draft = useMemo((): QualityDraft | undefined => {
    if (!point || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) return undefined;
    const numbers = countsKey.split(',').map((n) => (Number.isFinite(Number(n)) ? Math.max(0, Number(n)) : 0));
    const photoNames = photoKey ? photoKey.split(',').map((p) => p.split(':') as [string, string]) : [];
    return {
      checklist_date: date,
      latitude: point.lat,
      longitude: point.lng,
      province_id: provinceId,
      stems_inspected: null,
      checklist_id: checklistId,
      // As the server stores a Flash: one observation per life stage counted, with its photos.
      observations: numbers.flatMap((n, i) =>
        n > 0
          ? [
              {
                lifestage_id: i + 1,
                numbers: n,
                photo_names: photoNames.filter(([stage]) => Number(stage) === i + 1).map(([, name]) => name),
              },
            ]
          : [],
      ),
    };
  }, [date, point, provinceId, countsKey, photoKey, checklistId]);
  const flags = useQualityFlags(draft, todayIso());
  const place = params.provinces.find((p) => p.province_id === provinceId)?.province;
  // The device's day, once the app runs: the server's day may be another (docs/adr/0049); the step before the app
  // writes it meanwhile (`data-device-today`), and React does not patch attributes while hydrating.
  const hydrated = useHydrated();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={initial ? t('flash.edit_title') : t('flash.title')}
      sx={{ display: 'grid', gap: 3 }}
    >
      {rootMessage && (
        <Alert ref={rootRef} severity="error">
          {rootMessage}
        </Alert>
      )}
      <FormSection title={t('flash.when')}>
        <TextField
          type="date"
          label={t('fields.checklist_date')}
          required
          {...dateField}
          onChange={(e) => {
            markDateTouched();
            return dateField.onChange(e);
          }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: hydrated ? todayIso() : undefined, 'data-device-today': '' },
          }}
          error={!!errors.checklist_date}
          helperText={fieldError(errors.checklist_date, 'checklist_date')}
        />
      </FormSection>
      <FlashWhereSection
        form={form}
        params={params}
        point={point}
        setPoint={setPoint}
        provinceSuggested={province.suggested}
        onProvinceChosen={province.onUserChoice}
      />
      <FlashWhatSection
        form={form}
        params={params}
        photos={photos}
        onPhotosChange={syncPhotos}
        onFilesPicked={prefill.onFilesPicked}
        prefillNote={prefill.note}
        onCloseNote={prefill.clearNote}
      />
      <QualityWarnings flags={flags} place={place} />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || uploading}>
        {mutation.isPending ? busyLabel : idleLabel}
      </Button>
    </Box>
  );
}
