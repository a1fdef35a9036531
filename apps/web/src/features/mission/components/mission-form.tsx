import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LoadParams } from '@mm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { getLocateQueryOptions } from '../../../entities/checklist/api/locate';
import { lazyPointAreaCheck } from '../../../entities/checklist/lib/lazy-point-area-check';
import { useSaveMission } from '../api/save-mission';
import {
  MISSION_STEPS,
  missionStepResolver,
  parseStep,
  type MissionFormValues,
  type MissionStepName,
} from '../mission-values';
import { useLeaveGuard, useMissionAutosave } from '../use-mission-draft';
import { MissionQualityWarnings } from './mission-quality-warnings';
import { MissionStepper } from './mission-stepper';
import { SiteStep } from './site-step';
import { RouterAnchor } from '../../../lib/links';
import { whenIdle } from '../../../lib/main-thread';

// Steps 2 to 4 load when they are reached (or once the browser is idle): the milkweed picker (MUI
// Autocomplete), the photo picker and the summary stay out of the page's first render.
const loadChecklistStep = () => import('./checklist-step');
const loadObservationStep = () => import('./observation-step');
const loadConfirmationStep = () => import('./confirmation-step');
/** The leave-confirmation dialog loads when an in-app link would leave an unsent mission. */
const LeaveMissionDialog = lazy(async () => ({ default: (await import('./leave-mission-dialog')).LeaveMissionDialog }));
const ChecklistStep = lazy(async () => ({ default: (await loadChecklistStep()).ChecklistStep }));
const ObservationStep = lazy(async () => ({ default: (await loadObservationStep()).ObservationStep }));
const ConfirmationStep = lazy(async () => ({ default: (await loadConfirmationStep()).ConfirmationStep }));

/** Fetches the later steps' code once the browser is idle, so Next never waits for it on a good connection. */
function usePreloadSteps() {
  useEffect(
    () =>
      whenIdle(() => {
        void loadChecklistStep();
        void loadObservationStep();
        void loadConfirmationStep();
      }),
    [],
  );
}

const MISSION_POINT = { latitude: 'site.latitude', longitude: 'site.longitude', province: 'site.province_id' };

/** Shown while a step's code loads: a block of a step's usual height. */
const stepFallback = <div className="mm-placeholder" style={{ height: 320 }} />;

interface MissionFormProps {
  params: LoadParams;
  initial: MissionFormValues;
  /** The saved mission being edited (PUT), or null for a new one (POST). */
  editId: number | null;
  resumed: boolean;
  onSaved: (checklistId: number) => void;
  /** A new mission that could not reach the server and waits in the outbox. */
  onQueued: () => void;
  /** Why the server refused this mission before (an outbox entry reopened to fix it). */
  refusal?: string;
}

/** `?step=` links that keep the rest of the query (`edit`). */
function useStepNavigation() {
  const [search, setSearch] = useSearchParams();
  const step = parseStep(search.get('step'));
  const stepHref = useCallback(
    (s: MissionStepName) => {
      const next = new URLSearchParams(search);
      next.set('step', s);
      return `?${next.toString()}`;
    },
    [search],
  );
  const goTo = useCallback(
    (s: MissionStepName, replace = false) => {
      const next = new URLSearchParams(search);
      next.set('step', s);
      setSearch(next, { replace });
    },
    [search, setSearch],
  );
  return { step, stepHref, goTo };
}

const firstStepWithErrors = (errors: FieldErrors<MissionFormValues>) =>
  MISSION_STEPS.find((s) => s !== 'confirmation' && errors[s]) ?? 'site';

