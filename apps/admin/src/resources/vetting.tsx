import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { STATUS_TRANSITIONS, ObservationStatus, type ObservationStatusId } from '@mm/shared';
import type { MonarchDataProvider } from '../providers/data-provider';

/** Targets offered in bulk, in the order staff use them. */
const BULK_TARGETS: readonly ObservationStatusId[] = [
  ObservationStatus.Vetted,
  ObservationStatus.Valid,
  ObservationStatus.Invalid,
  ObservationStatus.Test,
  ObservationStatus.Deleted,
  ObservationStatus.Pending,
];

/** Moves observations to a status through the API (all or nothing) and reports the outcome as a toast. */
function useSetStatus(onDone?: () => void) {
  const dataProvider = useDataProvider<MonarchDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return useMutation({
    mutationFn: (change: { ids: number[]; status_id: ObservationStatusId }) => dataProvider.setStatus(change),
    onSuccess: ({ data }, { status_id }) => {
      notify('mm.vet.done', {
        type: 'success',
        messageArgs: { count: data.length, smart_count: data.length, status: translate(`mm.status.${status_id}`) },
      });
      onDone?.();
      refresh();
    },
    // The API's message is already in the panel's language (409 names the refused observation).
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });
}

/** Bulk actions of the observations list: one button per target status for the selected rows. */
export function BulkStatusButtons() {
  const { selectedIds, resource } = useListContext();
  const unselectAll = useUnselectAll(resource ?? 'observations');
  const translate = useTranslate();
  const setStatus = useSetStatus(() => unselectAll());
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {BULK_TARGETS.map((status) => (
        <Button
          key={status}
          size="small"
          variant="outlined"
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ ids: selectedIds.map(Number), status_id: status })}
        >
          {translate('mm.vet.mark_as', { status: translate(`mm.status.${status}`) })}
        </Button>
      ))}
    </Stack>
  );
}

/** The status changes allowed from one observation's current status (STATUS_TRANSITIONS). */
export function RecordStatusButtons() {
  const record = useRecordContext<{ id: number; observationstatus_id: ObservationStatusId }>();
  const translate = useTranslate();
  const setStatus = useSetStatus();
  if (!record) return null;
  const targets = STATUS_TRANSITIONS[record.observationstatus_id] ?? [];
  if (targets.length === 0) return <span>{translate('mm.vet.no_transition')}</span>;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label={translate('mm.vet.set_status')}
    >
      {targets.map((status) => (
        <Button
          key={status}
          size="small"
          variant={status === ObservationStatus.Valid || status === ObservationStatus.Vetted ? 'contained' : 'outlined'}
          color={status === ObservationStatus.Invalid || status === ObservationStatus.Deleted ? 'error' : 'primary'}
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ ids: [record.id], status_id: status })}
        >
          {translate('mm.vet.mark_as', { status: translate(`mm.status.${status}`) })}
        </Button>
      ))}
    </Stack>
  );
}
