import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../lib/format-date';

/** Earliest day worth filtering on; also keeps half-typed years (0202…) out of the URL. */
const MIN_DAY = '1900-01-01';

interface DayFieldProps {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (iso: string | undefined) => void;
}

/**
 * One date (the browser's own date input, as in the Flash and Mission forms), shown as typed while it
 * is incomplete; reported as yyyy-MM-dd once it is a whole date from 1900 on, or as undefined once cleared.
 */
function DayField({ label, value, min, max, onChange }: DayFieldProps) {
  const [draft, setDraft] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // A change from outside (reset, back button, the other field) replaces the draft.
  if (shown !== value) {
    setShown(value);
    if (draft !== (value ?? '')) setDraft(value ?? '');
  }
  return (
    <TextField
      type="date"
      label={label}
      size="small"
      fullWidth
      value={draft}
      onChange={(e) => {
        const v = e.target.value;
        setDraft(v);
        // An incomplete or cleared date reads as '' in every browser.
        if (v === '') onChange(undefined);
        else if (v >= MIN_DAY) onChange(v);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: min ?? MIN_DAY, max: max ?? todayIso() } }}
    />
  );
}

interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { date_from?: string; date_to?: string }) => void;
}

/** From and to dates of the observations; the end cannot precede the start. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('explore');
  return (
    <Stack direction="row" spacing={1}>
      <DayField
        label={t('filters.date_from')}
        value={from}
        max={to}
        onChange={(date_from) => onChange({ date_from })}
      />
      <DayField label={t('filters.date_to')} value={to} min={from} onChange={(date_to) => onChange({ date_to })} />
    </Stack>
  );
}
