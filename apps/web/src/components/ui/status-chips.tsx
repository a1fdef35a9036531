import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ObservationStatus } from '@mm/shared';

const color = (statusId: number) =>
  statusId === ObservationStatus.Vetted || statusId === ObservationStatus.Valid
    ? 'success'
    : statusId === ObservationStatus.Invalid || statusId === ObservationStatus.Deleted
      ? 'error'
      : 'default';

/** One chip per distinct observation status (spec §3: Pending, Vetted, Deleted, Valid, Invalid, Test). */
export function StatusChips({ statusIds }: { statusIds: number[] }) {
  const { t } = useTranslation();
  const distinct = [...new Set(statusIds)].sort();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {distinct.map((id) => (
        <Chip key={id} size="small" variant="outlined" color={color(id)} label={t(`status.${id}`)} />
      ))}
    </Stack>
  );
}
