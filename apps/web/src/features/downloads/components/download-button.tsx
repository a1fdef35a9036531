import DownloadIcon from '@mui/icons-material/Download';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { createDownloadInputSchema, type CreateDownloadInput, type ExploreFilters } from '@mm/shared';
import { schemaResolver } from '../../../lib/form-resolver';
import { signedDownloadUrl, startDownload } from '../api/download-url';
import { DownloadForm, type DownloadFormValues } from './download-form';

const emptyValues: DownloadFormValues = { format: 'csv', reason_id: undefined, reason_text: '' };

/**
 * "Download" for Explore data (spec §1: a download that requires a stated reason): a dialog to
 * choose the format and give a reason, then the browser downloads the observations matching
 * `filters` straight from the API.
 */
export function DownloadButton({ filters }: { filters: ExploreFilters }) {
  const { t } = useTranslation('downloads');
  const [open, setOpen] = useState(false);
  const form = useForm<DownloadFormValues, unknown, CreateDownloadInput>({
    resolver: schemaResolver(createDownloadInputSchema),
    defaultValues: emptyValues,
  });
  const close = () => {
    setOpen(false);
    form.reset(emptyValues);
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      startDownload(await signedDownloadUrl(filters, input));
    } catch {
      toast.error(t('common:errors.please_try_again'));
      return;
    }
    close();
    toast.success(t('started'));
  });
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      {/* The paper is the form, so that the content scrolls between a fixed title and actions. */}
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="download-title"
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { component: 'form', onSubmit: (e: FormEvent) => void submit(e) } }}
      >
        <DialogTitle id="download-title">{t('title')}</DialogTitle>
        <DialogContent>
          <DownloadForm form={form} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" startIcon={<DownloadIcon />}>
            {t('submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
