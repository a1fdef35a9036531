import type { FastifyReply } from 'fastify';
import type { AdminListQuery } from '@mm/shared';
import { fieldError } from '../../lib/errors';

/** One page of a react-admin list and the total the `Content-Range` header reports. */
export interface ListPage<T> {
  rows: T[];
  total: number;
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
