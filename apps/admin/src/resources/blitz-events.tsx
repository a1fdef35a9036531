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
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useCountryChoices, useProvinceChoices } from '../params';

/** The field of an event's name in the panel's language (`name` is the English one). */
function useNameSource(): 'name' | 'name_fr' | 'name_es' {
  const [locale] = useLocaleState();
  return locale === 'fr' ? 'name_fr' : locale === 'es' ? 'name_es' : 'name';
}

/** A name between the quotation marks of its language. */
const QUOTED = {
  name: (name: string) => ` “${name}”`,
  name_fr: (name: string) => ` « ${name} »`,
  name_es: (name: string) => ` «${name}»`,
};

/** The edit page's title: the event's name in the panel's language. */
function BlitzEventTitle() {
  const translate = useTranslate();
  const record = useRecordContext<{ name: string; name_fr: string; name_es: string }>();
  const source = useNameSource();
  return (
    <>
      {translate('resources.blitz-events.name_one')}
      {record ? QUOTED[source](record[source]) : ''}
    </>
  );
}

/** Blitz events (Admin only; docs/blitz.md): newest first, named in the panel's language. */
export function BlitzEventList() {
  const nameSource = useNameSource();
  return (
    <List sort={{ field: 'start_date', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source={nameSource} />
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
    <Edit mutationMode="pessimistic" title={<BlitzEventTitle />}>
      <BlitzEventForm withDelete />
    </Edit>
  );
}
