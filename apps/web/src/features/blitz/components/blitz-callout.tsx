import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../lib/links';

/**
 * On the spec's Blitz content page: a link to the current event's live page (`/blitz`, which shows the
 * event running, else the latest one). Static text, so it renders the same on the server.
 */
export function BlitzCallout() {
  const { t } = useTranslation('blitz');
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2, maxWidth: '75ch', borderLeft: 6, borderColor: 'secondary.main' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('callout_title')}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t('callout_text')}</Typography>
      <Button variant="contained" component={LocaleLink} href="/blitz">
        {t('callout_link')}
      </Button>
    </Paper>
  );
}
