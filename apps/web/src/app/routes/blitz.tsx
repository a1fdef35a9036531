import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LOCALES } from '@mm/shared';
import { AfterHydration } from '../../components/ui/after-hydration';
import { PageFallback } from '../../components/ui/page-fallback';
import { useParamsData } from '../../entities/params/get-params';
import { useBlitz } from '../../features/blitz/api/get-blitz';
import { BlitzReportView } from '../../features/blitz/components/blitz-report-view';
import { PageHead } from '../../features/content/components/page-head';
import { DownloadButton } from '../../features/downloads/components/download-button';
import { ApiRequestError } from '../../lib/api-client';
import { LocaleLink } from '../../lib/links';

// Explore's own map and clusters, with the event as its filter (Leaflet loads with it).
const ExploreMap = lazy(async () => ({
  default: (await import('../../features/explore/components/explore-map')).ExploreMap,
}));

/**
 * `/{locale}/blitz` (the current event: running, else the latest started, else the next) and
 * `/{locale}/blitz/{id}`: the International Monarch Monitoring Blitz's live page. The server renders the
 * title and lead (docs/adr/0021); the event, its totals, the map and the download button are
 * drawn from the API once the page has hydrated (docs/blitz.md).
 */
export function BlitzPage() {
  const { t } = useTranslation('blitz');
  const raw = useParams().blitzId;
  const path = raw === undefined ? '/blitz' : `/blitz/${raw}`;
  return (
    <>
      <PageHead title={t('title')} description={t('lead')} path={path} locales={[...LOCALES]} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: '75ch' }}>{t('lead')}</Typography>
      <AfterHydration fallback={<PageFallback />}>
        <BlitzEvent raw={raw} />
      </AfterHydration>
    </>
  );
}

function BlitzEvent({ raw }: { raw: string | undefined }) {
  const { t } = useTranslation('blitz');
  const id = raw === undefined ? null : /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : -1;
  const report = useBlitz(id === -1 ? null : id, id !== -1);
  const params = useParamsData().data;
  const missing = id === -1 || (report.error instanceof ApiRequestError && report.error.status === 404);
  if (missing) return <Alert severity="info">{raw === undefined ? t('none') : t('not_found')}</Alert>;
  if (report.isError) return <Alert severity="error">{t('error')}</Alert>;
  if (!report.data)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  const filters = { blitz_id: report.data.event.id };
  return (
    <>
      <BlitzReportView report={report.data} params={params} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <DownloadButton filters={filters} label={t('download')} />
        <Button component={LocaleLink} href={`/explore?blitz_id=${report.data.event.id}`}>
          {t('explore')}
        </Button>
      </Stack>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('map')}
      </Typography>
      <Suspense fallback={<Box sx={{ height: { xs: 420, md: 560 } }} />}>
        <ExploreMap filters={filters} />
      </Suspense>
    </>
  );
}