/** The Back link and the Next (or Submit) button, kept in reach at the bottom of the screen. */
function StepActions({
  backHref,
  last,
  busy,
  uploading,
  isEdit,
}: {
  backHref: string | undefined;
  last: boolean;
  busy: boolean;
  uploading: boolean;
  isEdit: boolean;
}) {
  const { t } = useTranslation('mission');
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        gap: 1.5,
        justifyContent: 'space-between',
        py: 1.5,
        bgcolor: 'background.default',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {backHref ? (
        <Button
          component={RouterAnchor}
          to={backHref}
          startIcon={<ArrowBackIcon />}
          size="large"
          sx={{ minHeight: 48 }}
        >
          {t('form.back')}
        </Button>
      ) : (
        <span />
      )}
      {last ? (
        <Button
          type="submit"
          variant="contained"
          size="large"
          endIcon={<SendIcon />}
          disabled={busy || uploading}
          sx={{ minHeight: 48 }}
        >
          {busy ? t('form.submitting') : isEdit ? t('form.save_changes') : t('form.submit')}
        </Button>
      ) : (
        <Button
          type="submit"
          variant="contained"
          size="large"
          endIcon={<ArrowForwardIcon />}
          disabled={uploading}
          sx={{ minHeight: 48 }}
        >
          {t('form.next')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The Mission form (spec §1): Step 1 Where, Step 2 When, Step 3 What, Step 4 Confirmation, the step
 * in the URL. Each step is validated with its shared schema before the next; the draft is saved on
 * every change; leaving unsubmitted asks first.
 */
export function MissionForm({ params, initial, editId, resumed, onSaved, onQueued, refusal }: MissionFormProps) {
  const { t } = useTranslation('mission');
  const { step, stepHref, goTo } = useStepNavigation();
  usePreloadSteps();
  const queryClient = useQueryClient();
  // Step 1 (and the final check) refuse a point outside Canada, the US and Mexico as the server does.
  const resolver = useMemo(
    () =>
      step === 'site' || step === 'confirmation'
        ? lazyPointAreaCheck(missionStepResolver(step), MISSION_POINT, (lat, lng) =>
            queryClient.fetchQuery(getLocateQueryOptions(lat, lng)),
          )
        : missionStepResolver(step),
    [step, queryClient],
  );
  const form = useForm<MissionFormValues>({ defaultValues: initial, resolver });
  const { unsaved, unsavedRef, markSubmitted } = useMissionAutosave({ form, editId, step, resumed });
  const blocker = useLeaveGuard(unsavedRef, unsaved);
  const save = useSaveMission(editId);
  const [uploads, setUploads] = useState(0);
  const onBusy = useCallback((delta: number) => setUploads((n) => n + delta), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const index = MISSION_STEPS.indexOf(step);

  useEffect(() => {
    // A step reached by URL (reload, bookmark, back button) needs the steps before it to be valid
    // (checked once the schemas have loaded; the first step has nothing before it).
    let live = true;
    if (step !== MISSION_STEPS[0])
      void import('../mission-schemas').then(({ invalidStepsBefore }) => {
        const invalid = invalidStepsBefore(step, form.getValues());
        if (live && invalid[0]) goTo(invalid[0], true);
      });
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
    return () => {
      live = false;
    };
  }, [step, form, goTo]);

  const next = form.handleSubmit(() => {
    const following = MISSION_STEPS[index + 1];
    if (following) goTo(following);
  });
  const submit = form.handleSubmit(
    // The form's own values, not the resolver's parsed copy: the outbox needs each picture's kept file (local_id).
    () =>
      save.mutate(form.getValues(), {
        onSuccess: (res) => {
          markSubmitted();
          if (res.state === 'sent') onSaved(res.checklist_id);
          else onQueued();
        },
      }),
    (errors) => goTo(firstStepWithErrors(errors)),
  );
  const serverError = save.error
    ? save.error instanceof ApiRequestError && save.error.status > 0
      ? [save.error.body.message, ...Object.values(save.error.body.fields ?? {})].join(' ')
      : t('common:errors.network')
    : refusal;
  const previous = MISSION_STEPS[index - 1];

  return (
    <FormProvider {...form}>
      <MissionStepper step={step} stepHref={stepHref} />
      <Box
        component="form"
        noValidate
        onSubmit={step === 'confirmation' ? submit : next}
        aria-labelledby="mission-step-title"
        sx={{ display: 'grid', gap: 2 }}
      >
        <Box>
          <Typography
            id="mission-step-title"
            ref={heading}
            tabIndex={-1}
            variant="h5"
            component="h2"
            sx={{ outline: 'none' }}
          >
            {t(`steps.${step}`)}
          </Typography>
          <Typography color="text.secondary">{t(`${step}.lead`)}</Typography>
        </Box>
        {step === 'confirmation' ? (
          <Suspense fallback={stepFallback}>
            <ConfirmationStep params={params} stepHref={stepHref} />
          </Suspense>
        ) : (
          <Paper sx={{ p: { xs: 1.5, sm: 2, md: 3 } }}>
            {step === 'site' && <SiteStep params={params} editing={editId !== null} />}
            <Suspense fallback={stepFallback}>
              {step === 'checklist' && <ChecklistStep />}
              {step === 'observation' && <ObservationStep params={params} onBusy={onBusy} editing={editId !== null} />}
            </Suspense>
          </Paper>
        )}
        <MissionQualityWarnings params={params} step={step} checklistId={editId} />
        {serverError && step === 'confirmation' && <Alert severity="error">{serverError}</Alert>}
        {uploads > 0 && <Alert severity="info">{t('form.uploading_wait')}</Alert>}
        <StepActions
          backHref={previous && stepHref(previous)}
          last={step === 'confirmation'}
          busy={save.isPending}
          uploading={uploads > 0}
          isEdit={editId !== null}
        />
      </Box>
      {blocker.state === 'blocked' && (
        <Suspense fallback={null}>
          <LeaveMissionDialog blocker={blocker} />
        </Suspense>
      )}
    </FormProvider>
  );
}
