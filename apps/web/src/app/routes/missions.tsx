import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaginatorBar } from '../../components/ui/paginator-bar';
import { useMyChecklists } from '../../entities/checklist/api/get-my-checklists';
import { MissionList } from '../../features/mission/components/mission-list';
import { useParamsData } from '../../entities/params/get-params';
import { OutboxList } from '../../entities/outbox/outbox-list';
import { useOnline } from '../../lib/use-online';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Missions: my Missions, newest first, the page in the URL (`?page=2`). */
export function MissionsPage() {
  const { t } = useTranslation('mission');
  usePageTitle(t('missions.title'));
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const missions = useMyChecklists('mission', page);
  const params = useParamsData();
  const online = useOnline();
  const start = (
    <Button
      component={LocaleLink}
      href="/submit/mission"
      variant="contained"
      startIcon={<AddIcon />}
      sx={{ minHeight: 48 }}
    >
      {t('missions.start')}
    </Button>
  );
  const empty = missions.data?.paginator.total === 0;
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1.5, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('missions.title')}
          </Typography>
          <Typography color="text.secondary">{t('missions.lead')}</Typography>
        </Box>
        {!empty && <Box>{start}</Box>}
      </Stack>
      <Box sx={{ mb: 2 }}>
        <OutboxList
          kind="mission"
          editHref={(e) => `/submit/mission?outbox=${e.id}&step=confirmation`}
          viewHref={(e) => `/checklists/view?id=${e.checklist_id ?? ''}`}
        />
      </Box>
      {missions.isError && online && <Alert severity="error">{t('common:errors.please_try_again')}</Alert>}
      {!online && !missions.data && <Alert severity="info">{t('common:offline.needs_network')}</Alert>}
      {missions.isPending && online && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {empty && (
        <Box sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 2, justifyItems: 'center' }}>
          <Typography variant="h6" component="p">
            {t('missions.empty')}
          </Typography>
          <Typography color="text.secondary">{t('missions.empty_lead')}</Typography>
          {start}
        </Box>
      )}
      {missions.data && !empty && (
        <>
          <MissionList missions={missions.data.data} params={params.data} />
          {missions.data.paginator.totalpage > 1 && (
            <PaginatorBar paginator={missions.data.paginator} onPage={(p) => setSearch({ page: String(p) })} />
          )}
        </>
      )}
    </>
  );
}
