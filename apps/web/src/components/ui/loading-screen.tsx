import { Box, CircularProgress, Typography } from '@mui/material';

/** Shown until the app has mounted, the session is checked and translations are ready (spec §4). Text is static: translations may not be loaded yet. */
export function LoadingScreen() {
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', gap: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <img src="/mmapp/img/monarch.svg" alt="" width={72} height={72} />
        <Typography component="p" sx={{ mt: 1, fontWeight: 700 }}>Mission Monarch</Typography>
        <CircularProgress size={28} sx={{ mt: 2 }} aria-label="Loading" />
      </Box>
    </Box>
  );
}
