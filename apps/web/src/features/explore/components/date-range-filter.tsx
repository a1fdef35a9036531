import { Stack } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { enUS, esES, frFR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@mm/shared';
import { useLocale } from '../../../lib/links';

const PICKER_TEXT: Record<Locale, typeof enUS> = { en: enUS, fr: frFR, es: esES };
/** yyyy-MM-dd of spec §9, in dayjs tokens. */
const ISO_DAY = 'YYYY-MM-DD';
/** Earliest year worth filtering on; also keeps half-typed years (0202…) out of the URL. */
const MIN_YEAR = 1900;

const toDay = (iso: string | undefined) => (iso ? dayjs(iso) : null);

interface DayFieldProps {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (iso: string | undefined) => void;
}

/**
 * One date, shown as typed while it is incomplete; reported as yyyy-MM-dd once it is a whole
 * date from 1900 on, or as undefined once cleared.
 */
function DayField({ label, value, min, max, onChange }: DayFieldProps) {
  const [draft, setDraft] = useState<Dayjs | null>(() => toDay(value));
  const [shown, setShown] = useState(value);
  // A change from outside (reset, back button, the other field) replaces the draft.
  if (shown !== value) {
    setShown(value);
    if ((draft?.isValid() ? draft.format(ISO_DAY) : undefined) !== value) setDraft(toDay(value));
  }
  return (
    <DatePicker
      label={label}
      value={draft}
      minDate={toDay(min) ?? dayjs(`${MIN_YEAR}-01-01`)}
      maxDate={toDay(max) ?? undefined}
      disableFuture
      onChange={(v) => {
        setDraft(v);
        if (v === null) onChange(undefined);
        else if (v.isValid() && v.year() >= MIN_YEAR) onChange(v.format(ISO_DAY));
      }}
      slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
    />
  );
}

interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { date_from?: string; date_to?: string }) => void;
}

/** From and to dates of the observations, in the page's language; the end cannot precede the start. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lng}
      localeText={PICKER_TEXT[lng].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Stack direction="row" spacing={1}>
        <DayField
          label={t('filters.date_from')}
          value={from}
          max={to}
          onChange={(date_from) => onChange({ date_from })}
        />
        <DayField label={t('filters.date_to')} value={to} min={from} onChange={(date_to) => onChange({ date_to })} />
      </Stack>
    </LocalizationProvider>
  );
}
