import Chip from '@mui/material/Chip';
import {
  DataTable,
  DateField,
  EditButton,
  FunctionField,
  NumberField,
  SaveButton,
  SelectField,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type DataTableNumberColumnProps,
  type DateFieldProps,
  type FunctionFieldProps,
  type NumberFieldProps,
} from 'react-admin';
import { ObservationStatus } from '@mm/shared';
import { useProvinceChoices } from './params';

/** Text and background of each status chip: every pair reaches 4.5:1 (WCAG AA). */
const STATUS_COLORS: Record<number, { color: string; bgcolor: string }> = {
  [ObservationStatus.Pending]: { color: '#7a3500', bgcolor: '#ffe8cc' },
  [ObservationStatus.Vetted]: { color: '#0d3c7a', bgcolor: '#dcebfb' },
  [ObservationStatus.Valid]: { color: '#1b5e20', bgcolor: '#dff0e0' },
  [ObservationStatus.Invalid]: { color: '#8e1414', bgcolor: '#fde3e3' },
  [ObservationStatus.Test]: { color: '#3d3d3d', bgcolor: '#ececec' },
  [ObservationStatus.Deleted]: { color: '#555555', bgcolor: '#ffffff' },
};

/** An observation's status as a coloured chip (spec §3 observationstatus). */
export function StatusField(_props: { source?: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<{ observationstatus_id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  const id = record.observationstatus_id;
  return (
    <Chip
      size="small"
      sx={STATUS_COLORS[id]}
      variant={id === ObservationStatus.Deleted ? 'outlined' : 'filled'}
      label={translate(`mm.status.${id}`)}
    />
  );
}

/** A province or state id shown by its name in the panel's language. */
export function ProvinceField({ source = 'province_id', label }: { source?: string; label?: string }) {
  const choices = useProvinceChoices();
  return <SelectField source={source} label={label} choices={choices} />;
}

/** A date (and time with `showTime`) written the panel's way, not the browser's: "9 août 2026" in French. */
export function LocaleDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField {...props} locales={locale} />;
}

/** A number written the panel's way (1 234,5 in French, 1,234.5 in English). */
export function LocaleNumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <NumberField {...props} locales={locale} />;
}

/** A right-aligned number column of a DataTable, written the panel's way. */
export function LocaleNumberCol(props: DataTableNumberColumnProps) {
  const [locale] = useLocaleState();
  return <DataTable.NumberCol {...props} locales={locale} />;
}

/** JSON (filters, audit before/after) as compact monospace text. */
export function JsonField(props: Omit<FunctionFieldProps, 'render'> & { source: string }) {
  return (
    <FunctionField
      {...props}
      render={(record: Record<string, unknown>) => (
        <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
          {JSON.stringify(record[props.source] ?? null)}
        </code>
      )}
    />
  );
}

/** Show-page actions: edit the record. */
export const EditActions = () => (
  <TopToolbar>
    <EditButton />
  </TopToolbar>
);

/**
 * Edit forms save only: observations are deleted through their status, and checklists, sites and
 * users have no delete in the API.
 */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
