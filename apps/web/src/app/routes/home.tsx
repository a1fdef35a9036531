import { Box, Button, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { LOCALES } from '@mm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterHydration } from '../../components/ui/after-hydration';
import { useSession } from '../../entities/session/session-context';
import { PageHead } from '../../features/content/components/page-head';
import { CampaignCard } from '../../features/home/components/campaign-card';
import { FiguresFrame } from '../../features/home/components/figures-placeholder';
import { LocaleLink } from '../../lib/links';

// The live figures, the latest photos and observations sit below the first screen: their code (and with it
// TanStack Query's observer) loads after the first paint; their data is asked for at once. A page
// the server rendered shows their fallbacks until it has hydrated (`AfterHydration`).
// The figures' fallback is their frame with placeholders of the figures' height; the photos strip draws
// nothing until its photos have arrived anyway.
const FiguresStrip = lazy(async () => ({
  default: (await import('../../features/home/components/figures-strip')).FiguresStrip,
}));
const LatestPhotos = lazy(async () => ({
  default: (await import('../../features/home/components/latest-photos')).LatestPhotos,
}));
const LatestObservations = lazy(async () => ({
  default: (await import('../../features/home/components/latest-observations')).LatestObservations,
}));

/** How many of the latest observations the home page lists. */
const LATEST_OBSERVATIONS = 5;

/** Why it matters: three short cards (content.json `home.why_*`). */
const WHY = ['habitat', 'decline', 'data'] as const;
/** Pages to read before a first Mission, with their menu labels. */
const LEARN = [
  { href: '/content/what-is-a-mission', labelKey: 'nav.what_is_a_mission' },
  { href: '/content/milkweed-identification', labelKey: 'nav.find_milkweed' },
  { href: '/content/monarch-identification', labelKey: 'nav.look_for_monarchs' },
  { href: '/content/life-cycle', labelKey: 'nav.life_cycle' },
  { href: '/content/monarch-identification-annual-cycle', labelKey: 'nav.migration' },
] as const;

/**
 * Home: what the project is and why it matters, a call to act, live figures, the current
 * campaign, the latest photos and observations.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('content');
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The figures and the latest observations are fetched while their components' code loads; their query
  // modules load with them, not in the page's first load (the JavaScript budget of the first render).
  useEffect(() => {
    void import('../../features/home/api/get-figures').then(({ getFiguresQueryOptions }) =>
      queryClient.prefetchQuery(getFiguresQueryOptions()),
    );
    void import('../../entities/observation/get-observations').then(({ getObservationsQueryOptions }) =>
      queryClient.prefetchQuery(getObservationsQueryOptions(1, LATEST_OBSERVATIONS)),
    );
  }, [queryClient]);
  return (
    // Flex boxes with gaps lay the page out as Stack would, without Stack's code in the first render.
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 5 }}>
      <PageHead title="" description={t('home.lead')} path="" locales={LOCALES} />
      <Paper
        sx={{
          p: { xs: 3, md: 5 },
          display: 'flex',
          gap: 4,
          alignItems: 'center',
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        <span className="mm-monarch" style={{ width: 140, height: 140 }} />
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' } }} gutterBottom>
            {t('home.title')}
          </Typography>
          <Typography sx={{ mb: 3, maxWidth: '65ch' }}>{t('home.lead')}</Typography>
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
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
          </Box>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="about-heading">
        <Typography id="about-heading" variant="h5" component="h2" gutterBottom>
          {tc('home.about_title')}
        </Typography>
        <Typography sx={{ mb: 3, maxWidth: '75ch' }}>{tc('home.about_text')}</Typography>
        <Typography variant="h6" component="h3" gutterBottom>
          {tc('home.why_title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {WHY.map((key) => (
            <Paper key={key} variant="outlined" sx={{ p: 2 }}>
              <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
                {tc(`home.why_${key}_title`)}
              </Typography>
              <Typography>{tc(`home.why_${key}_text`)}</Typography>
            </Paper>
          ))}
        </Box>
      </Box>
      <AfterHydration fallback={<FiguresFrame />}>
        <Suspense fallback={<FiguresFrame />}>
          <FiguresStrip />
        </Suspense>
      </AfterHydration>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <CampaignCard />
        <Box component="section" aria-labelledby="learn-heading">
          <Typography id="learn-heading" variant="h5" component="h2" gutterBottom>
            {tc('home.learn_title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{tc('home.learn_text')}</Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {LEARN.map((item) => (
              <li key={item.href}>
                {/* MUI Link's look (primary, underline at 40 %), without its code in the first render. */}
                <Box
                  component={LocaleLink}
                  href={item.href}
                  sx={{
                    color: 'primary.main',
                    textDecorationColor: (theme) => alpha(theme.palette.primary.main, 0.4),
                    '&:hover': { textDecorationColor: 'inherit' },
                  }}
                >
                  {t(item.labelKey)}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
      <AfterHydration>
        <Suspense fallback={null}>
          <LatestPhotos />
        </Suspense>
      </AfterHydration>
      <Box component="section" aria-labelledby="latest-heading">
        <Typography id="latest-heading" variant="h5" component="h2" gutterBottom>
          {t('home.latest')}
        </Typography>
        <AfterHydration>
          <Suspense fallback={null}>
            <LatestObservations limit={LATEST_OBSERVATIONS} />
          </Suspense>
        </AfterHydration>
      </Box>
    </Box>
  );
}
