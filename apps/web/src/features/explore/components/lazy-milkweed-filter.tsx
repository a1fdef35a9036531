import { TextField } from '@mui/material';
import { Suspense, lazy, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/links';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';

/** MUI's Autocomplete and Popper (≈ 18 KB gzip) load with the filter, after the page has shown. */
const MilkweedFilter = lazy(async () => ({ default: (await import('./milkweed-filter')).MilkweedFilter }));

type Props = ComponentProps<typeof MilkweedFilter>;

/**
 * The milkweed filter, loaded on its own. Meanwhile a read-only field of the same size, label and value
 * holds its place, so the filters do not move when it arrives (CLS).
 */
export function LazyMilkweedFilter(props: Props) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const chosen = props.milkweeds.find((m) => m.milkweed_id === props.value);
  const placeholder = (
    <TextField
      size="small"
      fullWidth
      disabled
      label={t('filters.milkweed')}
      placeholder={t('filters.milkweed_placeholder')}
      value={chosen ? (milkweedName(chosen, lng) ?? chosen.latin_name) : ''}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <MilkweedFilter {...props} />
    </Suspense>
  );
}
