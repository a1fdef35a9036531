import { Button, Snackbar } from '@mui/material';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { DEFAULT_LOCALE, I18N_NAMESPACES } from '@mm/shared';
import { api } from '../../lib/api-client';
import { RUNTIME_CACHES } from '../../lib/cache-names';
import { translationUrl } from '../../lib/i18n';

/**
 * The page that installed the first service worker loaded its translations and reference data
 * before the worker existed; once the worker controls the page, asking for them again lets the
 * worker's runtime caches keep them for offline use. Done whenever a controlled page finds the
 * current language's translations missing from those caches, not only on the worker's first
 * "offline ready" event, which a page can miss when the worker installs before the page listens
 * (seen in CI: a first visit that never kept them). The translations are only fetched, not handed
 * to i18next again: reloading them re-rendered every translated component eight times on a first
 * visit (main-thread time).
 */
async function warmRuntimeCaches(i18n: I18n): Promise<void> {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!sw || typeof caches === 'undefined') return;
  await sw.ready;
  if (!sw.controller) await new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
  // Both kinds: the page's own translation requests may have refilled the first one meanwhile.
  const reference = await (await caches.open(RUNTIME_CACHES.reference)).keys();
  if (reference.length > 0 && (await caches.match(translationUrl('common', i18n.language)))) return;
  const languages = [...new Set([i18n.language, DEFAULT_LOCALE])];
  await Promise.all(
    languages.flatMap((lng) =>
      I18N_NAMESPACES.map((ns) => fetch(translationUrl(ns, lng)).then((res) => res.arrayBuffer())),
    ),
  );
  // Asked with the API client's headers (the worker keeps one answer per language), past the query
  // cache: a tab that holds the reference data in session storage still has the worker keep a copy.
  await api.get('/utilities/loadparams');
  await api.get('/utilities/clientconfig');
}

/**
 * Registers the Workbox service worker and, when a new deployment has installed its
 * worker, offers to reload: the new worker takes over and the page reloads, so old and new files
 * never mix. Until then the page keeps running entirely on the version it started with.
 */
export function UpdatePrompt() {
  const { t, i18n } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  useEffect(() => {
    void warmRuntimeCaches(i18n).catch(() => undefined);
  }, [i18n]);
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
