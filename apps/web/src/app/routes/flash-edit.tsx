import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useChecklist } from '../../entities/checklist/api/get-checklist';
import { FlashForm } from '../../features/flash/components/flash-form';
import { FlashLoadError } from '../../features/flash/components/flash-load-error';
import { useParamsData } from '../../entities/params/get-params';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Flash edit (`/submit/flash/:checklistId/edit`): the Flash form started from the saved submission, saved with PUT. */
export function FlashEditPage() {
  const { t } = useTranslation();
  usePageTitle(t('flash.edit_title'));
  const checklistId = Number(useParams().checklistId);
  const navigate = useNavigate();
  const to = useLocalePath();
  const detail = useChecklist(checklistId);
  const params = useParamsData();
  const back = `/submit/flash/${checklistId}`;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('flash.edit_title')}
      </Typography>
      {(detail.error || params.isError || !Number.isInteger(checklistId)) && <FlashLoadError error={detail.error} />}
      {detail.data && !detail.data.can_edit && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">{t('flash.locked')}</Alert>
          <Button variant="outlined" component={LocaleLink} href={back}>
            {t('flash.back_to_detail')}
          </Button>
        </Stack>
      )}
      {detail.data?.can_edit && params.data && (
        <>
          <Typography sx={{ mb: 1 }}>{t('flash.edit_lead')}</Typography>
          <Button component={LocaleLink} href={back} sx={{ mb: 2, px: 0 }}>
            {t('flash.back_to_detail')}
          </Button>
          <FlashForm
            key={checklistId}
            params={params.data}
            initial={detail.data}
            onSaved={() => {
              toast.success(t('flash.updated_toast'));
              void navigate(to(back));
            }}
          />
        </>
      )}
    </>
  );
}
