import { Box, Container, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, COPYRIGHT_YEAR } from '@mm/shared';
import { useLocale } from '../../lib/links';
import { cityUrl } from './nav-items';

/** Footer of spec §2: copyright text, version 3.0.0, and a city logo linking out. */
export function Footer() {
  const { t } = useTranslation();
  const lng = useLocale();
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 3, mt: 6 }}>
      <Container
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <Box>
          <Typography variant="body2">{t('footer.copyright', { year: COPYRIGHT_YEAR })}</Typography>
          <Typography variant="caption">{t('footer.version', { version: APP_VERSION })}</Typography>
        </Box>
        <Link href={cityUrl(lng)} target="_blank" rel="noopener" aria-label={t('footer.city_logo')}>
          <span className="mm-city-logo" role="img" aria-label={t('images.city_logo_alt')} />
        </Link>
      </Container>
    </Box>
  );
}
