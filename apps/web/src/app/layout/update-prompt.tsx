import { Button, Snackbar } from '@mui/material';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { DEFAULT_LOCALE, I18N_NAMESPACES } from '@mm/shared';
import { translationUrl } from '../../lib/i18n';

/**
 * The page that installed the first service worker loaded its translations and reference data
 * before the worker existed; once the worker controls the page, asking for them again lets the
 * worker's runtime caches keep them for offline use. The translations are only fetched, not handed
 * to i18next again: reloading them re-rendered every translated component eight times on a first
 * visit (issue 13: main-thread time).
 */
async function warmRuntimeCaches(i18n: I18n, queryClient: QueryClient): Promise<void> {
  const sw = navigator.serviceWorker;
  await sw.ready;
  if (!sw.controller) await new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
  const languages = [...new Set([i18n.language, DEFAULT_LOCALE])];
  await Promise.all(
    languages.flatMap((lng) =>
      I18N_NAMESPACES.map((ns) => fetch(translationUrl(ns, lng)).then((res) => res.arrayBuffer())),
    ),
  );
  // Loaded here, not with the first screen (issue 13): reading the stored reference data needs its schema (zod).
  const [{ getParamsQueryOptions }, { getClientConfigQueryOptions }] = await Promise.all([
    import('../../entities/params/get-params'),
    import('../../lib/client-config'),
  ]);
  // Fetched even when this page has not used them (staleTime 0: the session-stored copy is not enough).
  await queryClient.fetchQuery({ ...getParamsQueryOptions(), staleTime: 0 });
  await queryClient.fetchQuery({ ...getClientConfigQueryOptions(), staleTime: 0 });
}

/**
 * Registers the Workbox service worker (issue 15) and, when a new deployment has installed its
 * worker, offers to reload: the new worker takes over and the page reloads, so old and new files
 * never mix. Until then the page keeps running entirely on the version it started with.
 */
export function UpdatePrompt() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const {
    offlineReady: [offlineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  useEffect(() => {
    if (offlineReady) void warmRuntimeCaches(i18n, queryClient).catch(() => undefined);
  }, [offlineReady, i18n, queryClient]);
  return (
    <Snackbar
      open={needRefresh}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={t('pwa.update_available')}
      action={
        <>
          <Button color="secondary" size="small" variant="contained" onClick={() => void updateServiceWorker(true)}>
            {t('pwa.reload')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
            {t('pwa.later')}
          </Button>
        </>
      }
    />
  );
}
