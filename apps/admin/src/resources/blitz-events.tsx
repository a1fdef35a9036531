import {
  Create,
  DataTable,
  DateInput,
  DeleteButton,
  Edit,
  List,
  SaveButton,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
} from 'react-admin';
import { useCountryChoices, useProvinceChoices } from '../params';

/** Blitz events (Admin only; docs/blitz.md): newest first. */
export function BlitzEventList() {
  return (
    <List sort={{ field: 'start_date', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="start_date" />
        <DataTable.Col source="end_date" />
      </DataTable>
    </List>
  );
}

/** Names, days and area; the server checks the dates' order and the ids and answers per field. */
function BlitzEventForm({ withDelete }: { withDelete: boolean }) {
  const countries = useCountryChoices();
  const provinces = useProvinceChoices();
  const toolbar = (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {withDelete && <DeleteButton mutationMode="pessimistic" redirect="list" />}
    </Toolbar>
  );
  return (
    <SimpleForm toolbar={toolbar}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_fr" validate={required()} fullWidth />
      <TextInput source="name_es" validate={required()} fullWidth />
      <DateInput source="start_date" validate={required()} />
      <DateInput source="end_date" validate={required()} />
      <SelectArrayInput source="country_ids" choices={countries} defaultValue={[]} />
      <SelectArrayInput source="province_ids" choices={provinces} defaultValue={[]} />
    </SimpleForm>
  );
}

export function BlitzEventCreate() {
  return (
    <Create redirect="list">
      <BlitzEventForm withDelete={false} />
    </Create>
  );
}

export function BlitzEventEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <BlitzEventForm withDelete />
    </Edit>
  );
}
