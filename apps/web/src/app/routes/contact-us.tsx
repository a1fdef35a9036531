import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../../features/account/components/contact-form';
import { usePageTitle } from '../../lib/page-title';

/** Contact Us (spec §2 `/content/contact-us`). */
export function ContactUsPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('contact.title'));
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('contact.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('contact.lead')}</Typography>
        <ContactForm />
      </Paper>
    </Box>
  );
}
