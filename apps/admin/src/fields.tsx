import Chip from '@mui/material/Chip';
import { FunctionField, SelectField, useRecordContext, useTranslate, type FunctionFieldProps } from 'react-admin';
import { ObservationStatus } from '@mm/shared';
import { useProvinceChoices } from './params';

const STATUS_COLORS: Record<number, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  [ObservationStatus.Pending]: 'warning',
  [ObservationStatus.Vetted]: 'info',
  [ObservationStatus.Valid]: 'success',
  [ObservationStatus.Invalid]: 'error',
  [ObservationStatus.Test]: 'default',
  [ObservationStatus.Deleted]: 'default',
};

/** An observation's status as a coloured chip (spec §3 observationstatus). */
export function StatusField(_props: { source?: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<{ observationstatus_id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  const id = record.observationstatus_id;
  return <Chip size="small" color={STATUS_COLORS[id] ?? 'default'} variant={id === ObservationStatus.Deleted ? 'outlined' : 'filled'} label={translate(`mm.status.${id}`)} />;
}

/** A province or state id shown by its name in the panel's language. */
export function ProvinceField({ source = 'province_id', label }: { source?: string; label?: string }) {
  const choices = useProvinceChoices();
  return <SelectField source={source} label={label} choices={choices} />;
}

/** JSON (filters, audit before/after) as compact monospace text. */
export function JsonField(props: Omit<FunctionFieldProps, 'render'> & { source: string }) {
  return (
    <FunctionField
      {...props}
      render={(record: Record<string, unknown>) => (
        <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>{JSON.stringify(record[props.source] ?? null)}</code>
      )}
    />
  );
}
