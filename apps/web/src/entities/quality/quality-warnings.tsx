import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distinctFlags, qualityFlagMessage, recordFlags, type QualityFlag, type QualityPreviewInput } from '@mm/shared';
import { useOnline } from '../../lib/use-online';
import { qualityPreviewQueryOptions } from './preview-quality';
import { storage } from '../../lib/storage';

/** Flags a form already refuses as errors (a date after today): no second, softer message for them. */
const FORM_ERRORS: ReadonlySet<QualityFlag['code']> = new Set(['date_future']);

/** Flags the server refuses on submission (README "Province boundaries"): warned early, still errors. */
const PLACE_CODES: ReadonlySet<QualityFlag['code']> = new Set(['place_other_province', 'place_outside_area']);

/** Pause after the last keystroke before the server is asked for the record's flags, ms. */
const QUALITY_PREVIEW_DEBOUNCE_MS = 400;

/**
 * A record being entered, as `POST /api/quality/preview` takes it, the province possibly not chosen
 * yet (then only the browser's rules run). Counts are whole numbers ≥ 0 (an empty field is 0).
 */
export type QualityDraft = Omit<QualityPreviewInput, 'province_id'> & { province_id: number | null | undefined };

/** `value`, once it has stayed the same (by its JSON) for `ms`. */
function useDebounced<T>(value: T, key: string, ms: number): { value: T; key: string } {
  const [settled, setSettled] = useState({ value, key });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ value, key }), ms);
    return () => clearTimeout(timer);
  }, [value, key, ms, settled.key]);
  return settled;
}

/**
 * The quality flags (docs/quality-flags.md) a record being entered would get: at once
 * from the rules that run in the browser (date, season by latitude, counts), and, when online and
 * signed in with a province chosen, from `POST /api/quality/preview` (every rule: place against the
 * province boundaries, near-duplicate, photo EXIF), asked `QUALITY_PREVIEW_DEBOUNCE_MS` after the
 * last change. The server's answer counts only while it matches the record shown; offline, or when
 * the preview fails, only the browser's flags show. Nothing until the date and the point are known.
 * @param today yyyy-MM-dd
 * @param codes keep only these codes (a Mission step shows what it can fix); all when left out
 */
export function useQualityFlags(
  draft: QualityDraft | undefined,
  today: string,
  codes?: ReadonlySet<QualityFlag['code']>,
): QualityFlag[] {
  const online = useOnline();
  const key = JSON.stringify(draft ?? null);
  const settled = useDebounced(draft, key, QUALITY_PREVIEW_DEBOUNCE_MS);
  const input: QualityPreviewInput | undefined =
    settled.value && settled.value.province_id != null
      ? { ...settled.value, province_id: settled.value.province_id }
      : undefined;
  const preview = useQuery({
    ...qualityPreviewQueryOptions(input ?? ({} as QualityPreviewInput)),
    enabled: input !== undefined && online && storage.token() !== '',
  });
  const serverFlags = online && settled.key === key ? preview.data?.flags : undefined;
  return useMemo(() => {
    if (!draft) return [];
    const local = recordFlags({ ...draft, stems_inspected: draft.stems_inspected ?? null }, today);
    return distinctFlags([...local, serverFlags ?? []]).filter(
      (f) => !FORM_ERRORS.has(f.code) && (!codes || codes.has(f.code)),
    );
  }, [draft, today, serverFlags, codes]);
}

/**
 * A gentle warning listing the flags before sending ("Eggs in January in Québec are unusual: please
 * check the date"); the volunteer may still submit — except a point outside its province or outside
 * Canada, the US and Mexico, which the server refuses: those say so. Renders nothing without flags.
 * @param place the chosen province's name, for the season message
 */
export function QualityWarnings({ flags, place }: { flags: readonly QualityFlag[]; place?: string }) {
  const { t, i18n } = useTranslation();
  if (flags.length === 0) return null;
  const placeFlags = flags.some((f) => PLACE_CODES.has(f.code));
  const softFlags = flags.some((f) => !PLACE_CODES.has(f.code));
  return (
    <Alert severity="warning" role="status" aria-live="polite">
      <AlertTitle>{t('quality.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {flags.map((f) => (
          <li key={`${f.code}:${JSON.stringify(f.params)}`}>{qualityFlagMessage(f, t, i18n.language, place)}</li>
        ))}
      </Box>
      {softFlags && <Typography variant="body2">{t('quality.note')}</Typography>}
      {placeFlags && <Typography variant="body2">{t('quality.place_note')}</Typography>}
    </Alert>
  );
}
