import { Box } from '@mui/material';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../entities/session/session-context';
import { useLocale } from '../../lib/links';
import { AfterStart } from './after-start';
import { Header } from './header';
import { SiteHead } from './site-head';

/** The frame's parts outside the first screen (footer, busy overlay, page views, outbox, service worker). */
const FrameExtras = lazy(async () => ({ default: (await import('./frame-extras')).FrameExtras }));

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
      <AfterStart>
        <Suspense fallback={null}>
          <FrameExtras signedIn={!!user} />
        </Suspense>
      </AfterStart>
    </Box>
  );
}
