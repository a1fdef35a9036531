import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { deleteMyAccount, getMyDataArchive } from '../api/profiles';

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError && err.status > 0
    ? (Object.values(err.body.fields ?? {})[0] ?? err.body.message)
    : fallback;

/** My data: download everything held about me and my photos as a zip; delete my account after confirming the password. */
export function MyDataSection({ username, onDeleted }: { username: string; onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
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
  const remove = useMutation({ mutationFn: () => deleteMyAccount(password), onSuccess: onDeleted });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('data.lead')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={() => download.mutate()} disabled={download.isPending}>
          {t('data.download')}
        </Button>
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('data.delete')}
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('data.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('data.confirm_text')}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(remove.error, t('common:errors.network'))}
            </Alert>
          )}
          <TextField
            fullWidth
            type="password"
            label={t('common:fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('profile.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!password || remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('data.confirm_delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
