import { Button, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the Workbox service worker (issue 15) and, when a new deployment has installed its
 * worker, offers to reload: the new worker takes over and the page reloads, so old and new files
 * never mix. Until then the page keeps running entirely on the version it started with.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
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
