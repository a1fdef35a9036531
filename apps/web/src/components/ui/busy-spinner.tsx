import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The full-screen spinner of BusyOverlay; its code loads the first time it shows. */
export function BusySpinner() {
  const { t } = useTranslation();
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} aria-live="polite">
      <CircularProgress color="inherit" aria-label={t('app.busy')} />
    </Backdrop>
  );
}
