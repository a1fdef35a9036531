import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../lib/links';

/** Placeholder tiles in the grid's layout while the first page loads. */
export function GallerySkeleton() {
  const { t } = useTranslation('gallery');
  return (
    <Box
      aria-busy="true"
      aria-label={t('loading')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(6, 1fr)' },
      }}
    >
      {Array.from({ length: 12 }, (_, i) => (
        <Box key={i}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </Box>
      ))}
    </Box>
  );
}

/** No photos: with a life stage chosen, offer all stages; otherwise invite to submit data. */
export function GalleryEmpty({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  const { t } = useTranslation('gallery');
  return (
    <Paper sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{filtered ? t('empty_filtered') : t('empty')}</Typography>
      {filtered ? (
        <Button variant="outlined" onClick={onShowAll}>
          {t('show_all')}
        </Button>
      ) : (
        <Button variant="contained" component={LocaleLink} href="/submit/submit-data">
          {t('common:nav.submit_data')}
        </Button>
      )}
    </Paper>
  );
}

/** Loading failed, with a retry. */
export function GalleryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('gallery');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {t('error')}
    </Alert>
  );
}
