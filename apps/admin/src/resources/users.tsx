import Typography from '@mui/material/Typography';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  Edit,
  EmailField,
  FormDataConsumer,
  List,
  ReferenceManyField,
  SelectArrayInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { Role } from '@mm/shared';
import { ROLE_CHOICES } from '../choices';
import {
  EditActions,
  LocaleDateField,
  LocaleNumberCol,
  LocaleNumberField,
  ProvinceField,
  SaveOnlyToolbar,
  StatusField,
} from '../fields';
import { useProvinceChoices } from '../params';
import { History } from './observations';

const userFilters = [
  <TextInput key="q" source="q" label="mm.filters.q" alwaysOn />,
  <SelectInput key="role_id" source="role_id" label="resources.users.fields.role_id" choices={ROLE_CHOICES} />,
  <BooleanInput key="isdeleted" source="isdeleted" label="resources.users.fields.isdeleted" />,
];

export function UserList() {
  return (
    <List filters={userFilters} sort={{ field: 'created', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="username" />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col source="first_name" disableSort />
        <DataTable.Col source="last_name" disableSort />
        <DataTable.Col source="role_id">
          <SelectField source="role_id" choices={ROLE_CHOICES} />
        </DataTable.Col>
        <LocaleNumberCol source="observation_count" disableSort />
        <DataTable.Col source="isdeleted" field={BooleanField} />
        <DataTable.Col source="created" field={LocaleDateField} />
      </DataTable>
    </List>
  );
}

/** A user, their submissions (newest first, opening the observation) and the history of their account. */
export function UserShow() {
  const translate = useTranslate();
  return (
    <Show actions={<EditActions />}>
      <SimpleShowLayout>
        <TextField source="username" />
        <EmailField source="email" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <SelectField source="role_id" choices={ROLE_CHOICES} />
        <BooleanField source="isdeleted" />
        <ProvinceField source="province_id" />
        <LocaleDateField source="created" />
        <LocaleDateField source="lastlogin" showTime emptyText="—" />
        <LocaleNumberField source="checklist_count" />
        <LocaleNumberField source="observation_count" />
        <Typography variant="h6" component="h2">
          {translate('mm.user.submissions')}
        </Typography>
        <ReferenceManyField
          reference="observations"
          target="user_id"
          sort={{ field: 'observation_created', order: 'DESC' }}
          perPage={10}
        >
          <DataTable rowClick={(id) => `/observations/${id}/show`} bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="checklist_date" field={LocaleDateField} />
            <DataTable.Col source="locality" />
            <LocaleNumberCol source="numbers" />
            <DataTable.Col source="observationstatus_id">
              <StatusField />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
        <History resource="users" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Role, deactivation and, for a Region admin, the provinces they vet. */
export function UserEdit() {
  const provinces = useProvinceChoices();
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <TextField source="username" />
        <SelectInput source="role_id" choices={ROLE_CHOICES} />
        <FormDataConsumer<{ role_id: number }>>
          {({ formData }) =>
            formData.role_id === Role.RegionAdmin && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {translate('mm.user.region_note')}
                </Typography>
                <SelectArrayInput source="region_provinces" choices={provinces} />
              </>
            )
          }
        </FormDataConsumer>
        <BooleanInput source="isdeleted" />
      </SimpleForm>
    </Edit>
  );
}
