import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MmImage } from '../../components/ui/mm-image';
import { useSession } from '../../features/auth/session-context';
import { useObservations } from '../../features/observations/api/get-observations';
import { ObservationList } from '../../features/observations/components/observation-list';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Home: what the project is, a call to act, and the latest observations. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('');
  const { user } = useSession();
  const latest = useObservations(1, 5);
  return (
    <Stack spacing={4}>
      <Paper sx={{ p: { xs: 3, md: 5 }, display: 'flex', gap: 4, alignItems: 'center', flexDirection: { xs: 'column', md: 'row' } }}>
        <MmImage src="/img/monarch.svg" alt="" width={140} height={140} />
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' } }} gutterBottom>
            {t('home.title')}
          </Typography>
          <Typography sx={{ mb: 3, maxWidth: '65ch' }}>{t('home.lead')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" size="large" component={LocaleLink} href="/submit/submit-data">
              {t('home.cta_submit')}
            </Button>
            {!user && (
              <Button variant="outlined" size="large" component={LocaleLink} href="/users/signup">
                {t('home.cta_signup')}
              </Button>
            )}
            <Button size="large" component={LocaleLink} href="/explore">
              {t('home.cta_explore')}
            </Button>
          </Stack>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="latest-heading">
        <Typography id="latest-heading" variant="h5" component="h2" gutterBottom>
          {t('home.latest')}
        </Typography>
        {latest.data && (latest.data.data.length > 0 ? <ObservationList rows={latest.data.data} /> : <Typography>{t('home.none_yet')}</Typography>)}
      </Box>
    </Stack>
  );
}
