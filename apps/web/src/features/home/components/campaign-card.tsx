import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../lib/links';
import { blitzStatus } from '../blitz';

/** The current campaign: the Blitz while it runs (15 July to 15 August), else when the next one is. */
export function CampaignCard({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('content');
  const blitz = blitzStatus(now);
  return (
    <Paper
      component="section"
      aria-labelledby="campaign-heading"
      sx={{ p: 3, borderLeft: 6, borderColor: blitz.running ? 'secondary.main' : 'primary.main' }}
    >
      <Typography variant="overline" component="p">
        {t('home.campaign_title')}
      </Typography>
      <Typography id="campaign-heading" variant="h5" component="h2" gutterBottom>
        {blitz.running ? t('home.blitz_now_title') : t('home.blitz_next_title', { year: blitz.year })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{blitz.running ? t('home.blitz_now_text') : t('home.blitz_next_text')}</Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
        <Button variant="outlined" component={LocaleLink} href="/content/monarch-blitz">
          {t('home.blitz_more')}
        </Button>
      </Box>
    </Paper>
  );
}
