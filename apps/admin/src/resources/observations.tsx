import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  DataTable,
  DateInput,
  Edit,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  ReferenceManyField,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
  useLocaleState,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AdminObservation } from '@mm/shared';
import { AuditActionField, AuditChangesField } from '../audit-field';
import { formatDateText, formatNumber } from '../format';
import { KIND_CHOICES, LIFESTAGE_CHOICES, STATUS_CHOICES } from '../choices';
import {
  EditActions,
  LocaleDateField,
  LocaleNumberCol,
  LocaleNumberField,
  ProvinceField,
  SaveOnlyToolbar,
  StatusField,
} from '../fields';
import { useCountryChoices, useProvinceChoices } from '../params';
import { FlagChips, FlagReasons, FLAG_CHOICES } from './quality-flags';
import { BulkStatusButtons, RecordStatusButtons } from './vetting';

/** The Explore filters plus status, as list filters kept in the panel's URL. */
function useObservationFilters() {
  const provinces = useProvinceChoices();
  const countries = useCountryChoices();
  return [
    <SelectInput
      key="status"
      source="status"
      label="resources.observations.fields.observationstatus_id"
      choices={STATUS_CHOICES}
      alwaysOn
    />,
    <TextInput key="username" source="username" label="resources.observations.fields.username" alwaysOn />,
    <SelectInput key="flag" source="flag" label="mm.flags.filter" choices={FLAG_CHOICES} alwaysOn />,
    <DateInput key="date_from" source="date_from" label="mm.filters.date_from" />,
    <DateInput key="date_to" source="date_to" label="mm.filters.date_to" />,
    <SelectInput
      key="lifestage_id"
      source="lifestage_id"
      label="resources.observations.fields.lifestage_id"
      choices={LIFESTAGE_CHOICES}
    />,
    <ReferenceInput key="milkweed_id" source="milkweed_id" reference="milkweeds">
      <AutocompleteInput
        label="resources.observations.fields.milkweed_id"
        optionText="latin_name"
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>,
    <SelectInput
      key="country_id"
      source="country_id"
      label="resources.observations.fields.country_id"
      choices={countries}
    />,
    <SelectInput
      key="province_id"
      source="province_id"
      label="resources.observations.fields.province_id"
      choices={provinces}
    />,
    <SelectInput key="kind" source="kind" label="resources.observations.fields.kind" choices={KIND_CHOICES} />,
    <BooleanInput key="with_photos" source="with_photos" label="mm.filters.with_photos" />,
  ];
}

/** First photo of an observation as a 48 px thumbnail. */
function Thumbnail() {
  const record = useRecordContext<AdminObservation>();
  const translate = useTranslate();
  const photo = record?.photos[0];
  if (!record || !photo) return null;
  return (
    <img
      src={photo.small}
      alt={translate('mm.observation.photo_alt', { id: photo.id, observation: record.id })}
      width={48}
      height={48}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      loading="lazy"
    />
  );
}

/** Observations queue (newest first), with bulk status changes; filtered and sorted by quality flag. */
export function ObservationList() {
  const filters = useObservationFilters();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'observation_created', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList<AdminObservation>
          primaryText={(r) =>
            // The life stage counted, as the table's column says it: "Friche · Egg · 4", "Friche · Milkweed only".
            [
              r.locality ?? '—',
              translate(`mm.lifestage.${r.lifestage_id ?? 'none'}`),
              ...(r.lifestage_id === null ? [] : [r.numbers === null ? '—' : formatNumber(r.numbers, locale)]),
            ].join(' · ')
          }
          secondaryText={(r) => `${formatDateText(r.checklist_date, locale)} · ${r.username ?? '—'}`}
          tertiaryText={(r) => translate(`mm.status.${r.observationstatus_id}`)}
          linkType="show"
        />
      ) : (
        <DataTable bulkActionButtons={<BulkStatusButtons />} rowClick="show">
          <DataTable.Col source="id" />
          <DataTable.Col source="checklist_date" field={LocaleDateField} />
          <DataTable.Col source="lifestage_id">
            <SelectField source="lifestage_id" choices={LIFESTAGE_CHOICES} emptyText="mm.lifestage.none" />
          </DataTable.Col>
          <LocaleNumberCol source="numbers" />
          <DataTable.Col source="milkweed_id">
            <ReferenceField source="milkweed_id" reference="milkweeds" link={false}>
              <TextField source="latin_name" sx={{ fontStyle: 'italic' }} />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="locality" disableSort />
          <DataTable.Col source="province_id">
            <ProvinceField source="province_id" />
          </DataTable.Col>
          <DataTable.Col source="username" />
          <DataTable.Col source="photos" disableSort>
            <Thumbnail />
          </DataTable.Col>
          <DataTable.Col source="observationstatus_id">
            <StatusField />
          </DataTable.Col>
          <DataTable.Col source="flag_count">
            <FlagChips />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The photos of an observation beside its record, each opening full size. */
function PhotoReview() {
  const record = useRecordContext<AdminObservation>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.photos.length === 0)
    return <Typography color="text.secondary">{translate('mm.observation.no_photos')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {record.photos.map((photo) => (
        <a
          key={photo.id}
          href={photo.large}
          target="_blank"
          rel="noreferrer"
          title={translate('mm.observation.open_photo')}
        >
          <img
            src={photo.large}
            alt={translate('mm.observation.photo_alt', { id: photo.id, observation: record.id })}
            style={{ width: '100%', borderRadius: 4, display: 'block' }}
            loading="lazy"
          />
        </a>
      ))}
    </Box>
  );
}

