import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, type LifestageId } from '@mm/shared';

/** Life-stage choice of the gallery: one stage or all of them (undefined). */
export function LifestageFilter({
  value,
  onChange,
}: {
  value: LifestageId | undefined;
  onChange: (value: LifestageId | undefined) => void;
}) {
  const { t } = useTranslation('gallery');
  return (
    <TextField
      select
      size="small"
      label={t('filter.lifestage')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : (Number(e.target.value) as LifestageId))}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('filter.all')}</MenuItem>
      {LIFESTAGE_IDS.map((id) => (
        <MenuItem key={id} value={id}>
          {t(`common:lifestage.${id}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
