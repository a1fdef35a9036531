import { Alert, AlertTitle, Box } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { distinctFlags, qualityFlagMessage, recordFlags, type QualityFlag, type QualityRecord } from '@mm/shared';

/** Flags a form already refuses as errors (a date after today): no second, softer message for them. */
const FORM_ERRORS: ReadonlySet<QualityFlag['code']> = new Set(['date_future']);

/**
 * The quality flags (issue 19, docs/quality-flags.md) a record being entered would get from the rules
 * that run in the browser: date, season by latitude, counts, photo EXIF. Nothing until the date and the
 * point are known.
 * @param today yyyy-MM-dd
 */
export function useQualityFlags(record: QualityRecord | undefined, today: string): QualityFlag[] {
  return useMemo(
    () => (record ? distinctFlags(recordFlags(record, today)).filter((f) => !FORM_ERRORS.has(f.code)) : []),
    [record, today],
  );
}

/**
 * A gentle warning listing the flags before sending ("Eggs in January in Québec are unusual: please
 * check the date"); the volunteer may still submit. Renders nothing without flags.
 * @param place the chosen province's name, for the season message
 */
export function QualityWarnings({ flags, place }: { flags: readonly QualityFlag[]; place?: string }) {
  const { t, i18n } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Alert severity="warning" role="status" aria-live="polite">
      <AlertTitle>{t('quality.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {flags.map((f) => (
          <li key={`${f.code}:${JSON.stringify(f.params)}`}>{qualityFlagMessage(f, t, i18n.language, place)}</li>
        ))}
      </Box>
      {t('quality.note')}
    </Alert>
  );
}
