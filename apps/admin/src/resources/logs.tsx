import Button from '@mui/material/Button';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  EmailField,
  List,
  ReferenceField,
  ReferenceInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useState } from 'react';
import type { MonarchDataProvider } from '../providers/data-provider';
import { AuditActionField, AuditChangesField } from '../audit-field';
import { FORMAT_CHOICES } from '../choices';
import { JsonField, LocaleDateField, LocaleNumberCol } from '../fields';

const downloadFilters = [
  <SelectInput
    key="format"
    source="format"
    label="resources.downloads.fields.format"
    choices={FORMAT_CHOICES}
    alwaysOn
  />,
  <ReferenceInput key="reason_id" source="reason_id" reference="reasons">
    <SelectInput label="resources.downloads.fields.reason_id" optionText="name" />
  </ReferenceInput>,
];

/** Every download: who (or anonymous), when, reason, filters, format and rows. */
export function DownloadList() {
  return (
    <List filters={downloadFilters} sort={{ field: 'created', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="created">
          <LocaleDateField source="created" showTime />
        </DataTable.Col>
        <DataTable.Col source="username" disableSort>
          <TextField source="username" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="reason_id" disableSort>
          <ReferenceField source="reason_id" reference="reasons" link={false} emptyText="—">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="reason_text" disableSort />
        <DataTable.Col source="filters" disableSort>
          <JsonField source="filters" />
        </DataTable.Col>
        <DataTable.Col source="format">
          <SelectField source="format" choices={FORMAT_CHOICES} />
        </DataTable.Col>
        <LocaleNumberCol source="rows" />
        <DataTable.Col source="finished">
          <LocaleDateField source="finished" showTime emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const messageFilters = [
  <TextInput key="q" source="q" label="mm.filters.q" alwaysOn />,
  <BooleanInput key="handled" source="handled" label="resources.messages.fields.handled" alwaysOn />,
];

export function MessageList() {
  return (
    <List filters={messageFilters} filterDefaultValues={{ handled: false }} sort={{ field: 'created', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="created">
          <LocaleDateField source="created" showTime />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort field={EmailField} />
        <DataTable.Col source="subject" disableSort />
        <DataTable.Col source="language" disableSort />
        <DataTable.Col source="handled" field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** Toggles a message's "handled" flag. */
function HandledButton() {
  const record = useRecordContext<{ id: number; handled: boolean }>();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Button
      variant="contained"
      disabled={isPending}
      onClick={() =>
        void update('messages', { id: record.id, data: { handled: !record.handled }, previousData: record })
      }
    >
      {translate(record.handled ? 'mm.message.mark_unhandled' : 'mm.message.mark_handled')}
    </Button>
  );
}

export function MessageShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <HandledButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <LocaleDateField source="created" showTime />
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="language" />
        <TextField source="subject" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <BooleanField source="handled" />
      </SimpleShowLayout>
    </Show>
  );
}

/** The screens whose changes the audit log records. */
const AUDITED_RESOURCES = [
  'observations',
  'checklists',
  'sites',
  'users',
  'milkweeds',
  'reasons',
  'abundances',
  'locationsizes',
  'messages',
].map((id) => ({ id }));

/**
 * A screen's name as the menu shows it: `resources.{id}.name` has only plural forms (`name_one`,
 * `name_other`), so it is asked with a count, as react-admin's menu does; a bare key would show as is.
 */
function ScreenName({ id }: { id: string }) {
  const translate = useTranslate();
  return <>{translate(`resources.${id}.name`, { smart_count: 2 })}</>;
}
const screenName = (choice: { id: string }) => <ScreenName id={choice.id} />;

/** Who made an audited change: the account, the command line (`npm run users:role`), or "—" once deleted. */
function AuditAuthorField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ username: string | null; via: string | null }>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.username) return <>{record.username}</>;
  return <>{record.via === 'cli' ? translate('mm.audit.via_cli') : translate('mm.audit.deleted_author')}</>;
}

const auditFilters = [
  <SelectInput
    key="resource"
    source="resource"
    label="resources.auditlog.fields.resource"
    alwaysOn
    choices={AUDITED_RESOURCES}
    optionText={screenName}
    translateChoice={false}
  />,
  <TextInput key="record_id" source="record_id" label="resources.auditlog.fields.record_id" />,
];

/** Who changed what, when: one before/after table per change, with names instead of ids. */
export function AuditList() {
  return (
    <List filters={auditFilters} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="created">
          <LocaleDateField source="created" showTime />
        </DataTable.Col>
        <DataTable.Col source="username" disableSort>
          <AuditAuthorField />
        </DataTable.Col>
        <DataTable.Col source="resource" disableSort>
          <SelectField source="resource" choices={AUDITED_RESOURCES} optionText={screenName} translateChoice={false} />
        </DataTable.Col>
        <DataTable.Col source="record_id" disableSort />
        <DataTable.Col source="action" disableSort>
          <AuditActionField />
        </DataTable.Col>
        <DataTable.Col source="changes" disableSort>
          <AuditChangesField />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Sends a failed email again, or dismisses it; the list is read again either way. */
function FailedEmailActions() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<MonarchDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const act = (action: 'retry' | 'dismiss') => async () => {
    setBusy(true);
    try {
      if (action === 'retry') await dataProvider.retryFailedEmail(record.id);
      else await dataProvider.dismissFailedEmail(record.id);
      notify(`mm.failed_email.${action}_done`, { type: 'info' });
    } catch {
      notify('mm.failed_email.action_failed', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => void act('retry')()}>
        {translate('mm.failed_email.retry')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => void act('dismiss')()}>
        {translate('mm.failed_email.dismiss')}
      </Button>
    </>
  );
}

/**
 * Emails that failed every attempt (the job queue's dead letters): when they were given up,
 * to whom, the subject and the last error; send again or dismiss.
 */
export function FailedEmailList() {
  return (
    <List sort={{ field: 'failed_at', order: 'DESC' }} exporter={false}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="failed_at" disableSort>
          <LocaleDateField source="failed_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="to" disableSort />
        <DataTable.Col source="subject" disableSort />
        <DataTable.Col source="error" disableSort />
        <DataTable.Col source="attempts" disableSort />
        <DataTable.Col label="mm.failed_email.actions" disableSort>
          <FailedEmailActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
