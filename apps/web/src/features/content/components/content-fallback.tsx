import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown inside the page frame while a content page's code and text load. */
export function ContentFallback() {
  const { t } = useTranslation('content');
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 6, minHeight: '100vh' }}>
      <CircularProgress size={32} aria-label={t('article.loading')} />
    </Box>
  );
}
