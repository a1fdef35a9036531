import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client';
import { useDeleteChecklist } from '../../../entities/checklist/api/delete-checklist';

/** Delete, after a confirmation (spec §5): the checklist's observations become Deleted. */
export function DeleteMissionButton({ checklistId, onDeleted }: { checklistId: number; onDeleted: () => void }) {
  const { t } = useTranslation('mission');
  const [open, setOpen] = useState(false);
  const remove = useDeleteChecklist();
  const error = remove.error
    ? remove.error instanceof ApiRequestError && remove.error.status > 0
      ? remove.error.body.message
      : t('common:errors.network')
    : undefined;
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
      >
        {t('details.delete')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-mission-title">
        <DialogTitle id="delete-mission-title">{t('details.confirm_delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('details.confirm_delete')}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate(checklistId, { onSuccess: onDeleted })}
          >
            {t('common:actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
