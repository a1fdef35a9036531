import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../entities/session/session-context';
import { useChecklist } from '../../entities/checklist/api/get-checklist';
import { DeleteFlashButton } from '../../features/flash/components/delete-flash-button';
import { FlashDetailView } from '../../features/flash/components/flash-detail-view';
import { FlashLoadError } from '../../features/flash/components/flash-load-error';
import { StatusChips } from '../../components/ui/status-chips';
import { LocaleLink, useLocale, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Flash Detail (`/submit/flash/:checklistId`): what was saved; Edit and Delete while it is the owner's and Pending. */
export function FlashDetailPage() {
  const { t } = useTranslation();
  usePageTitle(t('flash.detail.title'));
  const checklistId = Number(useParams().checklistId);
  const { user } = useSession();
  const lng = useLocale();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { data, error } = useChecklist(checklistId);
  const heading = (
    <Typography variant="h4" component="h1">
      {t('flash.detail.title')}
    </Typography>
  );
  if (error || !Number.isInteger(checklistId))
    return (
      <Stack spacing={2}>
        {heading}
        <FlashLoadError error={error} />
      </Stack>
    );
  if (!data) return heading;
  if (data.is_flash === 0) return <Navigate to={to(`/checklists/view?id=${checklistId}`)} replace />;
  const submitted = new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(data.created));
  return (
    <Stack spacing={3}>
      <Box>
        {heading}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('flash.detail.submitted', { date: submitted })}
          </Typography>
          <StatusChips statusIds={data.observations.map((o) => o.observationstatus_id)} />
        </Stack>
      </Box>
      {data.can_edit ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            component={LocaleLink}
            href={`/submit/flash/${checklistId}/edit`}
          >
            {t('flash.detail.edit')}
          </Button>
          <DeleteFlashButton
            checklistId={checklistId}
            onDeleted={() => void navigate(to('/submit/flash-submissions'))}
          />
        </Stack>
      ) : (
        user?.username === data.username && <Alert severity="info">{t('flash.locked')}</Alert>
      )}
      <FlashDetailView detail={data} />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" component={LocaleLink} href="/submit/flash-submissions">
          {t('flash.my_submissions')}
        </Button>
        <Button component={LocaleLink} href="/submit/flash">
          {t('flash.detail.report_another')}
        </Button>
      </Stack>
    </Stack>
  );
}
