import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MONITORING_EVERY_DAYS } from '@mm/shared';

/** Frequencies offered (days between visits): every week (the protocol's), every 2, 3 or 4 weeks. */
const OFFERED = [MONITORING_EVERY_DAYS, 14, 21, 28] as const;

/** "A visit every 2 weeks" (whole weeks) or "A visit every 10 days", in the page's language. */
export function useFrequencyText(): (everyDays: number) => string {
  const { t } = useTranslation('mission');
  return (d) => (d % 7 === 0 ? t('monitoring.every_weeks', { count: d / 7 }) : t('monitoring.frequency', { count: d }));
}

/**
 * How often a monitored site is visited (`every_days`, docs/monitoring.md): weekly by default; a
 * frequency set another way (the API takes 1–31 days) stays listed as it is.
 */
export function FrequencySelect({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (everyDays: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('mission');
  const label = useFrequencyText();
  const days = (OFFERED as readonly number[]).includes(value) ? OFFERED : [...OFFERED, value].sort((a, b) => a - b);
  return (
    <TextField
      select
      size="small"
      label={t('monitoring.how_often')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      {days.map((d) => (
        <MenuItem key={d} value={d}>
          {label(d)}
        </MenuItem>
      ))}
    </TextField>
  );
}
