import { Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DueSummary } from '../../features/monitoring/components/due-summary';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Submit data: choose Flash Data or Mission (DESIGN routes); says when monitored sites are due (docs/monitoring.md). */
export function SubmitDataPage() {
  const { t } = useTranslation();
  usePageTitle(t('submit.choose_title'));
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('submit.choose_title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('submit.choose_lead')}</Typography>
      <DueSummary />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                {t('submit.flash_title')}
              </Typography>
              <Typography>{t('submit.flash_lead')}</Typography>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" component={LocaleLink} href="/submit/flash">
                {t('submit.flash_start')}
              </Button>
              <Button component={LocaleLink} href="/submit/flash-submissions">
                {t('submit.my_flash')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                {t('submit.mission_title')}
              </Typography>
              <Typography>{t('submit.mission_lead')}</Typography>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" component={LocaleLink} href="/submit/mission">
                {t('submit.mission_start')}
              </Button>
              <Button component={LocaleLink} href="/submit/missions">
                {t('submit.my_missions')}
              </Button>
              <Button component={LocaleLink} href="/submit/sites">
                {t('mission:monitoring.title')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
