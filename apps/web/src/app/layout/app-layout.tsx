import { Box } from '@mui/material';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../entities/session/session-context';
import { useLocale } from '../../lib/links';
import { Header } from './header';
import { SiteHead } from './site-head';

/** The footer: `main` is at least a screen high, so it is never in the first screen; its code loads after it. */
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));
/**
 * The full-screen spinner's request counter: it shows nothing before requests have been pending for
 * 250 ms, so it loads after the first render and counts from then on.
 */
const BusyOverlay = lazy(async () => ({ default: (await import('../../components/ui/busy-overlay')).BusyOverlay }));
/** Page-view counting: the first view counts once the navigation settled, after the first render. */
const PageViews = lazy(async () => ({ default: (await import('./use-page-views')).PageViews }));
/**
 * The outbox's sender loads after the first render and only for a signed-in volunteer, the only one
 * with anything to send (the Mission draft's schemas, zod and IndexedDB stay off visitors' pages).
 */
const OutboxBoot = lazy(async () => ({ default: (await import('./outbox-boot')).OutboxBoot }));
/** The service worker's registration and update prompt: after the first render, not before it. */
const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt')).UpdatePrompt }));

/** The page frame: skip link, header, main content, footer, busy overlay. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { checked, user } = useSession();
  const lng = useLocale();
  useEffect(() => {
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
    document.documentElement.lang = lng;
  }, [i18n, lng]);
  if (!checked) return <LoadingScreen />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {/* A Box, not MUI's Link, and below a Box, not Container: the same look without their code in the
          first render. */}
      <Box
        component="a"
        href="#main"
        className="skip-link"
        sx={{
          position: 'absolute',
          left: -9999,
          color: 'primary.main',
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('nav.skip_to_content')}
      </Box>
      <SiteHead />
      <Header />
      {/* At least a screen high: the footer starts below the first screen, so a page whose content
          arrives late (lazy page, list, Markdown) pushes nothing that is in view (CLS). */}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          // MUI Container's layout (maxWidth lg, gutters of 16 px then 24 px from sm).
          width: '100%',
          maxWidth: 'lg',
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          flexGrow: 1,
          minHeight: '100vh',
          py: { xs: 2, md: 4 },
        }}
      >
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <BusyOverlay />
        <PageViews />
        {user && <OutboxBoot />}
        <UpdatePrompt />
      </Suspense>
    </Box>
  );
}
