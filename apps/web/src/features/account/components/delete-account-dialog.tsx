import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMyAccount } from '../api/profiles';
import { errorText } from './my-data-error';

/**
 * Deleting my account after confirming my password (My data). Its own module: My profile loads it on
 * the first click on Delete, then keeps it mounted so that it closes with its animation.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const remove = useMutation({ mutationFn: () => deleteMyAccount(password), onSuccess: onDeleted });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-account-title">
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
        <Button onClick={onClose}>{t('profile.cancel')}</Button>
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
  );
}
