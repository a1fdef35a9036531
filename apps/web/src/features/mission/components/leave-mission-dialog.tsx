import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/** Shown when an in-app link would leave a mission that is not submitted; the draft stays on the device either way. */
export function LeaveMissionDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('mission');
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-mission-title">
      <DialogTitle id="leave-mission-title">{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('leave.stay')}
        </Button>
        <Button color="warning" variant="contained" onClick={() => blocker.proceed?.()}>
          {t('leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
