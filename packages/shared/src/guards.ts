import type { ApiError } from './schemas/errors';
import type { SessionUser } from './schemas/users';

// Shape checks without zod, for the code of the web app's first screen (zod, ≈ 25 KB gzip,
// stays out of the entry chunk; the forms that need it load it with their page). Each gives the same
// answer as its schema's `safeParse` (test/guards.test.ts checks them side by side).

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `sessionUserSchema.safeParse(value)` without zod.
 * @returns `{ user_id, username, role_id }` (other keys dropped) when `value` has that shape, else undefined
 */
export function toSessionUser(value: unknown): SessionUser | undefined {
  if (!isRecord(value)) return undefined;
  const { user_id, username, role_id } = value;
  return Number.isInteger(user_id) && typeof username === 'string' && Number.isInteger(role_id)
    ? { user_id: user_id as number, username, role_id: role_id as number }
    : undefined;
}

/**
 * `apiErrorSchema.safeParse(value)` without zod: the API's error body `{ statusCode, error, message, fields? }`.
 * @returns that body (other keys dropped) when `value` has that shape, else undefined
 */
export function toApiError(value: unknown): ApiError | undefined {
  if (!isRecord(value)) return undefined;
  const { statusCode, error, message, fields } = value;
  if (!Number.isInteger(statusCode) || typeof error !== 'string' || typeof message !== 'string') return undefined;
  if (fields === undefined) return { statusCode: statusCode as number, error, message };
  if (!isRecord(fields) || !Object.values(fields).every((f) => typeof f === 'string')) return undefined;
  return { statusCode: statusCode as number, error, message, fields: fields as Record<string, string> };
}

/**
 * A real calendar day written `yyyy-MM-dd` (no 2021-02-30), without zod: the rule of the shared
 * `isoDate` schema, which calls it, so the two cannot drift apart.
 */
export function isIsoDay(s: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(s) &&
    !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
    new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
  );
}
