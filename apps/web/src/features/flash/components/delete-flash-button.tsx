import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useDeleteChecklist } from '../../../entities/checklist/api/delete-checklist';

/**
 * Delete with a confirmation dialog (spec §5 asks confirmation before deleting); the server marks
 * the observations Deleted. A refusal (409: already reviewed) or a network failure is toasted.
 */
export function DeleteFlashButton({ checklistId, onDeleted }: { checklistId: number; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mutation = useDeleteChecklist();
  const confirm = () =>
    mutation.mutate(checklistId, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('flash.deleted_toast'));
        onDeleted();
      },
      onError: (err) => {
        setOpen(false);
        const status = err instanceof ApiRequestError ? err.status : 0;
        toast.error(
          status === 409
            ? t('flash.locked')
            : status > 0 && err instanceof ApiRequestError
              ? err.body.message
              : t('errors.network'),
        );
      },
    });
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {t('flash.detail.delete')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-flash-title">
        <DialogTitle id="delete-flash-title">{t('flash.detail.confirm_delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('flash.detail.confirm_delete_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={mutation.isPending}>
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