/** The audit rows of one record, newest first. */
export function History({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<{ isAdmin: boolean }>();
  // The audit log is an Admin screen (README "Roles").
  if (!permissions?.isAdmin) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('mm.observation.history')}
      </Typography>
      <ReferenceManyField
        reference="auditlog"
        target="record_id"
        filter={{ resource }}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="created" field={LocaleDateField} />
          <DataTable.Col source="username" />
          <DataTable.Col source="action">
            <AuditActionField />
          </DataTable.Col>
          <DataTable.Col source="changes">
            <AuditChangesField />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </>
  );
}

/** Photo review side by side with the record, status actions allowed from its status, and its history. */
export function ObservationShow() {
  const translate = useTranslate();
  return (
    <Show actions={<EditActions />}>
      <Grid container spacing={2} sx={{ p: 2 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="h6" component="h2">
            {translate('mm.observation.record')}
          </Typography>
          <SimpleShowLayout sx={{ p: 0 }}>
            <StatusField />
            <RecordStatusButtons />
            <FlagReasons source="quality_flags" />
            <TextField source="id" />
            <LocaleDateField source="checklist_date" />
            <SelectField source="lifestage_id" choices={LIFESTAGE_CHOICES} emptyText="mm.lifestage.none" />
            <LocaleNumberField source="numbers" />
            <ReferenceField source="milkweed_id" reference="milkweeds" link={false} emptyText="—">
              <TextField source="latin_name" sx={{ fontStyle: 'italic' }} />
            </ReferenceField>
            <ReferenceField source="checklist_id" reference="checklists" link="show" />
            <BooleanField source="is_flash" />
            <TextField source="locality" />
            <ProvinceField source="province_id" />
            <LocaleNumberField source="latitude" options={{ maximumFractionDigits: 6 }} />
            <LocaleNumberField source="longitude" options={{ maximumFractionDigits: 6 }} />
            <TextField source="username" />
            <TextField source="comment" emptyText="—" />
            <LocaleDateField source="observation_created" showTime />
            <TextField source="vetted_by_username" emptyText="—" />
            <LocaleDateField source="dateidentified" showTime emptyText="—" />
            <TextField source="flags_accepted_by_username" emptyText="—" />
            <LocaleDateField source="flags_accepted_at" showTime emptyText="—" />
          </SimpleShowLayout>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h6" component="h2">
            {translate('mm.observation.photos')}
          </Typography>
          <PhotoReview />
        </Grid>
        <Grid size={12}>
          <History resource="observations" />
        </Grid>
      </Grid>
    </Show>
  );
}

/** Corrections: count, milkweed, date (the checklist's) and place (the site's), audited by the API. */
export function ObservationEdit() {
  const provinces = useProvinceChoices();
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <NumberInput source="numbers" min={0} step={1} validate={required()} />
        {/* Retired species are not offered; a record that has one keeps showing it. */}
        <ReferenceInput source="milkweed_id" reference="milkweeds" filter={{ isdeleted: false }}>
          <AutocompleteInput optionText="latin_name" filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560, my: 1 }}>
          {translate('mm.observation.shared_note')}
        </Typography>
        <DateInput source="checklist_date" validate={required()} />
        <TextInput source="locality" validate={required()} />
        <SelectInput source="province_id" choices={provinces} validate={required()} />
        <NumberInput source="latitude" min={-90} max={90} step={0.000001} validate={required()} />
        <NumberInput source="longitude" min={-180} max={180} step={0.000001} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}
