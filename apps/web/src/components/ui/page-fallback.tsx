import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * Shown inside the page frame while a page's code loads (each page is its own chunk: issue 13). It
 * fills the viewport below the header, so the footer is not drawn in view and then pushed away.
 */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 6, minHeight: '100vh' }}>
      <CircularProgress size={32} aria-label={t('app.loading')} />
    </Box>
  );
}
