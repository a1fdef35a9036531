import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaginatorBar } from '../../components/ui/paginator-bar';
import { useMyChecklists } from '../../entities/checklist/api/get-my-checklists';
import { FlashSubmissionList } from '../../features/flash/components/flash-submission-list';
import { useParamsData } from '../../entities/params/get-params';
import { OutboxList } from '../../entities/outbox/outbox-list';
import { useOnline } from '../../lib/use-online';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Flash Submissions (`/submit/flash-submissions?page=`): my Flash submissions, newest first, paged. */
export function FlashSubmissionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('submissions.title'));
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data, isError } = useMyChecklists('flash', page);
  const params = useParamsData();
  const online = useOnline();
  const report = (
    <Button variant="contained" startIcon={<AddIcon />} component={LocaleLink} href="/submit/flash">
      {t('submissions.report')}
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {t('submissions.title')}
        </Typography>
        {data && data.paginator.total > 0 && report}
      </Stack>
      <Typography>{t('submissions.lead')}</Typography>
      <OutboxList
        kind="flash"
        editHref={(e) => `/submit/flash?outbox=${e.id}`}
        viewHref={(e) => `/submit/flash/${e.checklist_id ?? ''}`}
      />
      {isError && online && <Alert severity="error">{t('errors.please_try_again')}</Alert>}
      {!online && !data && <Alert severity="info">{t('offline.needs_network')}</Alert>}
      {data && data.paginator.total === 0 && (
        <Paper sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{t('submissions.empty')}</Typography>
          {report}
        </Paper>
      )}
      {data && data.paginator.total > 0 && (
        <>
          <Typography variant="subtitle2">{t('submissions.count', { count: data.paginator.total })}</Typography>
          <FlashSubmissionList items={data.data} params={params.data} />
          {data.paginator.totalpage > 1 && (
            <PaginatorBar paginator={data.paginator} onPage={(p) => setSearch({ page: String(p) })} />
          )}
        </>
      )}
    </Stack>
  );
}
