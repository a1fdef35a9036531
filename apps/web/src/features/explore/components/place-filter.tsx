import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoadParams } from '@mm/shared';

interface PlaceFilterProps {
  params: Pick<LoadParams, 'countries' | 'provinces'>;
  countryId: number | undefined;
  provinceId: number | undefined;
  onChange: (place: { country_id?: number; province_id?: number }) => void;
}

/**
 * Country, then a province or state of that country. Changing the country drops a province of
 * another country; a province chosen first (from a link) sets its country.
 */
export function PlaceFilter({ params, countryId, provinceId, onChange }: PlaceFilterProps) {
  const { t } = useTranslation('explore');
  const provinces = params.provinces
    .filter((p) => countryId === undefined || p.country_id === countryId)
    .sort((a, b) => a.province.localeCompare(b.province));
  const all = t('filters.all');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 1.5, sm: 1 } }}>
      <TextField
        select
        size="small"
        fullWidth
        label={t('filters.country')}
        value={countryId ?? ''}
        onChange={(e) => {
          const id = e.target.value === '' ? undefined : Number(e.target.value);
          const keep =
            provinceId !== undefined &&
            params.provinces.some((p) => p.province_id === provinceId && p.country_id === id);
          onChange({ country_id: id, province_id: keep ? provinceId : undefined });
        }}
      >
        <MenuItem value="">{all}</MenuItem>
        {params.countries.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.country}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth
        label={t('filters.province')}
        value={provinces.some((p) => p.province_id === provinceId) ? provinceId : ''}
        onChange={(e) => {
          const id = e.target.value === '' ? undefined : Number(e.target.value);
          const province = params.provinces.find((p) => p.province_id === id);
          onChange({ country_id: province?.country_id ?? countryId, province_id: id });
        }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        <MenuItem value="">{all}</MenuItem>
        {provinces.map((p) => (
          <MenuItem key={p.province_id} value={p.province_id}>
            {p.province}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
