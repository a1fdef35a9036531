import { V } from '@mm/shared';
import { HttpError, fieldError } from './errors';

/** PostgreSQL SQLSTATEs raised by a value the request carried (never by the server's own state). */
const BAD_VALUE_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '54000', // program_limit_exceeded (an index row too large)
]);

interface PgErrorLike {
  code?: string;
  detail?: string;
  cause?: unknown;
}

/** The PostgreSQL error of `err` or of its cause (Drizzle wraps driver errors). */
function pgError(err: unknown): PgErrorLike | undefined {
  for (let e = err as PgErrorLike | undefined, depth = 0; e && depth < 3; e = e.cause as PgErrorLike, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

/**
 * The 4xx answer for a database error caused by the request's data, a last line of defence behind
 * the route schemas: a foreign key to a row that does not exist is 400 naming the column
 * (`validation.unknown_reference`), a row still referenced is 409, a value the column type refuses
 * (out of range, NUL, too long) is 400. Any other error: undefined (the caller answers 500).
 */
export function databaseInputError(err: unknown): HttpError | undefined {
  const pg = pgError(err);
  if (!pg?.code) return undefined;
  if (pg.code === '23503') {
    const column = /^Key \(([a-z_]+)\)=.* is not present/.exec(pg.detail ?? '')?.[1];
    if (column) return fieldError(column, V.unknownReference);
    return new HttpError(409, 'errors.conflict');
  }
  if (BAD_VALUE_CODES.has(pg.code)) return new HttpError(400, 'errors.bad_request');
  return undefined;
}
