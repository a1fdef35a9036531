import { Box, TextField } from '@mui/material';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** MUI's Autocomplete and Popper (≈ 18 KB gzip) load with the search, after the page has shown. */
const VolunteerSearch = lazy(async () => ({ default: (await import('./volunteer-search')).VolunteerSearch }));

/**
 * The volunteer search, loaded on its own. Meanwhile a read-only field of the same size and label holds
 * its place, so the page does not move when it arrives (CLS).
 */
export function LazyVolunteerSearch() {
  const { t } = useTranslation('account');
  return (
    <Suspense
      fallback={
        <Box sx={{ maxWidth: 420 }}>
          <TextField fullWidth disabled label={t('public.search_label')} value="" />
        </Box>
      }
    >
      <VolunteerSearch />
    </Suspense>
  );
}
