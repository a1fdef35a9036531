import { Box, Paper, Typography } from '@mui/material';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/links';
import { useFigures } from '../api/get-figures';

/** The warning shows only when the figures cannot be read: its code loads then, not with the home page (issue 13). */
const Alert = lazy(() => import('@mui/material/Alert'));

/** Live figures from the database: observations this season and in all, volunteers, sites surveyed. */
export function FiguresStrip() {
  const { t } = useTranslation('content');
  const lng = useLocale();
  const figures = useFigures();
  const format = new Intl.NumberFormat(lng);
  const items = figures.data
    ? [
        {
          key: 'observations',
          value: figures.data.observations_this_season,
          label: t('home.figures_observations', { season: figures.data.season }),
        },
        { key: 'total', value: figures.data.observations_total, label: t('home.figures_total') },
        { key: 'volunteers', value: figures.data.volunteers, label: t('home.figures_volunteers') },
        { key: 'sites', value: figures.data.sites, label: t('home.figures_sites') },
      ]
    : [];
  return (
    <Box component="section" aria-labelledby="figures-heading">
      <Typography id="figures-heading" variant="h5" component="h2" gutterBottom>
        {t('home.figures_title')}
      </Typography>
      {figures.isError && (
        <Suspense fallback={null}>
          <Alert severity="warning">{t('home.figures_error')}</Alert>
        </Suspense>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {figures.isPending
          ? [0, 1, 2, 3].map((i) => <div key={i} className="mm-placeholder" style={{ height: 96 }} />)
          : items.map((item) => (
              <Paper
                key={item.key}
                variant="outlined"
                sx={{ p: 2, display: 'flex', flexDirection: 'column-reverse' }}
                data-testid={`figure-${item.key}`}
              >
                <Typography component="dt">{item.label}</Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontSize: '2.25rem', fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}
                >
                  {format.format(item.value)}
                </Typography>
              </Paper>
            ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('home.figures_note')}
      </Typography>
    </Box>
  );
}
