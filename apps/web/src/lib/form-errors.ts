import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessageValues, i18nKey } from '@mm/shared';
import { ApiRequestError } from './api-client';
import { decodeMessage } from './form-message';

/**
 * Translates a react-hook-form error whose message is a `validation.*` key (from the shared zod
 * schemas) with the field's name (`fieldMessageValues`: "Le lieu est obligatoire.") and the limits the
 * resolver attached, e.g. "City is required.", "Maximum allowed characters are 200".
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: FieldError | undefined, field: string): string | undefined => {
    if (!error?.message) return undefined;
    const { key, values } = decodeMessage(error.message);
    return t(i18nKey(key), { ...values, ...fieldMessageValues(t, field) });
  };
}

/**
 * Shows an API error on a form: a 400's per-field messages (already translated by the server) on
 * their fields, any other answer's message, or `fallback` when the server could not be reached, as
 * the form's root error.
 */
export function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  if (err instanceof ApiRequestError && err.status === 400 && err.body.fields) {
    for (const [field, message] of Object.entries(err.body.fields))
      setError(field as Path<T>, { type: 'server', message });
    return;
  }
  setError('root', { message: err instanceof ApiRequestError && err.status > 0 ? err.body.message : fallback });
}
