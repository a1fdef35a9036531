import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ROLE_ID,
  createDownloadInputSchema,
  PUBLIC_STATUS_IDS,
  type CreateDownloadInput,
  type ExploreFilters,
  type ObservationStatusId,
} from '@mm/shared';
import { useSession } from '../../../entities/session/session-context';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/form-errors';
import { LocaleLink } from '../../../lib/links';
import { useDownload } from '../api/get-download';
import { fetchDownload, saveFile } from '../api/download-url';
import { DownloadCitation } from './download-citation';
import { DownloadForm, type DownloadFormValues } from './download-form';

const ALL_STATUS_IDS: readonly ObservationStatusId[] = [1, 2, 4, 5, 6, 3];

/** The dialog's steps: the form, the file arriving (id known), then saved with its citation. */
type Phase = { step: 'form' } | { step: 'receiving'; id: string } | { step: 'saved'; id: string };

/** The citation of a started download, once the server has its final record count. */
function StartedDownload({ phase }: { phase: Exclude<Phase, { step: 'form' }> }) {
  const { t } = useTranslation('downloads');
  const saved = phase.step === 'saved';
  const landing = useDownload(saved ? phase.id : null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        {!saved && <CircularProgress size={20} />}
        <Typography>{saved ? t('saved') : t('receiving')}</Typography>
      </Stack>
      {saved && landing.data && (
        <>
          <Typography>{t('citation.intro')}</Typography>
          <DownloadCitation citation={landing.data.citation} />
          <Link component={LocaleLink} href={`/downloads/${phase.id}`}>
            {t('citation.landing_link')}
          </Link>
        </>
      )}
      {saved && landing.isError && <Alert severity="warning">{t('citation.unavailable')}</Alert>}
    </Stack>
  );
}

/**
 * The Explore download dialog (spec §1: a download that requires a stated reason): choose the format
 * and the statuses and give a reason; the file comes with the user's session (an admin may choose
 * every status), and once saved the dialog shows the download's citation, with a copy button and a
 * link to its landing page. Loaded when "Download" is first pressed (`DownloadButton`).
 */
export function DownloadDialog({
  filters,
  open,
  onClose,
}: {
  filters: ExploreFilters;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('downloads');
  const { user } = useSession();
  const isAdmin = user?.role_id === ADMIN_ROLE_ID;
  const statusChoices = isAdmin ? ALL_STATUS_IDS : PUBLIC_STATUS_IDS;
  const emptyValues: DownloadFormValues = {
    format: 'csv',
    reason_id: undefined,
    reason_text: '',
    statuses: [...PUBLIC_STATUS_IDS],
    // Starts as Explore's filter (the button remounts the dialog when that filter changes).
    exclude_flagged: filters.exclude_flagged === true,
    exact_positions: false,
  };
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const form = useForm<DownloadFormValues, unknown, CreateDownloadInput>({
    resolver: schemaResolver(createDownloadInputSchema),
    defaultValues: emptyValues,
  });
  const close = () => {
    // The file is still arriving: the dialog stays to show its citation.
    if (phase.step === 'receiving') return;
    onClose();
    setPhase({ step: 'form' });
    form.reset(emptyValues);
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      const received = await fetchDownload(filters, input, (id) => setPhase({ step: 'receiving', id }));
      saveFile(received.file, received.fileName);
      setPhase({ step: 'saved', id: received.id });
    } catch (err) {
      setPhase({ step: 'form' });
      showServerErrors(err, form.setError, t('common:errors.please_try_again'));
    }
  });
  const rootError = form.formState.errors.root?.message;
  return (
    // The paper is the form, so that the content scrolls between a fixed title and actions.
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
        {phase.step === 'form' ? (
          <Stack spacing={2}>
            {rootError && <Alert severity="error">{rootError}</Alert>}
            <DownloadForm form={form} statusChoices={statusChoices} isAdmin={isAdmin} />
          </Stack>
        ) : (
          <StartedDownload phase={phase} />
        )}
      </DialogContent>
      <DialogActions>
        {phase.step === 'form' ? (
          <>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={form.formState.isSubmitting}
            >
              {t('submit')}
            </Button>
          </>
        ) : (
          <Button onClick={close} disabled={phase.step === 'receiving'}>
            {t('common:actions.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
