import { Autocomplete, Box, TextField, Typography, createFilterOptions } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadParams } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';

type Milkweed = LoadParams['milkweeds'][number];

/** Milkweed species, found by common name in the page's language or by Latin name. */
export function MilkweedFilter({
  milkweeds,
  value,
  onChange,
}: {
  milkweeds: Milkweed[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const options = useMemo(() => {
    // One collator for the sort: `localeCompare(b, lng)` builds one per comparison (≈ 25 ms of a phone's
    // main thread for the list).
    const collator = new Intl.Collator(lng);
    return milkweeds
      .map((m) => ({ ...m, name: milkweedName(m, lng) ?? m.latin_name }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [milkweeds, lng]);
  const filter = useMemo(
    () => createFilterOptions<(typeof options)[number]>({ stringify: (o) => `${o.name} ${o.latin_name}` }),
    [],
  );
  return (
    <Autocomplete
      size="small"
      options={options}
      value={options.find((o) => o.milkweed_id === value) ?? null}
      onChange={(_, o) => onChange(o?.milkweed_id)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.milkweed_id === b.milkweed_id}
      filterOptions={filter}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{o.name}</span>
          <Typography variant="caption" sx={{ fontStyle: 'italic' }} color="text.secondary">
            {o.latin_name}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={t('filters.milkweed')} placeholder={t('filters.milkweed_placeholder')} />
      )}
      noOptionsText={t('filters.no_milkweed')}
    />
  );
}
