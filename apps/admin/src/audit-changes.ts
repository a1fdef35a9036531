import { formatDateText, formatNumber } from './format';

/** How an audited field's value reads: a name looked up from its id, a date, a number, or text. */
type AuditValueKind =
  | 'status'
  | 'role'
  | 'lifestage'
  | 'province'
  | 'provinces'
  | 'milkweed'
  | 'boolean'
  | 'date'
  | 'number'
  | 'coordinate'
  | 'text';

/**
 * The fields the admin API writes to the audit log (admin-*.service.ts `changedFields` and status
 * changes) that need more than their raw value to read well.
 */
const AUDIT_FIELD_KINDS: Readonly<Record<string, AuditValueKind>> = {
  observationstatus_id: 'status',
  role_id: 'role',
  lifestage_id: 'lifestage',
  province_id: 'province',
  region_provinces: 'provinces',
  milkweed_id: 'milkweed',
  isdeleted: 'boolean',
  handled: 'boolean',
  is_flash: 'boolean',
  checklist_date: 'date',
  created: 'date',
  numbers: 'number',
  participants: 'number',
  latitude: 'coordinate',
  longitude: 'coordinate',
};

/** What the panel already knows to turn ids into names, in its language. */
export interface AuditLookups {
  /** react-admin's translate: `_` is the text when the key is missing. */
  translate: (key: string, options?: { _?: string }) => string;
  /** The panel's language (en, fr, es): dates and numbers are written its way. */
  locale: string;
  /** Province or state id → name in the panel's language. */
  provinces: ReadonlyMap<number, string>;
  /** Milkweed species id → name (retired species included). */
  milkweeds: ReadonlyMap<number, string>;
}

/** One line of the before/after table: the field's label and both values, ready to show. */
export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Shown for a value that was or became empty. */
const EMPTY_VALUE = '—';

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const unknownId = (value: unknown) => `#${String(value)}`;

/** One audited value as text in the panel's language: names for ids, local dates and numbers, "—" when empty. */
export function formatAuditValue(field: string, value: unknown, lookups: AuditLookups): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  const { translate, locale } = lookups;
  const kind: AuditValueKind = AUDIT_FIELD_KINDS[field] ?? 'text';
  switch (kind) {
    case 'status':
      return translate(`mm.status.${String(value)}`, { _: unknownId(value) });
    case 'role':
      return translate(`mm.role.${String(value)}`, { _: unknownId(value) });
    case 'lifestage':
      return translate(`mm.lifestage.${String(value)}`, { _: unknownId(value) });
    case 'province':
      return lookups.provinces.get(Number(value)) ?? unknownId(value);
    case 'provinces':
      return (Array.isArray(value) ? value : [value])
        .map((id) => lookups.provinces.get(Number(id)) ?? unknownId(id))
        .sort((a, b) => a.localeCompare(b, locale))
        .join(', ');
    case 'milkweed':
      return lookups.milkweeds.get(Number(value)) ?? unknownId(value);
    case 'boolean':
      return typeof value === 'boolean' ? translate(`ra.boolean.${String(value)}`) : String(value);
    case 'date':
      return typeof value === 'string' ? formatDateText(value, locale) : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, locale) : String(value);
    case 'coordinate':
      return typeof value === 'number' ? formatNumber(value, locale, { maximumFractionDigits: 6 }) : String(value);
    case 'text':
      if (typeof value === 'object') return JSON.stringify(value);
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === undefined
        ? String(value)
        : '';
  }
}

/**
 * The before/after table of one audit row: one line per field that changed, labelled with the
 * screen's field name (`resources.<resource>.fields.<field>`), in the order the change lists
 * them. A creation (`before` null) lists every field with an empty "before".
 */
export function auditChanges(resource: string, before: unknown, after: unknown, lookups: AuditLookups): AuditChange[] {
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({
      field,
      label: lookups.translate(`resources.${resource}.fields.${field}`, { _: field }),
      before: formatAuditValue(field, b[field], lookups),
      after: formatAuditValue(field, a[field], lookups),
    }));
}
