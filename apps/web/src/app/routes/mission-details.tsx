import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageDataStatus } from '../../components/ui/page-data-status';
import { toast } from '../../lib/toast';
import { useChecklist } from '../../entities/checklist/api/get-checklist';
import { MissionDetails } from '../../features/mission/components/mission-details';
import { useParamsData } from '../../entities/params/get-params';
import { ApiRequestError } from '../../lib/api-client';
import { useLocalePath } from '../../lib/links';
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

  if (notFound || checklist.isError || params.isError || !checklist.data || !params.data)
    return <PageDataStatus notFound={notFound} failed={checklist.isError || params.isError} />;
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
