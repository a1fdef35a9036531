import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** "Resource not found" (spec §8) for any unknown route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.not_found'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 6, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {t('errors.not_found')}
      </Typography>
      <Typography>{t('errors.not_found_text')}</Typography>
      <Button variant="contained" component={LocaleLink} href="/">
        {t('errors.go_home')}
      </Button>
    </Box>
  );
}
