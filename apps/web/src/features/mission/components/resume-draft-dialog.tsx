import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/links';
import type { MissionDraft } from '../draft-storage';
import { formatDate } from '../../../lib/format-date';

/**
 * Asks, on return to the Mission form, whether to resume the draft kept on this device or to
 * discard it; never decided silently.
 */
export function ResumeDraftDialog({
  draft,
  onResume,
  onDiscard,
}: {
  draft: MissionDraft;
  onResume: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const saved = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(draft.saved_at),
  );
  const { locality } = draft.values.site;
  const date = formatDate(draft.values.checklist.checklist_date || draft.saved_at, lng);
  return (
    <Dialog open aria-labelledby="resume-draft-title" aria-describedby="resume-draft-text">
      <DialogTitle id="resume-draft-title">
        {draft.edit_id === null ? t('resume.title') : t('resume.title_edit')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="resume-draft-text">
          {locality ? t('resume.text_place', { place: locality, date, saved }) : t('resume.text', { date, saved })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" onClick={onDiscard} sx={{ minHeight: 44 }}>
          {t('resume.discard')}
        </Button>
        <Button variant="contained" onClick={onResume} autoFocus sx={{ minHeight: 44 }}>
          {t('resume.resume')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
