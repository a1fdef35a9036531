import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useChecklist } from '../../entities/checklist/api/get-checklist';
import { MissionDetails } from '../../features/mission/components/mission-details';
import { useParamsData } from '../../entities/params/get-params';
import { ApiRequestError } from '../../lib/api-client';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Mission details (`/checklists/view?id=…`, open to anyone when its observations are public). */
export function MissionDetailsPage() {
  const { t } = useTranslation('mission');
  usePageTitle(t('details.title'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalePath();
  const raw = search.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const checklist = useChecklist(id);
  const params = useParamsData();
  const notFound = id === null || (checklist.error instanceof ApiRequestError && checklist.error.status === 404);

  if (notFound || checklist.isError || params.isError) {
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button component={LocaleLink} href="/explore" color="inherit">
            {t('details.to_explore')}
          </Button>
        }
      >
        {notFound ? t('common:errors.not_found') : t('common:errors.please_try_again')}
      </Alert>
    );
  }
  if (!checklist.data || !params.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  const { is_flash } = checklist.data;
  return (
    <MissionDetails
      detail={checklist.data}
      params={params.data}
      onDeleted={() => {
        toast.success(t('toast.deleted'));
        void navigate(to(is_flash ? '/submit/flash-submissions' : '/submit/missions'));
      }}
    />
  );
}
