import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useChecklist } from '../../entities/checklist/api/get-checklist';
import { MissionForm } from '../../features/mission/components/mission-form';
import { clearDraft, hasDraft, readDraft, type MissionDraft } from '../../features/mission/draft-storage';
import { missionFromChecklist } from '../../features/mission/group-observations';
import { emptyMission } from '../../features/mission/mission-values';
import { useQueuedMission } from '../../features/mission/use-queued-mission';
import { useParamsData } from '../../entities/params/get-params';
import { ApiRequestError } from '../../lib/api-client';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** "Visit again" (`?visit=siteId`, docs/monitoring.md), loaded only for a visit. */
const VisitMission = lazy(async () => ({
  default: (await import('../../features/mission/components/visit-mission')).VisitMission,
}));

/** Asked only when a draft waits on this device, so it loads then. */
const ResumeDraftDialog = lazy(async () => ({
  default: (await import('../../features/mission/components/resume-draft-dialog')).ResumeDraftDialog,
}));

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress />
    </Box>
  );
}

/** The saved mission `?edit=id` as the form's start, or why it cannot be edited. */
function useEditStart(editId: number | null, enabled: boolean) {
  const { t } = useTranslation('mission');
  const checklist = useChecklist(enabled ? editId : null);
  const initial = useMemo(
    () => (checklist.data && checklist.data.is_flash === 0 ? missionFromChecklist(checklist.data) : undefined),
    [checklist.data],
  );
  let problem: ReactNode;
  if (checklist.isError)
    problem = (
      <Alert severity="error">
        {checklist.error instanceof ApiRequestError && checklist.error.status > 0
          ? checklist.error.body.message
          : t('common:errors.please_try_again')}
      </Alert>
    );
  else if (checklist.data && (!checklist.data.can_edit || checklist.data.is_flash === 1)) {
    problem = (
      <Alert
        severity="warning"
        action={
          <Button component={LocaleLink} href={`/checklists/view?id=${editId}`} color="inherit">
            {t('form.view_details')}
          </Button>
        }
      >
        {t('form.not_editable')}
      </Alert>
    );
  }
  return { initial, problem, loading: enabled && editId !== null && checklist.isPending };
}

/**
 * Mission Form (spec §1, DESIGN route `/submit/mission?step=…`, `&edit=id` to change a saved one,
 * `?visit=siteId` to visit a monitored site again).
 * A draft left on this device is offered for resuming or discarding before anything else.
 */
export function MissionPage() {
  const { t } = useTranslation('mission');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalePath();
  const params = useParamsData();
  const outboxId = search.get('outbox');
  const queued = useQueuedMission(outboxId);
  const [stored, setStored] = useState<MissionDraft | undefined>(undefined);
  // 'reading': a draft is stored and its check (with zod, loaded then) has not answered yet.
  const [choice, setChoice] = useState<'reading' | 'ask' | 'resume' | 'fresh'>(() =>
    hasDraft() && !outboxId ? 'reading' : 'fresh',
  );
  useEffect(() => {
    if (choice !== 'reading') return;
    let live = true;
    void readDraft()
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        setStored(draft);
        setChoice(draft ? 'ask' : 'fresh');
      });
    return () => {
      live = false;
    };
  }, [choice]);
  const [fresh] = useState(emptyMission);
  const urlEditId = positiveId(search.get('edit'));
  const visitId = urlEditId === null ? positiveId(search.get('visit')) : null;
  const resuming = choice === 'resume' && stored !== undefined;
  const editId = resuming ? stored.edit_id : urlEditId;
  const edit = useEditStart(urlEditId, choice === 'fresh');
  usePageTitle(editId === null ? t('form.title') : t('form.edit_title'));

  const resume = () => {
    if (!stored) return;
    const next = new URLSearchParams({ step: stored.step });
    if (stored.edit_id !== null) next.set('edit', String(stored.edit_id));
    setSearch(next, { replace: true });
    setChoice('resume');
  };
  const discard = () => {
    clearDraft();
    setChoice('fresh');
  };
  const onSaved = (checklistId: number) => {
    toast.success(editId === null ? t('toast.saved') : t('toast.updated'));
    void navigate(to(`/checklists/view?id=${checklistId}`));
  };
  const onQueued = () => {
    toast.info(t('common:outbox.queued_toast'));
    void navigate(to('/submit/missions'));
  };

  let body: ReactNode;
  if (params.isError) body = <Alert severity="error">{t('common:errors.please_try_again')}</Alert>;
  else if (!params.data || choice === 'reading') body = <Loading />;
  else if (outboxId && queued === null) body = <Alert severity="warning">{t('common:outbox.not_found')}</Alert>;
  else if (outboxId && queued === undefined) body = <Loading />;
  else if (outboxId && queued)
    body = (
      <MissionForm
        key={`outbox-${outboxId}`}
        params={params.data}
        initial={queued.values}
        editId={null}
        resumed={false}
        onSaved={onSaved}
        onQueued={onQueued}
        refusal={queued.refusal}
      />
    );
  else if (choice === 'ask' && stored)
    body = (
      <Suspense fallback={<Loading />}>
        <ResumeDraftDialog draft={stored} onResume={resume} onDiscard={discard} />
      </Suspense>
    );
  else if (resuming)
    body = (
      <MissionForm
        key="resume"
        params={params.data}
        initial={stored.values}
        editId={stored.edit_id}
        resumed
        onSaved={onSaved}
        onQueued={onQueued}
      />
    );
  else if (visitId !== null)
    body = (
      <Suspense fallback={<Loading />}>
        <VisitMission siteId={visitId} params={params.data} fresh={fresh} onSaved={onSaved} onQueued={onQueued} />
      </Suspense>
    );
  else if (urlEditId === null)
    body = (
      <MissionForm
        key="new"
        params={params.data}
        initial={fresh}
        editId={null}
        resumed={false}
        onSaved={onSaved}
        onQueued={onQueued}
      />
    );
  else if (edit.problem) body = edit.problem;
  else if (edit.loading || !edit.initial) body = <Loading />;
  else
    body = (
      <MissionForm
        key={`edit-${urlEditId}`}
        params={params.data}
        initial={edit.initial}
        editId={urlEditId}
        resumed={false}
        onSaved={onSaved}
        onQueued={onQueued}
      />
    );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
      >
        <Typography variant="h4" component="h1">
          {editId === null ? t('form.title') : t('form.edit_title')}
        </Typography>
        <Button
          component={LocaleLink}
          href="/submit/missions"
          startIcon={<ListIcon />}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, minHeight: 44 }}
        >
          {t('missions.title')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 2 }}>{t('form.lead')}</Typography>
      {body}
    </>
  );
}
