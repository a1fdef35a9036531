import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '@mm/shared';
import { ApiRequestError } from './api-client';
import { decodeMessage } from './form-resolver';

/**
 * Translates a react-hook-form error whose message is a `validation.*` key (from the shared zod
 * schemas) with the field's label and the limits the resolver attached, e.g. "City is required.",
 * "Maximum allowed characters are 200".
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: FieldError | undefined, field: string): string | undefined => {
    if (!error?.message) return undefined;
    const { key, values } = decodeMessage(error.message);
    return t(i18nKey(key), { ...values, field: t(`fields.${field}`) });
  };
}

/**
 * Puts an API 400's per-field messages (already translated by the server) on the form's fields.
 * @returns the message to toast when the error is not a field error, else undefined
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fallback: string): string | undefined {
  if (err instanceof ApiRequestError && err.status === 400 && err.body.fields) {
    for (const [field, message] of Object.entries(err.body.fields)) setError(field as Path<T>, { type: 'server', message });
    return undefined;
  }
  if (err instanceof ApiRequestError && err.status > 0) return err.body.message;
  return fallback;
}
