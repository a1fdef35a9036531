import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EXPLORE_SORTS, type ExploreSort } from '@mm/shared';

/** The list order: newest observed (default) or newest submitted first; kept in the URL. */
export function ExploreSortSelect({ value, onChange }: { value: ExploreSort; onChange: (sort: ExploreSort) => void }) {
  const { t } = useTranslation('explore');
  return (
    <TextField
      select
      size="small"
      label={t('sort.label')}
      value={value}
      onChange={(e) => onChange(e.target.value as ExploreSort)}
      sx={{ minWidth: 220 }}
    >
      {EXPLORE_SORTS.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`sort.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
