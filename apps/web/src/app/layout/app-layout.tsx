import { Box, Container, Link } from '@mui/material';
import { useEffect } from 'react';
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
import { UpdatePrompt } from './update-prompt';
import { OutboxAgent } from '../../entities/outbox/outbox-agent';
import { loadDraft } from '../../features/mission/draft-storage';

/** Photo files the Mission draft still shows: the outbox's start-up clean-up keeps them. */
const draftPhotoIds = () =>
  new Set((loadDraft()?.values.observation.photos ?? []).flatMap((p) => (p.local_id ? [p.local_id] : [])));

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
      <Container component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, py: { xs: 2, md: 4 } }}>
        <Outlet />
      </Container>
      <Footer />
      <BusyOverlay />
      <OutboxAgent keepPhotoIds={draftPhotoIds} />
      <UpdatePrompt />
    </Box>
  );
}
