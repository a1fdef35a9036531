import { Box, Container, Link } from '@mui/material';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BusyOverlay } from '../../components/ui/busy-overlay';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../entities/session/session-context';
import { useLocale } from '../../lib/links';
import { Footer } from './footer';
import { Header } from './header';
import { SiteHead } from './site-head';
import { usePageViews } from './use-page-views';

/** The outbox's sender loads after the first render (issue 13: the Mission draft's schemas stay out of the entry). */
/** The service worker's registration and update prompt: after the first render, not before it. */
const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt')).UpdatePrompt }));
const OutboxBoot = lazy(async () => ({ default: (await import('./outbox-boot')).OutboxBoot }));

/** The page frame: skip link, header, main content, footer, busy overlay. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { checked } = useSession();
  const lng = useLocale();
  usePageViews();
  useEffect(() => {
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
    document.documentElement.lang = lng;
  }, [i18n, lng]);
  if (!checked) return <LoadingScreen />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href="#main"
        className="skip-link"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('nav.skip_to_content')}
      </Link>
      <SiteHead />
      <Header />
      {/* At least a screen high: the footer starts below the first screen, so a page whose content
          arrives late (lazy page, list, Markdown) pushes nothing that is in view (issue 13: CLS). */}
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minHeight: '100vh', py: { xs: 2, md: 4 } }}
      >
        <Outlet />
      </Container>
      <Footer />
      <BusyOverlay />
      <Suspense fallback={null}>
        <OutboxBoot />
        <UpdatePrompt />
      </Suspense>
    </Box>
  );
}
