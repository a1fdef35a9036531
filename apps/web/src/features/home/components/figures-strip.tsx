import { Paper, Typography } from '@mui/material';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/links';
import { useFigures } from '../api/use-figures';
import { FiguresFrame } from './figures-placeholder';

/** The warning shows only when the figures cannot be read: its code loads then, not with the home page. */
const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * Live figures from the database: observations this season and in all, volunteers, sites surveyed.
 * Loaded after the home page's first render (`React.lazy`, with `FiguresFrame` as its fallback): the
 * data queries' code (TanStack Query's observer) stays out of the first screen's JavaScript.
 */
export function FiguresStrip() {
  const { t } = useTranslation('content');
  const lng = useLocale();
  const figures = useFigures();
  const format = useMemo(() => new Intl.NumberFormat(lng), [lng]);
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
    <FiguresFrame
      alert={
        figures.isError && (
          <Suspense fallback={null}>
            <Alert severity="warning">{t('home.figures_error')}</Alert>
          </Suspense>
        )
      }
    >
      {figures.isPending
        ? undefined
        : items.map((item) => (
            <Paper
              key={item.key}
              variant="outlined"
              sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column-reverse', minWidth: 0 }}
              data-testid={`figure-${item.key}`}
            >
              <Typography
                component="dt"
                sx={{ fontSize: { xs: '0.875rem', sm: '1rem' }, overflowWrap: 'break-word', hyphens: 'auto' }}
              >
                {item.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontSize: { xs: '1.75rem', sm: '2.25rem' },
                  fontWeight: 700,
                  color: 'primary.main',
                  lineHeight: 1.2,
                }}
              >
                {format.format(item.value)}
              </Typography>
            </Paper>
          ))}
    </FiguresFrame>
  );
}
