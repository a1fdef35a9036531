import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo } from 'react';
import { useGetList, useLocaleState, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { auditChanges, type AuditLookups } from './audit-changes';
import { useParams } from './params';

/** A milkweed species as GET /api/admin/milkweeds lists it. */
type Milkweed = { id: number; latin_name: string; english_name: string; french_name: string; spanish_name: string };

const NAME_COLUMN: Record<string, 'english_name' | 'french_name' | 'spanish_name'> = {
  en: 'english_name',
  fr: 'french_name',
  es: 'spanish_name',
};

/**
 * Names for the ids an audit row holds: provinces from loadparams (already loaded for the
 * filters), milkweeds from the admin list (retired species included), in the panel's language.
 */
function useAuditLookups(): AuditLookups {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const params = useParams();
  const { permissions } = usePermissions<{ isAdmin?: boolean }>();
  const { data: milkweeds } = useGetList<Milkweed>(
    'milkweeds',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'latin_name', order: 'ASC' } },
    { enabled: Boolean(permissions?.isAdmin), staleTime: 5 * 60_000 },
  );
  return useMemo(() => {
    const column = NAME_COLUMN[locale] ?? 'english_name';
    return {
      translate,
      locale,
      provinces: new Map((params?.provinces ?? []).map((p) => [p.province_id, p.province])),
      milkweeds: new Map(
        (milkweeds ?? []).map((m) => [m.id, m[column] ? `${m[column]} (${m.latin_name})` : m.latin_name]),
      ),
    };
  }, [translate, locale, params, milkweeds]);
}

/**
 * The change of one audit row as a small table: one line per changed field with its label,
 * the value before and the value after, names instead of ids.
 */
export function AuditChangesField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ id: number; resource: string; before: unknown; after: unknown }>();
  const lookups = useAuditLookups();
  const translate = useTranslate();
  if (!record) return null;
  const rows = auditChanges(record.resource, record.before, record.after, lookups);
  return (
    <Table size="small" aria-label={translate('resources.auditlog.fields.changes')} sx={{ minWidth: 280 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('mm.audit.field')}</TableCell>
          <TableCell>{translate('mm.audit.before')}</TableCell>
          <TableCell>{translate('mm.audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell>{row.before}</TableCell>
            <TableCell>{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The kind of change (created, changed, status changed), translated. */
export function AuditActionField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ action: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`mm.audit.action.${record.action}`, { _: record.action })}</>;
}
