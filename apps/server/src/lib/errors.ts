import type { IssueLike } from '@mm/shared';

/** An error answered as `{statusCode, error, message}`; `messageKey` is a `common` or `validation` translation key. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly values: Record<string, string | number> = {},
    readonly fields?: Record<string, { key: string; values?: Record<string, string | number> }>,
  ) {
    super(messageKey);
  }
}

/** 429 "Too many attempts", with the wait before the next try (`Retry-After`). */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterMs: number) {
    super(429, 'errors.too_many_requests');
  }
}

export const notFound = () => new HttpError(404, 'errors.not_found');
export const unauthorized = () => new HttpError(401, 'errors.unauthorized');
export const forbidden = () => new HttpError(403, 'errors.forbidden');

/** Request data that failed a route schema; carries the zod issues for per-field translation. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    readonly issues: IssueLike[],
    readonly part: string,
  ) {
    super('Validation failed');
  }
}

/** A 400 for one field, for rules checked against the database (unknown ids, taken usernames). */
export function fieldError(field: string, key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, 'errors.validation', {}, { [field]: { key, values } });
}
