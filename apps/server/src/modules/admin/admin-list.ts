import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AdminListQuery } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../lib/errors';

/** One page of a react-admin list and the total the `Content-Range` header reports. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** A timestamptz column as ISO 8601 UTC (`2026-07-15T14:03:00.000Z`), aliased to its own name. */
export const iso = (column: string, alias = column.split('.').pop() as string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`);

/**
 * Runs a list query: `SELECT {select} {from} WHERE {where} ORDER BY {sort} LIMIT … OFFSET …`
 * plus its count, with the sort field checked against `sortable` (resource field → SQL column).
 * @throws 400 on `sort` when the field is not sortable
 */
export async function listPage<T>(
  db: DbOrTx,
  parts: { select: SQL; from: SQL; where: SQL; sortable: Record<string, SQL>; tieBreaker: SQL },
  query: AdminListQuery,
): Promise<ListPage<T>> {
  const [field, order] = query.sort;
  const column = parts.sortable[field];
  if (!column) throw fieldError('sort', 'validation.invalid');
  const [from, to] = query.range;
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    db.execute(
      sql`SELECT ${parts.select} ${parts.from} WHERE ${parts.where} ORDER BY ${column} ${direction} NULLS LAST, ${parts.tieBreaker} ${direction} LIMIT ${to - from + 1} OFFSET ${from}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n ${parts.from} WHERE ${parts.where}`),
  ]);
  return { rows: rows.rows as T[], total: (count.rows[0] as { n: number }).n };
}

/** Sends a list the way ra-data-simple-rest reads it: the array, and `Content-Range: {resource} {from}-{to}/{total}`. */
export function sendList<T>(reply: FastifyReply, resource: string, query: AdminListQuery, page: ListPage<T>): T[] {
  const from = query.range[0];
  const to = page.rows.length === 0 ? from : from + page.rows.length - 1;
  reply
    .header('Content-Range', `${resource} ${from}-${to}/${page.total}`)
    .header('Access-Control-Expose-Headers', 'Content-Range')
    .header('Cache-Control', 'no-store');
  return page.rows;
}

/** `filter.id` of react-admin's getMany: a list of ids (or one id). */
export function idFilter(filter: Record<string, unknown>): number[] | undefined {
  const raw = filter.id;
  if (raw === undefined) return undefined;
  const ids = (Array.isArray(raw) ? raw : [raw]).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  return ids;
}

/** `filter[key]` as a positive integer, or undefined. @throws 400 naming the key when present but not an id */
export function intFilter(filter: Record<string, unknown>, key: string): number | undefined {
  const raw = filter[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n >= 2 ** 31) throw fieldError(key, 'validation.invalid');
  return n;
}

/** `filter.q`: free text, trimmed, ≤ 100 characters, as an ILIKE pattern. */
export function textFilter(filter: Record<string, unknown>, key = 'q'): string | undefined {
  const raw = filter[key];
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return `%${raw
    .trim()
    .slice(0, 100)
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `keys` whose values differ between two versions of a record (compared as JSON, so arrays
 * count by content), as the audit log's `{before, after}`; undefined when nothing changed.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T)[],
): { before: Partial<T>; after: Partial<T> } | undefined {
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length === 0) return undefined;
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k]])) as Partial<T>,
    after: Object.fromEntries(changed.map((k) => [k, after[k]])) as Partial<T>,
  };
}

/** One audit row: who changed which record, how, and the changed fields before and after. */
export interface AuditEntry {
  userId: number;
  resource: string;
  recordId: number;
  action: string;
  before: unknown;
  after: unknown;
}

/** Writes audit rows in one statement, inside the change's transaction. */
export async function audit(tx: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const values = list.map(
    (e) =>
      sql`(${e.userId}, ${e.resource}, ${e.recordId}, ${e.action}, ${JSON.stringify(e.before)}::jsonb, ${JSON.stringify(e.after)}::jsonb)`,
  );
  await tx.execute(
    sql`INSERT INTO audit_log (user_id, resource, record_id, action, before, after) VALUES ${sql.join(values, sql`, `)}`,
  );
}
