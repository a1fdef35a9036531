import {
  BooleanField,
  BooleanInput,
  DataTable,
  DateInput,
  Edit,
  List,
  NumberInput,
  ReferenceManyField,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TimeInput,
  required,
} from 'react-admin';
import { LIFESTAGE_CHOICES } from '../choices';
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

/** Search and province filters of checklists and sites. */
function useRecordFilters(withFlash: boolean) {
  const provinces = useProvinceChoices();
  return [
    <TextInput key="q" source="q" label="mm.filters.q" alwaysOn />,
    <SelectInput
      key="province_id"
      source="province_id"
      label="resources.sites.fields.province_id"
      choices={provinces}
    />,
    ...(withFlash
      ? [<BooleanInput key="is_flash" source="is_flash" label="resources.checklists.fields.is_flash" />]
      : []),
  ];
}

export function ChecklistList() {
  const filters = useRecordFilters(true);
  return (
    <List filters={filters} sort={{ field: 'created', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="checklist_date" field={LocaleDateField} />
        <DataTable.Col source="is_flash" field={BooleanField} />
        <DataTable.Col source="locality" disableSort />
        <DataTable.Col source="province_id">
          <ProvinceField source="province_id" />
        </DataTable.Col>
        <DataTable.Col source="username" />
        <LocaleNumberCol source="observation_count" disableSort />
        <DataTable.Col source="created" field={LocaleDateField} />
      </DataTable>
    </List>
  );
}

/** A checklist with its observations (rows open the observation) and history. */
export function ChecklistShow() {
  return (
    <Show actions={<EditActions />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <LocaleDateField source="checklist_date" />
        <TextField source="start_time" emptyText="—" />
        <TextField source="end_time" emptyText="—" />
        <LocaleNumberField source="participants" emptyText="—" />
        <BooleanField source="is_flash" />
        <TextField source="locality" />
        <ProvinceField source="province_id" />
        <TextField source="username" />
        <TextField source="comment" emptyText="—" />
        <ReferenceManyField
          label="resources.observations.name"
          reference="observations"
          target="checklist_id"
          sort={{ field: 'lifestage_id', order: 'ASC' }}
        >
          <DataTable rowClick={(id) => `/observations/${id}/show`} bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="lifestage_id">
              <SelectField source="lifestage_id" choices={LIFESTAGE_CHOICES} emptyText="mm.lifestage.none" />
            </DataTable.Col>
            <LocaleNumberCol source="numbers" />
            <DataTable.Col source="observationstatus_id">
              <StatusField />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
        <History resource="checklists" />
      </SimpleShowLayout>
    </Show>
  );
}

export function ChecklistEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <DateInput source="checklist_date" validate={required()} />
        <TimeInput source="start_time" />
        <TimeInput source="end_time" />
        <NumberInput source="participants" min={1} step={1} />
        <TextInput source="comment" multiline minRows={3} fullWidth />
      </SimpleForm>
    </Edit>
  );
}

export function SiteList() {
  const filters = useRecordFilters(false);
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="locality" />
        <DataTable.Col source="city" disableSort />
        <DataTable.Col source="province_id">
          <ProvinceField source="province_id" />
        </DataTable.Col>
        <LocaleNumberCol source="latitude" disableSort options={{ maximumFractionDigits: 5 }} />
        <LocaleNumberCol source="longitude" disableSort options={{ maximumFractionDigits: 5 }} />
        <DataTable.Col source="username" />
        <DataTable.Col source="is_private" field={BooleanField} disableSort />
        <LocaleNumberCol source="checklist_count" disableSort />
      </DataTable>
    </List>
  );
}

export function SiteShow() {
  return (
    <Show actions={<EditActions />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="locality" />
        <TextField source="city" emptyText="—" />
        <ProvinceField source="province_id" />
        <LocaleNumberField source="latitude" options={{ maximumFractionDigits: 6 }} />
        <LocaleNumberField source="longitude" options={{ maximumFractionDigits: 6 }} />
        <BooleanField source="is_private" />
        <TextField source="username" />
        <ReferenceManyField
          label="resources.checklists.name"
          reference="checklists"
          target="site_id"
          sort={{ field: 'checklist_date', order: 'DESC' }}
        >
          <DataTable rowClick={(id) => `/checklists/${id}/show`} bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="checklist_date" field={LocaleDateField} />
            <DataTable.Col source="is_flash" field={BooleanField} />
            <LocaleNumberCol source="observation_count" />
          </DataTable>
        </ReferenceManyField>
        <History resource="sites" />
      </SimpleShowLayout>
    </Show>
  );
}

export function SiteEdit() {
  const provinces = useProvinceChoices();
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <TextInput source="locality" validate={required()} />
        <TextInput source="city" />
        <SelectInput source="province_id" choices={provinces} validate={required()} />
        <NumberInput source="latitude" min={-90} max={90} step={0.000001} validate={required()} />
        <NumberInput source="longitude" min={-180} max={180} step={0.000001} validate={required()} />
        <BooleanInput source="is_private" />
      </SimpleForm>
    </Edit>
  );
}
