import { Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { getMyDataArchive } from '../api/profiles';
import { errorText } from './my-data-error';

const DeleteAccountDialog = lazy(async () => ({
  default: (await import('./delete-account-dialog')).DeleteAccountDialog,
}));

/** My data: download everything held about me and my photos as a zip; delete my account after confirming the password. */
export function MyDataSection({ username, onDeleted }: { username: string; onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  // The dialog's code loads on the first click on Delete, then the dialog stays mounted.
  const [opened, setOpened] = useState(false);
  const download = useMutation({
    mutationFn: getMyDataArchive,
    onSuccess: (archive) => {
      const url = URL.createObjectURL(archive);
      const a = document.createElement('a');
      a.href = url;
      a.download = `mission-monarch-${username}.zip`;
      a.click();
      URL.revokeObjectURL(url);
    },
    onError: (err) => toast.error(errorText(err, t('common:errors.network'))),
  });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('data.lead')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={() => download.mutate()} disabled={download.isPending}>
          {t('data.download')}
        </Button>
        <Button
          color="error"
          onClick={() => {
            setOpened(true);
            setConfirming(true);
          }}
        >
          {t('data.delete')}
        </Button>
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={onDeleted} />
        </Suspense>
      )}
    </Stack>
  );
}
