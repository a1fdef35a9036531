import Typography from '@mui/material/Typography';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  List,
  SimpleForm,
  TextInput,
  Toolbar,
  SaveButton,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';

export { DatasetEdit } from './dataset';

const NAME_FIELDS = ['name', 'name_fr', 'name_es'] as const;
const MILKWEED_FIELDS = ['latin_name', 'english_name', 'french_name', 'spanish_name'] as const;
const fieldsOf = (kind: 'named' | 'milkweed') => (kind === 'milkweed' ? MILKWEED_FIELDS : NAME_FIELDS);

const filters = [
  <TextInput key="q" source="q" label="mm.filters.q" alwaysOn />,
  <BooleanInput key="isdeleted" source="isdeleted" label="mm.reference.retired" />,
];

/** Reference rows; retired ones stay listed (greyed) and can be restored from their edit page. */
export function referenceList(kind: 'named' | 'milkweed') {
  return function ReferenceList() {
    return (
      <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50}>
        <DataTable
          rowClick="edit"
          bulkActionButtons={false}
          rowSx={(record) => ((record as { isdeleted?: boolean }).isdeleted ? { opacity: 0.55 } : {})}
        >
          <DataTable.Col source="id" />
          {fieldsOf(kind).map((f) => (
            <DataTable.Col key={f} source={f} />
          ))}
          <DataTable.Col source="isdeleted" field={BooleanField} />
        </DataTable>
      </List>
    );
  };
}

/** Save, and "Retire" (DELETE retires: the row is kept for the observations that use it). */
function RetireToolbar() {
  const record = useRecordContext<{ isdeleted: boolean }>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && !record.isdeleted && (
        <DeleteButton
          label="mm.reference.retire"
          mutationMode="pessimistic"
          redirect="list"
          confirmTitle="mm.reference.retire"
          confirmContent="mm.reference.retired_note"
        />
      )}
    </Toolbar>
  );
}

function ReferenceForm({ kind, withToolbar }: { kind: 'named' | 'milkweed'; withToolbar: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={withToolbar ? <RetireToolbar /> : undefined}>
      {fieldsOf(kind).map((f) => (
        <TextInput
          key={f}
          source={f}
          validate={required()}
          fullWidth
          sx={f === 'latin_name' ? { '& input': { fontStyle: 'italic' } } : undefined}
        />
      ))}
      {withToolbar && (
        <>
          <BooleanInput source="isdeleted" label="mm.reference.retired" />
          <Typography variant="body2" color="text.secondary">
            {translate('mm.reference.retired_note')}
          </Typography>
        </>
      )}
    </SimpleForm>
  );
}

export const referenceCreate = (kind: 'named' | 'milkweed') =>
  function ReferenceCreate() {
    return (
      <Create redirect="list">
        <ReferenceForm kind={kind} withToolbar={false} />
      </Create>
    );
  };

export const referenceEdit = (kind: 'named' | 'milkweed') =>
  function ReferenceEdit() {
    return (
      <Edit mutationMode="pessimistic" redirect="list">
        <ReferenceForm kind={kind} withToolbar />
      </Edit>
    );
  };
