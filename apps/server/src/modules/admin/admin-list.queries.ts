import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { auditLog, provinces } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { ListPage } from './admin-list';

/** SQL pieces every admin-panel list shares: timestamps, id lists, a page with its count, the audit log. */

/** A timestamptz column as ISO 8601 UTC (`2026-07-15T14:03:00.000Z`), aliased to its own name. */
export const iso = (column: string, alias = column.split('.').pop() as string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`);

/** `{column} IN (…ids)`, or `false` for an empty list (react-admin's getMany of nothing). */
export const inIds = (column: SQL, ids: readonly number[]): SQL =>
  ids.length
    ? sql`${column} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`false`;

/** `s.province_id` limited to a Region admin's provinces; true for an Admin (`provinces` null). */
export function regionWhere(provinceIds: readonly number[] | null): SQL {
  if (!provinceIds) return sql`true`;
  return inIds(sql`s.province_id`, provinceIds);
}

/** Conditions joined with AND (`true` when there are none). */
export const allOf = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);

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
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${parts.from} WHERE ${parts.where}`),
  ]);
  return { rows: rows.rows as T[], total: count.rows[0]?.n ?? 0 };
}

/** One audit row: who changed which record, how, and the changed fields before and after. */
export interface AuditEntry {
  /** The author; null for a change made by an operator's command (`npm run users:role`). */
  userId: number | null;
  /** 'cli' for an operator's command, so that the log can say so rather than leave "Who" empty. */
  via?: 'cli';
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
  await tx.insert(auditLog).values(
    list.map((e) => ({
      user_id: e.userId,
      via: e.via ?? null,
      resource: e.resource,
      record_id: e.recordId,
      action: e.action,
      // As JSON text, so that a `null` before (a creation) is stored as JSON null, not SQL NULL.
      before: sql`${JSON.stringify(e.before)}::jsonb`,
      after: sql`${JSON.stringify(e.after)}::jsonb`,
    })),
  );
}

/** The country of a province, or undefined for an unknown province id. */
export async function provinceCountry(db: DbOrTx, provinceId: number): Promise<{ country_id: number } | undefined> {
  const [row] = await db
    .select({ country_id: provinces.country_id })
    .from(provinces)
    .where(eq(provinces.province_id, provinceId));
  return row;
}

/** How many of `provinceIds` exist. */
export async function countProvinces(db: DbOrTx, provinceIds: readonly number[]): Promise<number> {
  const rows = await db
    .select({ id: provinces.province_id })
    .from(provinces)
    .where(inArray(provinces.province_id, [...provinceIds]));
  return rows.length;
}
