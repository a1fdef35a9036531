import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { QUALITY_FLAG_CODES, qualityFlagMessage, type AdminObservation } from '@mm/shared';
import { useProvinceChoices } from '../params';

/** The vetting queue's flag filter: any flag, none, or one code; names are translation keys. */
export const FLAG_CHOICES = [
  { id: 'any', name: 'mm.flags.any' },
  { id: 'none', name: 'mm.flags.none' },
  ...QUALITY_FLAG_CODES.map((code) => ({ id: code, name: `quality.codes.${code}` })),
];

/** One small warning chip per flag of the row (its short name), nothing without flags. */
export function FlagChips() {
  const record = useRecordContext<AdminObservation>();
  const translate = useTranslate();
  if (!record || record.quality_flags.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {record.quality_flags.map((f, i) => (
        <Chip key={i} size="small" color="warning" variant="outlined" label={translate(`quality.codes.${f.code}`)} />
      ))}
    </Stack>
  );
}

/**
 * Each flag's reason on the record ("Eggs in January in Québec are unusual: please check the date"),
 * and who accepted them when the record was vetted Valid.
 */
export function FlagReasons(_props: { source: 'quality_flags' }) {
  const record = useRecordContext<AdminObservation>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const provinces = useProvinceChoices();
  if (!record || record.quality_flags.length === 0) return null;
  const place = provinces.find((p) => p.id === record.province_id)?.name;
  return (
    <Alert severity="warning" role="region" aria-label={translate('resources.observations.fields.quality_flags')}>
      <Stack component="ul" sx={{ m: 0, pl: 2 }}>
        {record.quality_flags.map((f, i) => (
          <li key={i}>{qualityFlagMessage(f, translate, locale, place)}</li>
        ))}
      </Stack>
      {record.flags_accepted_by_username && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('mm.flags.accepted', { username: record.flags_accepted_by_username })}
        </Typography>
      )}
    </Alert>
  );
}
