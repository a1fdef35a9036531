import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * Shown until the app has mounted, the session is checked and translations are ready (spec §4).
 * Translations may not be loaded yet: until they are, the spinner is named by the product name.
 */
export function LoadingScreen() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', gap: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <img src="/mmapp/img/monarch.svg" alt="" width={72} height={72} />
        <Typography component="p" id="loading-screen-name" sx={{ mt: 1, fontWeight: 700 }}>
          Mission Monarch
        </Typography>
        <CircularProgress
          size={28}
          sx={{ mt: 2 }}
          {...(ready ? { 'aria-label': t('app.loading') } : { 'aria-labelledby': 'loading-screen-name' })}
        />
      </Box>
    </Box>
  );
}
