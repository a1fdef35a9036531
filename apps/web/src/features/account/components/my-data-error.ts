import { ApiRequestError } from '../../../lib/api-client';

/** The message of a failed My data request: the server's (a field's first), or `fallback` when it could not be reached. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError && err.status > 0
    ? (Object.values(err.body.fields ?? {})[0] ?? err.body.message)
    : fallback;
